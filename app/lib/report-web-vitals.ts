import type { Metric } from "web-vitals";
import { API_PATHS, PUBLIC_PAGES, type VitalMetric } from "../../domain/contract";

/** Where visitors' browsers send their page-speed measurements. */
export const VITALS_ENDPOINT = API_PATHS.vitals;
/** A User Timing mark set once the measuring has started (for operators and browser tests). */
export const VITALS_READY_MARK = "web-vitals:listening";

export interface VitalsReport {
  page: string;
  metrics: { name: VitalMetric; value: number }[];
}

const measuredPages: ReadonlySet<string> = new Set(PUBLIC_PAGES);

/** Sends the body so that it survives the page being closed: a beacon, or a keepalive fetch. */
function send(body: string) {
  // A string body is sent as text/plain, which a beacon may carry without a preflight.
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(VITALS_ENDPOINT, body)) return;
  void fetch(VITALS_ENDPOINT, {
    method: "POST",
    body,
    keepalive: true,
    headers: { "content-type": "application/json" },
  }).catch(() => {
    // Measurements are best effort: a lost one is not worth troubling the visitor.
  });
}

/**
 * Measures CLS, INP, FCP, LCP and TTFB of this page load and reports them to our server.
 * The measuring library is fetched only once the page has loaded and the browser is idle, so
 * it costs nothing on the critical path (its observers read the buffered entries of the load).
 * Values are batched and sent when the page is hidden (tab switched, closed, navigated away).
 * Returns a function that stops the reporting.
 */
export function reportWebVitals(): () => void {
  if (typeof window === "undefined") return () => {};
  // The page is the one that was loaded: a later in-app navigation belongs to the same load.
  const page = location.pathname;
  if (!measuredPages.has(page)) return () => {};

  let stopped = false;
  const pending = new Map<VitalMetric, number>();

  const flush = () => {
    if (pending.size === 0) return;
    const report: VitalsReport = {
      page,
      metrics: [...pending].map(([name, value]) => ({ name, value })),
    };
    pending.clear();
    send(JSON.stringify(report));
  };

  // Registered on window without capture: the measuring library's own capture listeners
  // report the final CLS and INP first, so they are in this batch.
  const onVisibilityChange = () => {
    if (document.visibilityState === "hidden") flush();
  };
  addEventListener("visibilitychange", onVisibilityChange);
  // A page being left fires pagehide before it turns hidden, and some browsers never turn it
  // hidden: what is ready goes then, and the final CLS and INP follow on visibilitychange.
  addEventListener("pagehide", flush);

  const record = (metric: Metric) => {
    if (!stopped && Number.isFinite(metric.value)) pending.set(metric.name, metric.value);
  };

  const start = () => {
    if (stopped) return;
    import("web-vitals").then(
      ({ onCLS, onINP, onFCP, onLCP, onTTFB }) => {
        if (stopped) return;
        // Every change is recorded (and only the latest value sent): without it, an interaction
        // still waiting for the library's idle-time processing when the page turns hidden
        // would be processed after the final report, and its INP lost.
        const options = { reportAllChanges: true };
        onCLS(record, options);
        onINP(record, options);
        onFCP(record, options);
        onLCP(record, options);
        onTTFB(record, options);
        performance.mark(VITALS_READY_MARK);
      },
      () => {
        // The chunk could not be fetched (offline, a new deployment): nothing to report.
      },
    );
  };

  let cancelStart = () => {};
  const whenIdle = () => {
    if (typeof requestIdleCallback === "function") {
      const handle = requestIdleCallback(start, { timeout: 5_000 });
      cancelStart = () => cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(start, 1_000);
      cancelStart = () => clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });

  return () => {
    stopped = true;
    removeEventListener("load", whenIdle);
    removeEventListener("visibilitychange", onVisibilityChange);
    removeEventListener("pagehide", flush);
    cancelStart();
  };
}
