import { BellRing, Download, Search, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { BUYER_TYPES } from "../../domain/enquiry";
import { SOURCE_MAX_LENGTHS } from "../../domain/enquiry-source";
import {
  ADMIN_API_ROUTES,
  ENQUIRY_STATUSES,
  type EnquiryStatus,
  INBOX_POLL_MS,
  type InboxItem,
  type InboxPage,
  type OutboxStall,
  SEARCH_MAX_LENGTH,
} from "../../domain/console";
import { apiPath, callApi, errorMessage } from "../api";
import {
  consoleText,
  deliveryLabels,
  filedAsSpamLabel,
  formatShortTime,
  pageTitle,
  teamText,
} from "../content";
import {
  INBOX_VIEWS,
  TEAM_API_ROUTES,
  type InboxView,
  type TeamItemFields,
  type TeamMember,
  type ViewCountsPayload,
} from "../../domain/team";
import { TeamFlags } from "../components/TeamPanel";
import { ReturningBadge } from "../components/ReturningBadge";
import { useStaff } from "../session";

const VIEW_COUNT_KEYS: Record<InboxView, keyof ViewCountsPayload> = {
  mine: "mine",
  unassigned: "unassigned",
  "due-today": "dueToday",
  overdue: "overdue",
};
import { appPaths } from "../paths";
import { LoadState } from "../components/Notices";

const SEARCH_DEBOUNCE_MS = 300;
const FILTER_KEYS = ["status", "buyer", "q", "view", "source"] as const;

/** An inbox row with its owner, follow-up and first-contact flag (docs/decisions/022). */
type InboxRow = InboxItem & TeamItemFields;
type Page = Omit<InboxPage, "items"> & { items: InboxRow[] };

function filterQuery(searchParams: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) {
    const value = searchParams.get(key);
    if (value) query.set(key, value);
  }
  return query;
}

/** Whether an enquiry that just arrived belongs in the list the filter shows. */
function matchesFilter(item: InboxRow, query: URLSearchParams, staffId: string): boolean {
  if (query.has("q")) return false; // the search covers fields the inbox rows do not carry
  const view = query.get("view");
  if (view === "mine") return item.ownerId === staffId;
  if (view === "unassigned") return item.ownerId === null;
  if (view) return false; // due times are the team's, not a new enquiry's
  const status = query.get("status");
  const buyer = query.get("buyer");
  const source = query.get("source")?.toLowerCase();
  return (
    (!status || item.status === status) &&
    (!buyer || item.RetailerSelfUse === buyer) &&
    (!source || item.source?.toLowerCase() === source)
  );
}

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const query = filterQuery(searchParams);
  const queryKey = query.toString();
  const [page, setPage] = useState<Page | null>(null);
  const [viewCounts, setViewCounts] = useState<ViewCountsPayload | null>(null);
  const [members, setMembers] = useState<ReadonlyMap<string, string>>(new Map());
  const staff = useStaff();
  const [error, setError] = useState("");
  const [loadingMore, setLoadingMore] = useState(false);
  const [newCount, setNewCount] = useState(0);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState(searchParams.get("q") ?? "");
  const newestCursor = useRef<string | null>(null);
  const loaded = useRef(false);

  useEffect(() => {
    document.title = pageTitle("Inbox", newCount);
  }, [newCount]);

  // Looking at the inbox again (coming back to the tab, or using it) clears the new count.
  useEffect(() => {
    const seen = () => {
      if (document.visibilityState === "visible") setNewCount(0);
    };
    document.addEventListener("visibilitychange", seen);
    window.addEventListener("pointerdown", seen);
    window.addEventListener("keydown", seen);
    return () => {
      document.removeEventListener("visibilitychange", seen);
      window.removeEventListener("pointerdown", seen);
      window.removeEventListener("keydown", seen);
    };
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    const pageQuery = new URLSearchParams(queryKey);
    Promise.all([
      callApi<Page>(apiPath(ADMIN_API_ROUTES.enquiries, {}, pageQuery), { signal: controller.signal }),
      callApi<ViewCountsPayload>(apiPath(TEAM_API_ROUTES.counts), { signal: controller.signal }),
    ]).then(
      ([answer, counts]) => {
        setViewCounts(counts);
        setPage(answer);
        setError("");
        newestCursor.current = answer.newestCursor;
        loaded.current = true;
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, [queryKey]);

  // New enquiries appear without a reload.
  useEffect(() => {
    let controller: AbortController | undefined;
    const poll = async () => {
      if (!loaded.current) return;
      controller = new AbortController();
      const since = new URLSearchParams();
      if (newestCursor.current) since.set("since", newestCursor.current);
      try {
        callApi<ViewCountsPayload>(apiPath(TEAM_API_ROUTES.counts), { signal: controller.signal }).then(
          setViewCounts,
          () => undefined,
        );
        const update = await callApi<Pick<Page, "items" | "newestCursor" | "counts" | "outboxStall">>(
          apiPath(ADMIN_API_ROUTES.enquiryUpdates, {}, since),
          { signal: controller.signal },
        );
        if (update.newestCursor) newestCursor.current = update.newestCursor;
        const { counts, outboxStall } = update;
        if (update.items.length === 0) {
          setPage((current) => (current ? { ...current, counts, outboxStall } : current));
          return;
        }
        const filter = new URLSearchParams(queryKey);
        setPage((current) => {
          if (!current) return current;
          const known = new Set(current.items.map((item) => item.id));
          const arrived = update.items.filter(
            (item) => !known.has(item.id) && matchesFilter(item, filter, staff.id),
          );
          return { ...current, items: [...arrived, ...current.items], counts, outboxStall };
        });
        setFreshIds((current) => new Set([...current, ...update.items.map((item) => item.id)]));
        setNewCount((count) => count + update.items.length);
      } catch {
        // The next poll tries again; a 401 has already sent the person to sign in.
      }
    };
    const timer = window.setInterval(poll, INBOX_POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller?.abort();
    };
  }, [queryKey, staff.id]);

  useEffect(() => {
    callApi<TeamMember[]>(apiPath(TEAM_API_ROUTES.members)).then(
      (team) => setMembers(new Map(team.map((member) => [member.id, member.email]))),
      () => undefined,
    );
  }, []);

  // Search as the person types, once they pause.
  useEffect(() => {
    const current = searchParams.get("q") ?? "";
    if (search.trim() === current) return;
    const timer = window.setTimeout(() => {
      setSearchParams(
        (params) => {
          if (search.trim()) params.set("q", search.trim());
          else params.delete("q");
          return params;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, searchParams, setSearchParams]);

  const setFilter = useCallback(
    (key: "status" | "buyer" | "view" | "source", value: string | null) => {
      setSearchParams((params) => {
        // A team view lists on its own; a status or buyer filter leaves it.
        if (key === "view") {
          for (const other of FILTER_KEYS) params.delete(other);
          setSearch("");
        } else params.delete("view");
        if (value) params.set(key, value);
        else params.delete(key);
        return params;
      });
    },
    [setSearchParams, setSearch],
  );

  const loadMore = async () => {
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    const more = new URLSearchParams(queryKey);
    more.set("cursor", page.nextCursor);
    try {
      const answer = await callApi<Pick<Page, "items" | "nextCursor">>(
        apiPath(ADMIN_API_ROUTES.enquiries, {}, more),
      );
      setPage((current) =>
        current
          ? { ...current, items: [...current.items, ...answer.items], nextCursor: answer.nextCursor }
          : current,
      );
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setLoadingMore(false);
    }
  };

  const status = searchParams.get("status");
  const view = searchParams.get("view");
  const buyer = searchParams.get("buyer");
  const source = searchParams.get("source");
  // All is the team's work: spam is never in it (its own filter shows it).
  const total = page
    ? ENQUIRY_STATUSES.filter((each) => each !== "Spam").reduce((sum, each) => sum + page.counts[each], 0)
    : 0;

  return (
    <>
      <div className="page-head">
        <h1>Inbox</h1>
        <div className="inline-actions">
          <Link className="button quiet" to={appPaths.team}>
            <BellRing aria-hidden="true" size={18} />
            {teamText.settingsLink}
          </Link>
          <a className="button quiet" href={apiPath(ADMIN_API_ROUTES.enquiriesCsv, {}, query)} download>
            <Download aria-hidden="true" size={18} />
            Export CSV
          </a>
        </div>
      </div>

      {page?.outboxStall && <MailStalled stall={page.outboxStall} />}

      <div className="chips team-views" role="group" aria-label={teamText.viewsLabel}>
        {INBOX_VIEWS.map((each) => (
          <button
            key={each}
            type="button"
            className={`chip chip-${each}`}
            aria-pressed={view === each}
            onClick={() => setFilter("view", view === each ? null : each)}
          >
            {teamText.views[each]} <span className="count">{viewCounts?.[VIEW_COUNT_KEYS[each]] ?? 0}</span>
          </button>
        ))}
      </div>

      <div className="chips" role="group" aria-label="Filter by status">
        <button
          type="button"
          className="chip"
          aria-pressed={!status && !view}
          onClick={() => setFilter("status", null)}
        >
          All <span className="count">{total}</span>
        </button>
        {ENQUIRY_STATUSES.map((each: EnquiryStatus) => (
          <button
            key={each}
            type="button"
            className="chip"
            aria-pressed={status === each}
            onClick={() => setFilter("status", each)}
          >
            {each} <span className="count">{page?.counts[each] ?? 0}</span>
          </button>
        ))}
      </div>

      <div className="filters">
        <label className="field inline">
          <span>Buyer</span>
          <select value={buyer ?? ""} onChange={(event) => setFilter("buyer", event.target.value || null)}>
            <option value="">Retailer and Self Use</option>
            {BUYER_TYPES.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </label>
        <label className="field inline">
          <span>{consoleText.sourceFilter}</span>
          <input
            key={source ?? ""}
            type="text"
            defaultValue={source ?? ""}
            maxLength={SOURCE_MAX_LENGTHS.referrerHost}
            placeholder={consoleText.sourcePlaceholder}
            onBlur={(event) => setFilter("source", event.target.value.trim() || null)}
            onKeyDown={(event) => {
              if (event.key === "Enter") setFilter("source", event.currentTarget.value.trim() || null);
            }}
          />
        </label>
        <label className="field inline search">
          <span>Search</span>
          <span className="search-box">
            <Search aria-hidden="true" size={18} />
            <input
              type="search"
              value={search}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder="Name, e-mail or mobile"
              onChange={(event) => setSearch(event.target.value)}
            />
          </span>
        </label>
      </div>

      <LoadState error={error} loaded={Boolean(page)} />
      {page && page.items.length === 0 && <p className="empty">{consoleText.noEnquiries}</p>}
      {page && page.items.length > 0 && (
        <table className="inbox">
          <caption className="visually-hidden">Enquiries, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Received</th>
              <th scope="col">Name</th>
              <th scope="col">Quantity</th>
              <th scope="col">Buyer</th>
              <th scope="col">Status</th>
              <th scope="col">{teamText.ownerColumn}</th>
              <th scope="col">Source</th>
              <th scope="col">Company&rsquo;s e-mail</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((item) => (
              <tr key={item.id} className={freshIds.has(item.id) ? "fresh" : undefined}>
                <td data-label="Received">
                  <time dateTime={item.receivedAt}>{formatShortTime(item.receivedAt)}</time>
                </td>
                <th scope="row" data-label="Name">
                  <Link to={appPaths.enquiry(item.id)}>{item.Name}</Link>
                  <span className="reference">{item.reference}</span>
                  <ReturningBadge count={item.earlierEnquiries} />
                  {(item.firstContactLate || item.followUpAt) && (
                    <span className="team-line">
                      <TeamFlags team={item} />
                      {item.nextStep && <span className="next-step">{item.nextStep}</span>}
                    </span>
                  )}
                </th>
                <td data-label="Quantity">{item.Quantity.toLocaleString("en-IN")}</td>
                <td data-label="Buyer">{item.RetailerSelfUse}</td>
                <td data-label="Status">
                  <span className={`status status-${item.status.toLowerCase()}`}>{item.status}</span>
                </td>
                <td data-label={teamText.ownerColumn}>
                  {item.ownerId ? teamText.ownerShort(members.get(item.ownerId) ?? "…") : teamText.nobody}
                </td>
                <td data-label="Source">{item.source ?? consoleText.sourceUnknown}</td>
                <td data-label="Company's e-mail">
                  {item.status === "Spam" && item.companyNotification !== "sent" ? (
                    <span className="delivery delivery-spam">{filedAsSpamLabel}</span>
                  ) : (
                    <span className={`delivery delivery-${item.companyNotification}`}>
                      {deliveryLabels[item.companyNotification]}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {page?.nextCursor && (
        <p className="more">
          <button type="button" className="button quiet" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? "Loading…" : "Load more"}
          </button>
        </p>
      )}
    </>
  );
}

/** Shown while mail waits in the outbox past OUTBOX_ALERT_MINUTES; gone once it goes out. */
function MailStalled({ stall }: { stall: OutboxStall }) {
  return (
    <div className="notice error mail-stalled" role="alert">
      <TriangleAlert aria-hidden="true" size={20} />
      <p>
        <strong>{consoleText.mailStalledTitle}</strong>{" "}
        {consoleText.mailStalled(stall.waiting, formatShortTime(stall.oldestWaitingSince))}
      </p>
    </div>
  );
}
