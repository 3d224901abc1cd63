import { LandingPage } from "../pages/landing-page";
import { pages } from "../content/site";
import { pageMeta } from "../lib/seo";

export const meta = () => pageMeta(pages.home);

export default function HomeRoute() {
  return <LandingPage />;
}
