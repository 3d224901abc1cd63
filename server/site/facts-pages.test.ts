import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import type { PublishedFacts } from "../company/facts-store";
import { manualTimers } from "../../tests/support/manual-timers";
import { recordingLogger } from "../../tests/support/recording-logger";
import { FACTS_POLL_MAX_MS, factsPages } from "./facts-pages";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "collarise-facts-pages-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The poller with a store that answers `current`, timers the test fires, and a log it reads. */
function pollerOf(current: () => PublishedFacts | null, everyMs?: number) {
  const { timers, timeouts, intervals } = manualTimers();
  const log = recordingLogger();
  let asked = 0;
  const poller = factsPages({
    reader: {
      current: async () => {
        asked += 1;
        return current();
      },
    },
    // No page renderer there: a rendering asked for fails, as a broken one would.
    renderDir: join(dir, "page-render"),
    siteDir: join(dir, "client"),
    pagesDir: join(dir, "pages"),
    log: log as unknown as FastifyBaseLogger,
    ...(everyMs ? { everyMs } : {}),
    timers,
  });
  return { poller, timeouts, intervals, log, asked: () => asked };
}

describe("each instance's check for newly published facts", () => {
  it("asks the store at once and then every 30 s at most, and keeps the build's pages while nothing was published", async () => {
    const { poller, timeouts, intervals, log, asked } = pollerOf(() => null, 10 * 60_000);
    poller.start();
    expect([...intervals.values()].map((interval) => interval.ms)).toEqual([FACTS_POLL_MAX_MS]);
    expect([...timeouts.values()].map((timeout) => timeout.ms)).toEqual([0]);

    [...timeouts.values()][0]!.callback();
    await poller.checkNow();
    [...intervals.values()][0]!.callback();
    await poller.checkNow();
    expect(asked()).toBe(2);
    expect(poller.pages.root()).toBe(join(dir, "client"));
    expect(poller.pages.version()).toBeNull();
    expect(log.entries.filter((entry) => entry.level === "error")).toEqual([]);
    await poller.stop();
  });

  it("keeps serving the pages it has when a version cannot be rendered, says so, and tries again at the next check", async () => {
    const published: PublishedFacts = {
      version: 3,
      facts: PLACEHOLDER_FACTS,
      publishedAt: new Date("2030-05-01T04:30:00Z"),
      publishedBy: "owner@example.com",
      restoredFrom: null,
    };
    const { poller, log, asked } = pollerOf(() => published);
    await poller.checkNow();
    await poller.checkNow();
    expect(asked()).toBe(2);
    expect(poller.pages.root()).toBe(join(dir, "client"));
    expect(poller.pages.version()).toBeNull();
    const errors = log.entries.filter((entry) => entry.level === "error");
    expect(errors).toHaveLength(2);
    expect(errors[0]!.message).toMatch(/rendering the pages from the published company facts failed/);
    await poller.stop();
  }, 60_000);
});
