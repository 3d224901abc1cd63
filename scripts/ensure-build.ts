/** `npm start` and the operator commands run the production build, building it first when there is none. */
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const buildDir = process.env.BUILD_DIR ?? "build";
const siteDir = process.env.SITE_DIR || `${buildDir}/client`;
const missing = [`${siteDir}/index.html`, `${buildDir}/server/main.js`].filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`No build (${missing.join(", ")} missing): building first.`);
  execSync("npm run build", { stdio: ["ignore", process.stderr, "inherit"] });
}
