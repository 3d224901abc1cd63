import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enquiryReference } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { buyerMail, startDovecot } from "../support/dovecot";
import { unusedPort } from "../support/mail-sink";
import { projectRoot, startServer, type ListeningServer } from "../support/server-process";
import { NO_ENVIRONMENT_FILE } from "../support/operator-environment";

const run = promisify(execFile);
const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");

/**
 * Production as docs/deployment.md describes it: a checkout with the build made beforehand and
 * `npm ci --omit=dev`; no development dependency is installed, and the compiled
 * server serves the site, the API and the console from it.
 */
describe("a production install without development dependencies", () => {
  let deployDir: string;
  let server: ListeningServer | undefined;

  beforeAll(async () => {
    await stat(join(buildDir, "server/main.js")).catch(() => {
      throw new Error(`No build in ${buildDir}: run npm run build first (npm test does).`);
    });
    deployDir = await mkdtemp(join(tmpdir(), "collarise-production-"));
    // A checkout of the project (its tracked files, as they are now), as docs/deployment.md has it.
    const { stdout: tracked } = await run(
      "git",
      ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
      {
        cwd: projectRoot,
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    for (const file of tracked.split("\0").filter(Boolean)) {
      await cp(join(projectRoot, file), join(deployDir, file)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== "ENOENT") throw error; // deleted in the working tree
      });
    }
    await cp(buildDir, join(deployDir, "build"), { recursive: true });
    await run("npm", ["ci", "--omit=dev", "--no-audit", "--no-fund", "--prefer-offline"], {
      cwd: deployDir,
      env: process.env,
      maxBuffer: 16 * 1024 * 1024,
    });
  }, 600_000);

  afterAll(async () => {
    await server?.stop();
    if (deployDir) await rm(deployDir, { recursive: true, force: true });
  });

  it("installs the dependencies and none of the development ones", async () => {
    const manifest = JSON.parse(await readFile(join(projectRoot, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    const present = async (name: string) =>
      stat(join(deployDir, "node_modules", name)).then(
        () => true,
        () => false,
      );
    for (const name of Object.keys(manifest.dependencies)) expect(await present(name), name).toBe(true);
    // A development dependency may still be installed as another package's dependency; these are not.
    for (const name of ["vite", "vitest", "tsx", "@playwright/test", "lighthouse", "eslint"]) {
      expect(await present(name), name).toBe(false);
    }
  });

  it("serves both pages, the console and the API, and stores an enquiry", async () => {
    const port = String(await unusedPort());
    const baseUrl = `http://127.0.0.1:${port}`;
    server = await startServer(
      { NODE_ENV: "production", PORT: port, PUBLIC_URL: baseUrl, LOG_LEVEL: "warn" },
      { buildDir: join(deployDir, "build"), cwd: deployDir },
    );

    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Collarise");
    expect((await fetch(`${baseUrl}/privacy-policy`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/admin`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/no-such-page`)).status).toBe(404);

    const enquiry = await fetch(`${baseUrl}${API_PATHS.enquiries}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        Name: "Asha Verma",
        Email: "asha.verma@example.in",
        Mobile: "9876543210",
        Quantity: 2,
        RetailerSelfUse: "Retailer",
      }),
    });
    expect(enquiry.status).toBe(201);
    // The default database is created in the deployment's own folder.
    await stat(join(deployDir, "data/site.db"));
    // In production the server names what still stands between it and its launch (npm run check-launch).
    const warnings = server.output().stdout;
    expect(warnings).toContain(
      "not ready to launch: is still the placeholder 'Sanvera Healthcare Pvt. Ltd.'",
    );
    expect(warnings).toContain('"field":"BACKUP_INTERVAL_HOURS"');
  });

  it("reads a buyer's answer from the mailbox on the compiled parser's own thread", async () => {
    const dovecot = await startDovecot();
    const port = String(await unusedPort());
    const baseUrl = `http://127.0.0.1:${port}`;
    const reader = await startServer(
      {
        NODE_ENV: "production",
        PORT: port,
        PUBLIC_URL: baseUrl,
        LOG_LEVEL: "warn",
        DATABASE_URL: `sqlite:${join(deployDir, "data/mailbox.db")}`,
        MAIL_FROM: "sales@collarise.example",
        IMAP_URL: dovecot.imapUrl,
        IMAP_POLL_SECONDS: "1",
      },
      { buildDir: join(deployDir, "build"), cwd: deployDir },
    );
    try {
      const enquiry = await fetch(`${baseUrl}${API_PATHS.enquiries}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          Name: "Meera Iyer",
          Email: "meera.iyer@mail.example",
          Mobile: "9876501234",
          Quantity: 60,
          RetailerSelfUse: "Retailer",
        }),
      });
      expect(enquiry.status).toBe(201);
      const { id } = (await enquiry.json()) as { id: string };
      await dovecot.deliver(
        buyerMail(
          {
            From: "meera.iyer@mail.example",
            To: "sales@collarise.example",
            Subject: `Re: Your enquiry [${enquiryReference(id)}]`,
            "Message-ID": "<production-answer@mail.example>",
          },
          "Sixty sachets, please.",
        ),
      );
      const stored = async () =>
        (await (await fetch(`${baseUrl}/metrics`)).text()).includes(
          "collarise_mailbox_answers_stored_total 1",
        );
      const deadline = Date.now() + 60_000;
      while (!(await stored())) {
        if (Date.now() > deadline) throw new Error(`The answer was not stored:\n${reader.output().stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    } finally {
      await reader.stop();
      await dovecot.stop();
    }
  });

  it("runs the operator commands, which need no development dependency either", async () => {
    const { stdout } = await run("npm", ["run", "--silent", "export", "--", "enquiries", "--format", "csv"], {
      cwd: deployDir,
      env: {
        ...process.env,
        COLLARISE_ENV_FILE: NO_ENVIRONMENT_FILE,
        DATABASE_URL: `sqlite:${join(deployDir, "data/operator.db")}`,
      },
    });
    expect(stdout.split("\n")[0]).toContain("Name");
  });
});

describe("the systemd units in deploy/", () => {
  it("pass systemd's own check", async () => {
    const units = ["collarise.service", "collarise@3001.service"];
    const { stderr } = await run("systemd-analyze", ["verify", ...units], {
      cwd: join(projectRoot, "deploy"),
    });
    expect(stderr).toBe("");
  });
});
