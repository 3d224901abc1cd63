/**
 * The details a launch depends on that the build still holds (the site's own address), read from
 * where they are written, each with its file and field. The build writes them beside the compiled
 * server (`<build>/server/launch-content.json`) for `npm run check-launch` and the server's
 * start-up in production, which read nothing from `app/` themselves. The company's own facts
 * (names, addresses, phone, licences, GSTIN, grievance officer, social links, terms) are not
 * here: they are the record an owner publishes on the console's Company page, which the check
 * reads from the store (server/launch/facts-launch.ts).
 */
// The site's content reads the company's facts as it loads: the build's, set first.
import "./facts-for-build";
import { site } from "../app/content/site";
import type { LaunchContent, LaunchFact } from "../server/launch/launch-check";

export const LAUNCH_CONTENT_FILE = "launch-content.json";

export function launchContent(): LaunchContent {
  const facts: LaunchFact[] = [
    { file: "app/content/site.ts", field: "site.url", value: site.url, kind: "url" },
  ];
  return { facts };
}
