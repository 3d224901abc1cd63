import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router";
import { CONSOLE_BASE_PATH } from "../domain/console";
import { Layout, layoutLoader } from "./components/Layout";
import { Loading } from "./components/Notices";
import { RouteError } from "./components/RouteError";
import { SessionDialog } from "./components/SessionDialog";
import "./console.css";
import "./documents.css";
import { CONSOLE_PAGES, pageRoute } from "./page-registry";
import { appPaths } from "./paths";
import { consoleWorker } from "./service-worker-registration";

// Each page is its own chunk, fetched when first opened.
const router = createBrowserRouter(
  [
    { path: appPaths.signIn, lazy: () => import("./pages/SignIn"), errorElement: <RouteError /> },
    { path: appPaths.welcome, lazy: () => import("./pages/Welcome"), errorElement: <RouteError /> },
    {
      id: "layout",
      path: "/",
      loader: layoutLoader,
      Component: Layout,
      errorElement: <RouteError />,
      hydrateFallbackElement: <Loading />,
      children: [...CONSOLE_PAGES.map(pageRoute), { path: "*", lazy: () => import("./pages/NotFound") }],
    },
  ],
  { basename: CONSOLE_BASE_PATH },
);

// Installable, and able to show notifications: the worker keeps the console's shell only.
void consoleWorker();

const root = document.getElementById("console-root");
if (root) {
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
      <SessionDialog />
    </StrictMode>,
  );
}
