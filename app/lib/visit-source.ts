import {
  type EnquirySource,
  SOURCE_MAX_LENGTHS,
  SOURCE_STORAGE_KEY,
  type SourcePart,
  UTM_PARAMETERS,
} from "../../domain/enquiry-source";

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F-\u009F]/g;

/** Trimmed, without control characters and within its length: what the API takes, so no visitor is refused for it. */
function clean(part: SourcePart, value: string | null): string | undefined {
  const text = value?.replace(CONTROL_CHARACTERS, "").trim().slice(0, SOURCE_MAX_LENGTHS[part]);
  return text || undefined;
}

/**
 * Keeps, for this visit only (session storage, no cookie), where the visitor came from: the
 * landing URL's utm_source, utm_medium and utm_campaign, the referring site's host and the
 * landing path. The first page of the visit wins. A page's first use of its session storage waits
 * on the browser process (the storage is read from there), which on a busy phone is a long task:
 * the pages call this in idle time once the visitor is there, or as the page is left
 * (app/islands/page.ts), and `visitSource` calls it first, so that an enquiry sent sooner still
 * carries the landing page's source.
 */
export function rememberVisitSource(): void {
  try {
    if (sessionStorage.getItem(SOURCE_STORAGE_KEY) !== null) return;
    const query = new URLSearchParams(location.search);
    const source: EnquirySource = {};
    for (const [part, parameter] of Object.entries(UTM_PARAMETERS) as [SourcePart, string][]) {
      const value = clean(part, query.get(parameter));
      if (value) source[part] = value;
    }
    const referrer = document.referrer ? new URL(document.referrer).hostname : "";
    if (referrer && referrer !== location.hostname) source.referrerHost = clean("referrerHost", referrer);
    source.landingPath = clean("landingPath", location.pathname);
    sessionStorage.setItem(SOURCE_STORAGE_KEY, JSON.stringify(source));
  } catch {
    // Storage turned off, or a referrer that is not a URL: the enquiry goes without a source.
  }
}

/** The visit's source, as kept by rememberVisitSource; undefined when none was kept. */
export function visitSource(): EnquirySource | undefined {
  rememberVisitSource();
  try {
    const kept = sessionStorage.getItem(SOURCE_STORAGE_KEY);
    return kept ? (JSON.parse(kept) as EnquirySource) : undefined;
  } catch {
    return undefined;
  }
}
