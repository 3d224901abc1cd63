// @vitest-environment happy-dom
import type { Metric } from "web-vitals";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

type Callback = (metric: Metric) => void;
const observers = vi.hoisted(() => ({
  callbacks: new Map<string, (metric: unknown) => void>(),
  options: new Map<string, unknown>(),
}));

vi.mock("web-vitals", () => {
  const observe = (name: string) => (callback: (metric: unknown) => void, options?: unknown) => {
    observers.callbacks.set(name, callback);
    observers.options.set(name, options);
  };
  return {
    onCLS: observe("CLS"),
    onINP: observe("INP"),
    onFCP: observe("FCP"),
    onLCP: observe("LCP"),
    onTTFB: observe("TTFB"),
  };
});

const { reportWebVitals, VITALS_ENDPOINT, VITALS_READY_MARK } = await import("./report-web-vitals");

function measure(name: Metric["name"], value: number) {
  const callback = observers.callbacks.get(name) as Callback | undefined;
  if (!callback) throw new Error(`${name} is not observed`);
  callback({ name, value } as Metric);
}

/** Sets the address of the page under test (happy-dom's own control). */
function visit(url: string) {
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);
}

let visibility: DocumentVisibilityState = "visible";
function hidePage() {
  visibility = "hidden";
  document.dispatchEvent(new Event("visibilitychange", { bubbles: true }));
}

let idleTasks: IdleRequestCallback[] = [];
async function runIdleTasks() {
  const tasks = idleTasks;
  idleTasks = [];
  for (const task of tasks) task({ didTimeout: false, timeRemaining: () => 50 });
  await vi.waitFor(() => expect(performance.getEntriesByName(VITALS_READY_MARK)).toHaveLength(1));
}

let beacons: { url: string; body: string }[];
let stop: () => void = () => {};

beforeEach(() => {
  observers.callbacks.clear();
  observers.options.clear();
  performance.clearMarks();
  visibility = "visible";
  idleTasks = [];
  beacons = [];
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
  vi.stubGlobal("requestIdleCallback", (task: IdleRequestCallback) => idleTasks.push(task));
  vi.stubGlobal("cancelIdleCallback", () => {});
  vi.stubGlobal("navigator", {
    ...navigator,
    sendBeacon: (url: string, body: string) => {
      beacons.push({ url, body });
      return true;
    },
  });
  visit("http://localhost/");
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe("reportWebVitals", () => {
  it("loads the measuring library only once the page is idle", async () => {
    stop = reportWebVitals();
    expect(observers.callbacks.size).toBe(0);
    await runIdleTasks();
    expect([...observers.callbacks.keys()].sort()).toEqual(["CLS", "FCP", "INP", "LCP", "TTFB"]);
    // Every change is recorded, so that an interaction processed late still reaches the last beacon.
    for (const options of observers.options.values()) expect(options).toEqual({ reportAllChanges: true });
  });

  it("sends every metric of the page in one beacon when the page is hidden", async () => {
    stop = reportWebVitals();
    await runIdleTasks();
    measure("TTFB", 42);
    measure("FCP", 310);
    measure("LCP", 480.5);
    measure("INP", 24);
    measure("CLS", 0.002);
    expect(beacons).toEqual([]);

    hidePage();

    expect(beacons).toHaveLength(1);
    expect(beacons[0]?.url).toBe(VITALS_ENDPOINT);
    expect(JSON.parse(beacons[0]?.body ?? "")).toEqual({
      page: "/",
      metrics: [
        { name: "TTFB", value: 42 },
        { name: "FCP", value: 310 },
        { name: "LCP", value: 480.5 },
        { name: "INP", value: 24 },
        { name: "CLS", value: 0.002 },
      ],
    });
  });

  it("sends only what changed since the last beacon, and nothing when nothing did", async () => {
    stop = reportWebVitals();
    await runIdleTasks();
    measure("LCP", 500);
    hidePage();
    hidePage();
    visibility = "visible";
    measure("CLS", 0.05);
    window.dispatchEvent(new Event("pagehide"));

    expect(beacons.map((beacon) => JSON.parse(beacon.body))).toEqual([
      { page: "/", metrics: [{ name: "LCP", value: 500 }] },
      { page: "/", metrics: [{ name: "CLS", value: 0.05 }] },
    ]);
  });

  it("falls back to a keepalive fetch when the browser refuses the beacon", async () => {
    const fetches: { url: string; init: RequestInit | undefined }[] = [];
    vi.stubGlobal("navigator", { ...navigator, sendBeacon: () => false });
    vi.stubGlobal("fetch", async (url: string, init?: RequestInit) => {
      fetches.push({ url, init });
      return new Response(null, { status: 204 });
    });
    visit("http://localhost/privacy-policy");
    stop = reportWebVitals();
    await runIdleTasks();
    measure("FCP", 200);
    hidePage();

    expect(fetches).toHaveLength(1);
    expect(fetches[0]?.url).toBe(VITALS_ENDPOINT);
    expect(fetches[0]?.init).toMatchObject({ method: "POST", keepalive: true });
    expect(JSON.parse(String(fetches[0]?.init?.body))).toEqual({
      page: "/privacy-policy",
      metrics: [{ name: "FCP", value: 200 }],
    });
  });

  it("measures nothing on an address that is not one of the site's pages", () => {
    visit("http://localhost/no-such-page");
    stop = reportWebVitals();
    expect(idleTasks).toHaveLength(0);
    hidePage();
    expect(beacons).toEqual([]);
  });

  it("stops reporting once stopped", async () => {
    stop = reportWebVitals();
    await runIdleTasks();
    measure("LCP", 700);
    stop();
    hidePage();
    expect(beacons).toEqual([]);
  });
});
