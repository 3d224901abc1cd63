/** `npm start` serves the production build, building it first when there is none. */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const siteDir = process.env.SITE_DIR || `${process.env.BUILD_DIR ?? "build"}/client`;
if (!existsSync(`${siteDir}/index.html`)) {
  console.log(`No build in ${siteDir}: building the site first.`);
  execSync("npm run build", { stdio: "inherit" });
}
