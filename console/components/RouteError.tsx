import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { errorMessage } from "../api";
import { appPaths } from "../paths";

/** What a page shows when its code or its data could not be loaded. */
export function RouteError() {
  const error = useRouteError();
  const message = isRouteErrorResponse(error) ? error.statusText : errorMessage(error);
  return (
    <main id="main" className="page narrow">
      <h1>Something went wrong</h1>
      <p role="alert">{message}</p>
      <p>
        <Link to={appPaths.inbox}>Back to the inbox</Link>
      </p>
    </main>
  );
}
