import type { PageKey } from "../../domain/contract";
import { SiteHeaderView } from "../components/site-header";

/** The header: its menu on a phone. */
export function render({ page }: { page: PageKey }) {
  return <SiteHeaderView page={page} />;
}
