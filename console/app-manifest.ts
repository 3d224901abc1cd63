/**
 * The console's web app manifest (served at CONSOLE_APP.manifest, written by the build): what a
 * phone shows when the console is added to its home screen. The icons are the site's own.
 */
import { CONSOLE_APP } from "../domain/console-app";
import { CONSOLE_TITLE } from "./content";

export const consoleManifest = {
  id: CONSOLE_APP.scope,
  name: CONSOLE_TITLE,
  short_name: "Enquiries",
  description:
    "Work the order enquiries of the Collarise site: the inbox, each buyer, follow-ups and reminders.",
  lang: "en-IN",
  start_url: CONSOLE_APP.scope,
  scope: CONSOLE_APP.scope,
  display: "standalone",
  background_color: "#ffffff",
  theme_color: "#fbf6ef",
  icons: [
    { src: "/icon-192.png", type: "image/png", sizes: "192x192", purpose: "any" },
    { src: "/icon-512.png", type: "image/png", sizes: "512x512", purpose: "any" },
    { src: "/icon.svg", type: "image/svg+xml", sizes: "any", purpose: "any" },
  ],
} as const;
