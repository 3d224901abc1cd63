import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { PAGE_PATHS } from "../domain/contract";

export default [
  index("routes/home.tsx"),
  route(PAGE_PATHS.privacyPolicy.slice(1), "routes/privacy-policy.tsx"),
] satisfies RouteConfig;
