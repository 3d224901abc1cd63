import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

/** Lighthouse's own flags for a headless run on this machine: a new browser process each time. */
export const FRESH_CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--disable-dev-shm-usage",
];
export const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>;

/**
 * One Lighthouse run of `url` with its defaults (mobile, simulated throttling, the performance
 * category) in a FRESH Chromium, as the Lighthouse CLI runs it; `read` takes what the bench needs
 * from the result. Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is
 * run again, up to three times.
 */
export async function lighthouseInFreshChromium<T>(
  url: string,
  read: (result: LighthouseResult) => T | Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const chrome = await chromeLauncher.launch({
      chromePath: CHROME_PATH,
      chromeFlags: FRESH_CHROMIUM_FLAGS,
      logLevel: "error",
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      if (result && !result.lhr.runtimeError) return await read(result);
      if (attempt === 3)
        throw new Error(`Lighthouse: ${result?.lhr.runtimeError?.code ?? "no result"} for ${url}`);
    } finally {
      chrome.kill();
    }
  }
}
