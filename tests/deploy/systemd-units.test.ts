import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { UNITS_ENVIRONMENT_FILE } from "../../server/environment-file";

const deployDir = fileURLToPath(new URL("../../deploy", import.meta.url));

/** The `[Service]` section's settings of a unit file, as systemd reads them (the last one wins). */
async function serviceSettings(unit: string): Promise<Map<string, string>> {
  const text = await readFile(resolve(deployDir, unit), "utf8");
  const settings = new Map<string, string>();
  let section = "";
  for (const line of text.split("\n").map((each) => each.trim())) {
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) section = header[1]!;
    else if (section === "Service") {
      const at = line.indexOf("=");
      settings.set(line.slice(0, at).trim(), line.slice(at + 1).trim());
    }
  }
  return settings;
}

describe("the systemd units in deploy/", () => {
  for (const unit of ["collarise.service", "collarise@.service"]) {
    it(`${unit} makes every file the server writes its account's alone (UMask=0077)`, async () => {
      const settings = await serviceSettings(unit);
      expect(settings.get("UMask")).toBe("0077");
      expect(settings.get("User")).toBe("collarise");
    });

    it(`${unit} reads the environment file the operator commands read by default`, async () => {
      const settings = await serviceSettings(unit);
      expect(settings.get("EnvironmentFile")).toBe(UNITS_ENVIRONMENT_FILE);
    });
  }
});
