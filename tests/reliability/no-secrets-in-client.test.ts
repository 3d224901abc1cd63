import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { product } from "../../app/content/site";
import { buildSite } from "./support/build-site";

/** Distinct, unguessable values, so that a match can only be a leak of this very value. */
const tag = randomBytes(6).toString("hex");
const secrets = {
  smtpPassword: `S3cretSmtpPass${tag}`,
  emailjsPrivateKey: `emailjs-private-${tag}`,
  credentialsPath: `/etc/collarise/service-account-${tag}.json`,
  serviceAccountKey: `-----BEGIN PRIVATE KEY-----MIIEv${tag}`,
} as const;

const serverEnvironment = {
  SMTP_URL: `smtp://orders:${secrets.smtpPassword}@smtp.example.com:587`,
  EMAILJS_SERVICE_ID: "service_collarise",
  EMAILJS_TEMPLATE_ID: "template_enquiry",
  EMAILJS_PUBLIC_KEY: "public-key-collarise",
  EMAILJS_PRIVATE_KEY: secrets.emailjsPrivateKey,
  GOOGLE_APPLICATION_CREDENTIALS: secrets.credentialsPath,
  FIREBASE_PRIVATE_KEY: secrets.serviceAccountKey,
};
// The same values under Vite's public prefix: even these must not reach the browser,
// because no client code may read them.
const viteEnvironment = Object.fromEntries(
  Object.entries(serverEnvironment).map(([name, value]) => [`VITE_${name}`, value]),
);

/** Every file under `dir`. The build folder links to node_modules for prerendering: a link is not followed. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** A file's bytes as the browser receives them once decoded (precompressed copies unpacked). */
async function decodedText(path: string): Promise<string> {
  const data = await readFile(path);
  if (path.endsWith(".br")) return brotliDecompressSync(data).toString("latin1");
  if (path.endsWith(".gz")) return gunzipSync(data).toString("latin1");
  return data.toString("latin1");
}

let buildDir: string;
let clientDir: string;
let files: { path: string; text: string }[] = [];

beforeAll(async () => {
  buildDir = await mkdtemp(join(tmpdir(), "collarise-secrets-build-"));
  clientDir = await buildSite(buildDir, { ...serverEnvironment, ...viteEnvironment });
  for (const path of await filesUnder(buildDir)) {
    files.push({ path: relative(buildDir, path), text: await decodedText(path) });
  }
}, 180_000);

afterAll(async () => {
  files = [];
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

describe("a build made with the server's secrets in its environment", () => {
  it("is a complete site, read file by file", () => {
    const names = files.map((file) => file.path);
    expect(names).toContain("client/index.html");
    expect(names).toContain("client/privacy-policy/index.html");
    expect(names.some((name) => /^client\/assets\/.+\.js\.br$/.test(name))).toBe(true);
    // The search reads the text the browser gets: the product's name is in the home page.
    const home = files.find((file) => file.path === "client/index.html");
    expect(home?.text).toContain(product.name);
    expect(clientDir.startsWith(buildDir)).toBe(true);
  });

  it.each(Object.entries(secrets))("holds no trace of the %s in any file", (_name, secret) => {
    const leaks = files.filter((file) => file.text.includes(secret)).map((file) => file.path);
    expect(leaks).toEqual([]);
  });

  it("holds none of the secret variables' names either", () => {
    const names = [...Object.keys(serverEnvironment), ...Object.keys(viteEnvironment)].filter((name) =>
      /PASS|PRIVATE|CREDENTIALS|SMTP_URL/.test(name),
    );
    const leaks = files.flatMap((file) =>
      names.filter((name) => file.text.includes(name)).map((name) => `${file.path}: ${name}`),
    );
    expect(leaks).toEqual([]);
  });
});
