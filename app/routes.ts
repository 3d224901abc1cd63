import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { HINDI_PAGE_PATHS, PAGE_PATHS } from "../domain/contract";

export default [
  index("routes/home.tsx"),
  route(PAGE_PATHS.privacyPolicy.slice(1), "routes/privacy-policy.tsx"),
  route(HINDI_PAGE_PATHS.home.slice(1), "routes/hi/home.tsx"),
  route(HINDI_PAGE_PATHS.privacyPolicy.slice(1), "routes/hi/privacy-policy.tsx"),
] satisfies RouteConfig;
