/**
 * The SQLite database on a small disk of its own (a 4 MiB tmpfs, as in the operator's review of
 * 28 November 2026) that fills up: enquiries are refused with a clear 503 and nothing answered 201
 * is lost; `/readyz` and `/metrics` say the store cannot write; once space is freed the instance is
 * ready again by itself, before any enquiry has been stored, and the next enquiry is stored.
 * Mounting needs root: the test is skipped otherwise.
 */
import { execFileSync } from "node:child_process";
import { closeSync, openSync, writeSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it, onTestFinished } from "vitest";
import { enquiryMessages } from "../../domain/enquiry";
import { healthMessages } from "../../server/routes/health";
import { WRITABLE_MIN_FREE_BYTES } from "../../server/ops/store-writability";
import { retailersEnquiry } from "../support/enquiry-bodies";
import { buildTestApp, type TestApp } from "../support/test-app";

const DISK_BYTES = 4 * 1024 * 1024;
const isRoot = process.getuid?.() === 0;

/** A distinct buyer each time, so no enquiry is held back as a repeat of another. */
function enquiryNumber(n: number) {
  return {
    ...retailersEnquiry,
    Name: `Buyer Number ${n}`,
    Email: `buyer${n}@example.in`,
    Mobile: `98765${String(43210 + n).padStart(5, "0")}`,
  };
}

/** Writes a file until the disk refuses a single byte more; bounded by the disk's size. */
function fillDisk(path: string) {
  const file = openSync(path, "w");
  try {
    for (const size of [64 * 1024, 4096, 512, 1]) {
      const chunk = Buffer.alloc(size);
      for (let written = 0; written <= DISK_BYTES; written += size) {
        try {
          writeSync(file, chunk);
        } catch (error) {
          if ((error as { code?: string }).code !== "ENOSPC") throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(file);
  }
}

/** One sample's value from a scrape, by its name as written. */
function sample(text: string, name: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${name} `));
  return line === undefined ? undefined : Number(line.slice(name.length + 1));
}

it.skipIf(!isRoot)(
  "a full disk: enquiries answer 503 and /readyz says the store cannot write; freed, it is ready again before any write and stores the next",
  async () => {
    const disk = await mkdtemp(join(tmpdir(), "collarise-small-disk-"));
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${DISK_BYTES}`, "tmpfs", disk]);
    // Closed before the disk is unmounted, even when the test fails half-way.
    const opened: { t?: TestApp } = {};
    onTestFinished(async () => {
      await opened.t?.close();
      execFileSync("umount", [disk]);
      await rm(disk, { recursive: true, force: true });
    });
    opened.t = await buildTestApp(
      { DATABASE_URL: `sqlite:${join(disk, "data", "site.db")}`, RATE_LIMIT_PER_MINUTE: "1000" },
      // Every readiness check probes a store that cannot write, so each answer below reflects a probe.
      { readiness: { writeProbeEveryMs: 0 } },
    );
    const app = opened.t.app;
    let sent = 0;
    const post = () =>
      app.inject({
        method: "POST",
        url: "/api/enquiries",
        payload: enquiryNumber(++sent),
        remoteAddress: "203.0.113.7",
      });
    const readyz = () => app.inject({ method: "GET", url: "/readyz" });
    const metrics = async () => (await app.inject({ method: "GET", url: "/metrics" })).body;
    const acknowledged: string[] = [];

    const first = await post();
    expect(first.statusCode).toBe(201);
    acknowledged.push(first.json<{ id: string }>().id);
    expect((await readyz()).statusCode).toBe(200);
    const before = await metrics();
    expect(sample(before, "collarise_store_writable")).toBe(1);
    expect(sample(before, "collarise_data_disk_size_bytes")).toBe(DISK_BYTES);
    expect(sample(before, "collarise_data_disk_free_bytes")).toBeGreaterThan(WRITABLE_MIN_FREE_BYTES);

    fillDisk(join(disk, "filler"));
    // SQLite may still fit an enquiry in room its log already holds; each answered 201 must be
    // stored. The disk is a few MiB: it refuses one within a handful.
    let refused;
    for (let attempt = 0; attempt < 20 && !refused; attempt++) {
      const response = await post();
      if (response.statusCode === 201) acknowledged.push(response.json<{ id: string }>().id);
      else refused = response;
    }
    expect(refused?.statusCode).toBe(503);
    expect(refused?.json()).toEqual({ error: enquiryMessages.notStored });
    expect(Number(refused?.headers["retry-after"])).toBeGreaterThan(0);

    // Not ready, by name, however often it is asked: each check's probe finds no room.
    for (let check = 0; check < 3; check++) {
      const notReady = await readyz();
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toMatchObject({
        status: "not ready",
        reasons: ["the store cannot write (disk full, read-only or failing)"],
        checks: { store: "cannot write", writable: false },
      });
    }
    const health = await app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ error: healthMessages.cannotWrite });
    const full = await metrics();
    expect(sample(full, "collarise_store_writable")).toBe(0);
    expect(sample(full, "collarise_ready")).toBe(0);
    expect(sample(full, "collarise_data_disk_free_bytes")).toBeLessThan(WRITABLE_MIN_FREE_BYTES);
    expect(
      // The form's intake is a change of the work layer: its failures count under `work`.
      sample(full, 'collarise_store_errors_total{concern="work",kind="unavailable"}'),
    ).toBeGreaterThanOrEqual(1);
    // Another refusal while full, as a second visitor would get.
    expect((await post()).statusCode).toBe(503);

    // Space freed: the next readiness check's probe write succeeds, before any enquiry is sent.
    await rm(join(disk, "filler"));
    const storedBefore = (await app.store.enquiries.list()).length;
    const ready = await readyz();
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: "ready", checks: { store: "ok", writable: true } });
    expect((await app.store.enquiries.list()).length).toBe(storedBefore);
    expect(sample(await metrics(), "collarise_store_writable")).toBe(1);

    const after = await post();
    expect(after.statusCode).toBe(201);
    acknowledged.push(after.json<{ id: string }>().id);
    // Every enquiry answered 201 is stored, and none that was refused.
    const stored = await app.store.enquiries.list();
    expect(stored.map((enquiry) => enquiry.id)).toEqual(acknowledged);
  },
  60_000,
);
