import { memberLabel } from "../../domain/staff";
import { StatusBadge } from "../components/StatusBadge";
import { BellRing, Download, Keyboard, Reply, Search, SlidersHorizontal, TriangleAlert } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useNavigate, useSearchParams } from "react-router";
import { BUYER_TYPES } from "../../domain/enquiry";
import type { BulkItem, BulkResult } from "../../domain/bulk";
import {
  ADMIN_API_ROUTES,
  ENQUIRY_STATUSES,
  INBOX_POLL_MS,
  SEARCH_MAX_LENGTH,
  UPDATES_SHOWN_MAX,
  type InboxIds,
  type InboxItem,
  type InboxPage,
  type InboxUpdates,
  type OutboxStall,
} from "../../domain/console";
import { isSpam, isWork } from "../../domain/status";
import {
  CLOSED_TOO,
  inboxDefaultSort,
  inboxFiltersOn,
  inboxQueryParams,
  OWNER_NOBODY,
  readInboxQuery,
  SOURCE_FILTER_MAX_LENGTH,
  viewHasClosedToo,
  type InboxQuery,
  type InboxSort,
} from "../../domain/inbox";
import {
  TEAM_API_ROUTES,
  type InboxView,
  type TeamItemFields,
  type TeamMember,
  type ViewCountsPayload,
} from "../../domain/team";
import { apiPath, callApi, errorMessage } from "../api";
import {
  consoleText,
  formatDueShort,
  formatDueTime,
  formatShortTime,
  buyerLabel,
  enquiryText,
  inboxText,
  pageTitle,
  spacedMobile,
  teamText,
  sourceName,
} from "../content";
import { appPaths } from "../paths";
import { rememberInbox, type InboxReturnState } from "../inbox-return";
import { LoadState } from "../components/Notices";
import { BulkBar, BulkOutcome } from "../components/BulkBar";
import { AnswerBadge, DispatchBadge, ReturningBadge } from "../components/InboxMarks";
import { enterActs, ShortcutsDialog, useShortcuts } from "../components/Shortcuts";

const SEARCH_DEBOUNCE_MS = 300;

/** The views pinned above the list, in the order a salesperson reaches for them. */
const PINNED_VIEWS: readonly (InboxView | null)[] = [
  null,
  "mine",
  "waiting",
  "overdue",
  "due-today",
  "unassigned",
];
const VIEW_COUNT_KEYS: Record<InboxView, keyof ViewCountsPayload> = {
  mine: "mine",
  unassigned: "unassigned",
  "due-today": "dueToday",
  overdue: "overdue",
  waiting: "waiting",
};

/** An inbox row with its owner, follow-up and first-contact flag (docs/decisions/022). */
type Row = InboxItem & TeamItemFields;
type Page = Omit<InboxPage, "items"> & { items: Row[] };
/** A change to the filter: a part set to undefined is taken off. */
type QueryChange = { [Key in keyof InboxQuery]?: InboxQuery[Key] | undefined };

/** When the row is due, or late, in full and in a few words, and how urgent it looks. */
function dueOf(row: Row, now: Date): { long: string; short: string; tone: "late" | "due" | "quiet" } | null {
  const both = (iso: string) => [formatDueTime(iso, now), formatDueShort(iso, now)] as const;
  if (row.firstContactLate) return { ...inboxText.due.late, tone: "late" };
  if (row.followUpAt && row.followUpOverdue)
    return { ...inboxText.due.overdue(...both(row.followUpAt)), tone: "late" };
  if (row.followUpAt) return { ...inboxText.due.followUp(...both(row.followUpAt)), tone: "due" };
  if (row.dueAt) return { ...inboxText.due.contactBy(...both(row.dueAt)), tone: "quiet" };
  return null;
}

export function Component() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => readInboxQuery(searchParams), [searchParams]);
  const queryKey = inboxQueryParams(query).toString();
  const sort: InboxSort = query.sort ?? inboxDefaultSort(query.view);

  const [page, setPage] = useState<Page | null>(null);
  const [viewCounts, setViewCounts] = useState<ViewCountsPayload | null>(null);
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [error, setError] = useState("");
  const [loadingMore, setLoadingMore] = useState(false);
  const [newCount, setNewCount] = useState(0);
  const [waitingNew, setWaitingNew] = useState(0);
  const [freshIds, setFreshIds] = useState<ReadonlySet<string>>(new Set());
  const [search, setSearch] = useState(query.q ?? "");
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [current, setCurrent] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<string, BulkItem>>(new Map());
  const [selectNote, setSelectNote] = useState("");
  const [selecting, setSelecting] = useState(false);
  const [outcome, setOutcome] = useState<BulkResult | null>(null);
  const [keysOpen, setKeysOpen] = useState(false);
  const [nextNote, setNextNote] = useState("");
  const [reload, setReload] = useState(0);
  const searchInput = useRef<HTMLInputElement>(null);
  const newestCursor = useRef<string | null>(null);
  const loaded = useRef(false);
  /** Counts the listings read: a poll's marks are older than a listing read after it was sent. */
  const listings = useRef(0);
  /** The listed enquiries the poll asks the marks of: the first UPDATES_SHOWN_MAX. */
  const shownIds = useRef<string[]>([]);
  useEffect(() => {
    shownIds.current = (page?.items ?? []).slice(0, UPDATES_SHOWN_MAX).map((item) => item.id);
  }, [page]);

  /** Changes parts of the filter, keeping the rest: a new history entry, or in place while typing. */
  const setQuery = useCallback(
    (change: QueryChange, options: { replace?: boolean } = {}) => {
      setSearchParams((params) => inboxQueryParams({ ...readInboxQuery(params), ...change } as InboxQuery), {
        replace: options.replace ?? false,
      });
    },
    [setSearchParams],
  );

  useEffect(() => {
    document.title = pageTitle(inboxText.title, newCount);
  }, [newCount]);

  // "← Inbox" and Esc on an enquiry come back to this very list.
  useEffect(() => rememberInbox(queryKey), [queryKey]);

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

  // The search box follows the address (Back, Forward, a link), not the other way while typing.
  const [addressQ, setAddressQ] = useState(query.q ?? "");
  if ((query.q ?? "") !== addressQ) {
    setAddressQ(query.q ?? "");
    if ((query.q ?? "") !== search.trim()) setSearch(query.q ?? "");
  }

  // Search as the person types, once they pause; the address is updated in place.
  useEffect(() => {
    const wanted = search.trim();
    if (wanted === (query.q ?? "")) return;
    const timer = window.setTimeout(
      () => setQuery({ q: wanted || undefined }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => window.clearTimeout(timer);
  }, [search, query.q, setQuery]);

  // A new filter is a new list: what was chosen in the old one is let go.
  const [listKey, setListKey] = useState(queryKey);
  if (listKey !== queryKey) {
    setListKey(queryKey);
    setSelected(new Map());
    setSelectNote("");
    setCurrent(null);
    setWaitingNew(0);
  }

  useEffect(() => {
    const controller = new AbortController();
    Promise.all([
      callApi<Page>(apiPath(ADMIN_API_ROUTES.enquiries, {}, new URLSearchParams(queryKey)), {
        signal: controller.signal,
      }),
      callApi<ViewCountsPayload>(apiPath(TEAM_API_ROUTES.counts), { signal: controller.signal }),
    ]).then(
      ([answer, counts]) => {
        setViewCounts(counts);
        setPage(answer);
        setError("");
        newestCursor.current = answer.newestCursor;
        loaded.current = true;
        listings.current += 1;
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, [queryKey, reload]);

  // New enquiries appear without a reload: the server says which of them this filter shows.
  useEffect(() => {
    let controller: AbortController | undefined;
    const poll = async () => {
      if (!loaded.current) return;
      controller = new AbortController();
      const since = new URLSearchParams(queryKey);
      if (newestCursor.current) since.set("since", newestCursor.current);
      const shown = shownIds.current;
      if (shown.length > 0) since.set("shown", shown.join(","));
      const listing = listings.current;
      try {
        callApi<ViewCountsPayload>(apiPath(TEAM_API_ROUTES.counts), { signal: controller.signal }).then(
          setViewCounts,
          () => undefined,
        );
        const update = await callApi<Omit<InboxUpdates, "items"> & { items: Row[] }>(
          apiPath(ADMIN_API_ROUTES.enquiryUpdates, {}, since),
          { signal: controller.signal },
        );
        if (update.newestCursor) newestCursor.current = update.newestCursor;
        const { counts, outboxStall, unreadAnswers } = update;
        // Marks read before a listing that came back meanwhile are not laid over it.
        const asked = new Set(listing === listings.current ? shown : []);
        setPage((page) => {
          if (!page) return page;
          // A buyer's answer read from the mailbox meanwhile marks its row; one read takes the mark off.
          const remarked = (item: Row) =>
            asked.has(item.id) && (unreadAnswers[item.id] ?? 0) !== (item.unreadAnswers ?? 0);
          const listed = page.items.some(remarked)
            ? page.items.map((item) =>
                remarked(item) ? { ...item, unreadAnswers: unreadAnswers[item.id] ?? 0 } : item,
              )
            : page.items;
          const known = new Set(listed.map((item) => item.id));
          const arrived = update.items.filter((item) => !known.has(item.id));
          // Newest first, they go on top; ordered by due, they wait to be shown in their place.
          if (sort !== "received" || arrived.length === 0)
            return { ...page, items: listed, counts, outboxStall };
          return { ...page, items: [...arrived, ...listed], counts, outboxStall };
        });
        if (update.items.length === 0) return;
        if (sort !== "received") setWaitingNew((count) => count + update.items.length);
        setFreshIds((fresh) => new Set([...fresh, ...update.items.map((item) => item.id)]));
        setNewCount((count) => count + update.items.length);
      } catch {
        // The next poll tries again; a 401 has already asked the person to sign in.
      }
    };
    const timer = window.setInterval(poll, INBOX_POLL_MS);
    return () => {
      window.clearInterval(timer);
      controller?.abort();
    };
  }, [queryKey, sort]);

  useEffect(() => {
    callApi<TeamMember[]>(apiPath(TEAM_API_ROUTES.members)).then(setMembers, () => undefined);
  }, []);

  const loadMore = async () => {
    if (!page?.nextCursor) return;
    setLoadingMore(true);
    const more = new URLSearchParams(queryKey);
    more.set("cursor", page.nextCursor);
    try {
      const answer = await callApi<Pick<Page, "items" | "nextCursor">>(
        apiPath(ADMIN_API_ROUTES.enquiries, {}, more),
      );
      setPage((shown) =>
        shown ? { ...shown, items: [...shown.items, ...answer.items], nextCursor: answer.nextCursor } : shown,
      );
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setLoadingMore(false);
    }
  };

  const rows = useMemo(() => page?.items ?? [], [page]);
  const returnState: InboxReturnState = { inbox: queryKey };

  const toggle = useCallback((row: Row) => {
    setSelectNote("");
    setSelected((chosen) => {
      const next = new Map(chosen);
      if (next.has(row.id)) next.delete(row.id);
      else next.set(row.id, { id: row.id, version: row.version, ownerId: row.ownerId });
      return next;
    });
  }, []);

  const selectShown = (on: boolean) => {
    setSelectNote("");
    setSelected(
      on
        ? new Map(rows.map((row) => [row.id, { id: row.id, version: row.version, ownerId: row.ownerId }]))
        : new Map(),
    );
  };

  const selectAllMatching = async () => {
    setSelecting(true);
    try {
      const all = await callApi<InboxIds>(
        apiPath(ADMIN_API_ROUTES.enquiryIds, {}, new URLSearchParams(queryKey)),
      );
      setSelected(new Map(all.items.map((item) => [item.id, item])));
      setSelectNote(
        all.total > all.items.length
          ? inboxText.moreMatch(all.items.length, all.total - all.items.length)
          : inboxText.allSelected(all.total),
      );
    } catch (caught) {
      setSelectNote(errorMessage(caught));
    } finally {
      setSelecting(false);
    }
  };

  const bulkDone = (result: BulkResult) => {
    setOutcome(result);
    setSelected(new Map());
    setSelectNote("");
    setReload((count) => count + 1);
  };

  /** Moves the list's current row (j, k) and puts the focus on its link. */
  const move = (step: 1 | -1) => {
    if (rows.length === 0) return;
    const index = rows.findIndex((row) => row.id === current);
    const next =
      rows[
        index < 0 ? (step > 0 ? 0 : rows.length - 1) : Math.min(rows.length - 1, Math.max(0, index + step))
      ];
    if (!next) return;
    setCurrent(next.id);
    const link = document.querySelector<HTMLAnchorElement>(`[data-row-link="${CSS.escape(next.id)}"]`);
    link?.focus();
    link?.scrollIntoView({ block: "nearest" });
  };

  /** Opens the enquiry waiting on us that is most due (the Waiting on us view's first), or says none is. */
  const openNextUnanswered = async () => {
    setNextNote("");
    try {
      const next = await callApi<Pick<Page, "items">>(
        apiPath(ADMIN_API_ROUTES.enquiries, {}, new URLSearchParams({ view: "waiting", limit: "1" })),
      );
      const first = next.items[0];
      if (first) navigate(appPaths.enquiry(first.id), { state: returnState });
      else setNextNote(inboxText.nobodyWaiting);
    } catch (caught) {
      setNextNote(errorMessage(caught));
    }
  };

  useShortcuts({
    n: (event) => {
      event.preventDefault();
      void openNextUnanswered();
    },
    "/": (event) => {
      event.preventDefault();
      // On a phone the filters open first, so the search box can take the focus.
      flushSync(() => setFiltersOpen(true));
      searchInput.current?.focus();
      searchInput.current?.select();
    },
    j: () => move(1),
    k: () => move(-1),
    x: () => {
      const row = rows.find((each) => each.id === current);
      if (row) toggle(row);
    },
    Enter: (event) => {
      if (!current || enterActs(event.target)) return;
      event.preventDefault();
      navigate(appPaths.enquiry(current), { state: returnState });
    },
    Escape: () => setFiltersOpen(false),
    "?": (event) => {
      event.preventDefault();
      setKeysOpen(true);
    },
  });

  const filtersOn = inboxFiltersOn(query);
  const total = page ? ENQUIRY_STATUSES.filter(isWork).reduce((sum, each) => sum + page.counts[each], 0) : 0;
  const ownerKnown =
    !query.owner || query.owner === OWNER_NOBODY || members.some((m) => m.id === query.owner);
  const now = new Date();
  const csvLink = apiPath(ADMIN_API_ROUTES.enquiriesCsv, {}, new URLSearchParams(queryKey));
  const allShownSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const sortHeader = (column: InboxSort, label: string) => (
    <th
      scope="col"
      className={`col-${column}`}
      aria-sort={sort === column ? (column === "due" ? "ascending" : "descending") : "none"}
    >
      <button
        type="button"
        className="sort-button"
        aria-label={inboxText.sortBy(label)}
        onClick={() => setQuery({ sort: column })}
      >
        {label}
        <span aria-hidden="true">{sort === column ? (column === "due" ? " ↑" : " ↓") : ""}</span>
      </button>
    </th>
  );

  return (
    <div className="inbox-page">
      <div className="page-head inbox-head">
        <h1>{inboxText.title}</h1>
        <button
          type="button"
          className="button quiet compact next-unanswered narrow-only"
          aria-keyshortcuts="n"
          onClick={() => void openNextUnanswered()}
        >
          <Reply aria-hidden="true" size={16} />
          {inboxText.nextUnanswered}
        </button>
        <div className="views" role="group" aria-label={inboxText.viewsLabel}>
          {PINNED_VIEWS.map((each) => (
            <button
              key={each ?? "all"}
              type="button"
              className="view"
              aria-pressed={(query.view ?? null) === each}
              onClick={() => setQuery({ view: each ?? undefined })}
            >
              {each ? teamText.views[each] : inboxText.all}{" "}
              <span className="count">{each ? (viewCounts?.[VIEW_COUNT_KEYS[each]] ?? 0) : total}</span>
            </button>
          ))}
        </div>
        <div className="inline-actions wide-only">
          <button type="button" className="button quiet compact" onClick={() => setKeysOpen(true)}>
            <Keyboard aria-hidden="true" size={16} />
            {inboxText.keys}
          </button>
          <Link className="button quiet compact" to={appPaths.team}>
            <BellRing aria-hidden="true" size={16} />
            {teamText.settingsLink}
          </Link>
          <a className="button quiet compact" href={csvLink} download>
            <Download aria-hidden="true" size={16} />
            {inboxText.exportCsv}
          </a>
        </div>
        <button
          type="button"
          className="button quiet compact filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls="inbox-filters"
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal aria-hidden="true" size={16} />
          {inboxText.filters}
          {filtersOn > 0 && <span className="badge">{filtersOn}</span>}
          <span className="visually-hidden">, {inboxText.filtersOn(filtersOn)}</span>
        </button>
      </div>

      {page?.outboxStall && <MailStalled stall={page.outboxStall} />}
      <p className="next-note" role="status">
        {nextNote}
      </p>

      <div id="inbox-filters" className="filter-panel" data-open={filtersOpen} role="search">
        <h2 className="visually-hidden">{inboxText.filtersHeading}</h2>
        <div className="field filter-search">
          <label htmlFor="inbox-search">{inboxText.search}</label>
          <span className="search-box">
            <Search aria-hidden="true" size={16} />
            <input
              id="inbox-search"
              ref={searchInput}
              type="search"
              value={search}
              maxLength={SEARCH_MAX_LENGTH}
              placeholder={inboxText.searchPlaceholder}
              aria-keyshortcuts="/"
              onChange={(event) => setSearch(event.target.value)}
              onKeyDown={(event) => {
                // Esc leaves the box for the list's keys (j, k, Enter); the search stays.
                if (event.key === "Escape") {
                  event.preventDefault();
                  event.currentTarget.blur();
                }
              }}
            />
          </span>
        </div>
        {viewHasClosedToo(query.view) && (
          <div className="field field-check">
            <input
              id="inbox-closed"
              type="checkbox"
              checked={query.closed === CLOSED_TOO}
              onChange={(event) => setQuery({ closed: event.target.checked ? CLOSED_TOO : undefined })}
            />
            <label htmlFor="inbox-closed">{inboxText.closedToo}</label>
          </div>
        )}
        <div className="field">
          <label htmlFor="inbox-status">{inboxText.status}</label>
          <select
            id="inbox-status"
            value={query.status ?? ""}
            onChange={(event) =>
              setQuery({ status: (event.target.value || undefined) as InboxQuery["status"] })
            }
          >
            <option value="">{inboxText.anyStatus}</option>
            {ENQUIRY_STATUSES.map((each) => (
              <option key={each} value={each}>
                {each} ({(page?.counts[each] ?? 0).toLocaleString("en-IN")})
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-owner">{inboxText.owner}</label>
          <select
            id="inbox-owner"
            value={query.owner ?? ""}
            onChange={(event) => setQuery({ owner: event.target.value || undefined })}
          >
            <option value="">{inboxText.anyOwner}</option>
            <option value={OWNER_NOBODY}>{teamText.nobody}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {memberLabel(member, new Date())}
              </option>
            ))}
            {!ownerKnown && query.owner && <option value={query.owner}>…</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-buyer">{inboxText.buyer}</label>
          <select
            id="inbox-buyer"
            value={query.buyer ?? ""}
            onChange={(event) =>
              setQuery({ buyer: (event.target.value || undefined) as InboxQuery["buyer"] })
            }
          >
            <option value="">{inboxText.anyBuyer}</option>
            {BUYER_TYPES.map((each) => (
              <option key={each} value={each}>
                {each}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="inbox-source">{inboxText.source}</label>
          <input
            id="inbox-source"
            key={query.source ?? ""}
            type="text"
            defaultValue={query.source ?? ""}
            maxLength={SOURCE_FILTER_MAX_LENGTH}
            placeholder={inboxText.sourcePlaceholder}
            onBlur={(event) => {
              const value = event.target.value.trim();
              if (value !== (query.source ?? "")) setQuery({ source: value || undefined });
            }}
            onKeyDown={(event) => {
              if (event.key === "Enter") setQuery({ source: event.currentTarget.value.trim() || undefined });
            }}
          />
        </div>
        <div className="field narrow-only">
          <label htmlFor="inbox-sort">{inboxText.sort}</label>
          <select
            id="inbox-sort"
            value={sort}
            onChange={(event) => setQuery({ sort: event.target.value as InboxSort })}
          >
            <option value="received">{inboxText.sorts.received}</option>
            <option value="due">{inboxText.sorts.due}</option>
          </select>
        </div>
        <div className="filter-actions">
          {filtersOn > 0 && (
            <button
              type="button"
              className="button quiet compact"
              onClick={() => {
                setSearch("");
                setQuery({
                  closed: undefined,
                  status: undefined,
                  owner: undefined,
                  buyer: undefined,
                  source: undefined,
                  q: undefined,
                });
              }}
            >
              {inboxText.clearFilters}
            </button>
          )}
          <a className="button quiet compact narrow-only" href={csvLink} download>
            <Download aria-hidden="true" size={16} />
            {inboxText.exportCsv}
          </a>
          <Link className="button quiet compact narrow-only" to={appPaths.team}>
            <BellRing aria-hidden="true" size={16} />
            {teamText.settingsLink}
          </Link>
          <button
            type="button"
            className="button primary compact narrow-only"
            onClick={() => setFiltersOpen(false)}
          >
            {inboxText.done}
          </button>
        </div>
      </div>

      {outcome && <BulkOutcome result={outcome} onDismiss={() => setOutcome(null)} />}
      {waitingNew > 0 && (
        <p className="new-waiting">
          <button
            type="button"
            className="button quiet compact"
            onClick={() => setReload((count) => count + 1)}
          >
            {inboxText.newArrived(waitingNew)}
          </button>
        </p>
      )}

      <LoadState error={error} loaded={Boolean(page)} />
      {page && rows.length === 0 && <p className="empty">{consoleText.noEnquiries}</p>}
      {page && rows.length > 0 && (
        <table className="inbox">
          <caption className="visually-hidden">{inboxText.caption(sort)}</caption>
          <thead>
            <tr>
              <th scope="col" className="col-select">
                <input
                  type="checkbox"
                  aria-label={inboxText.selectShown}
                  checked={allShownSelected}
                  onChange={(event) => selectShown(event.target.checked)}
                />
              </th>
              <th scope="col">{inboxText.columns.name}</th>
              <th scope="col" className="col-mobile">
                {inboxText.columns.mobile}
              </th>
              <th scope="col" className="col-number">
                {inboxText.columns.quantity}
              </th>
              <th scope="col">{inboxText.columns.buyer}</th>
              <th scope="col">{inboxText.columns.status}</th>
              {sortHeader("due", inboxText.columns.due)}
              <th scope="col">{inboxText.columns.owner}</th>
              <th scope="col" className="col-source">
                {inboxText.columns.source}
              </th>
              {sortHeader("received", inboxText.columns.received)}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const due = dueOf(row, now);
              const ownerMember = row.ownerId
                ? members.find((member) => member.id === row.ownerId)
                : undefined;
              const owner = ownerMember ? memberLabel(ownerMember, now) : null;
              const classes = [
                freshIds.has(row.id) ? "fresh" : "",
                current === row.id ? "is-current" : "",
                selected.has(row.id) ? "is-selected" : "",
              ].filter(Boolean);
              return (
                <tr key={row.id} className={classes.join(" ") || undefined}>
                  <td className="cell-select">
                    <label className="select-hit">
                      <input
                        type="checkbox"
                        aria-label={inboxText.selectRow(buyerLabel(row), row.reference)}
                        checked={selected.has(row.id)}
                        onChange={() => toggle(row)}
                      />
                    </label>
                  </td>
                  <th scope="row" className="cell-name">
                    <Link
                      to={appPaths.enquiry(row.id)}
                      state={returnState}
                      className="row-link"
                      data-row-link={row.id}
                      title={buyerLabel(row)}
                      onFocus={() => setCurrent(row.id)}
                    >
                      {buyerLabel(row)}
                    </Link>
                    <span className="reference">{row.reference}</span>
                    <AnswerBadge count={row.unreadAnswers} />
                    <ReturningBadge count={row.earlierEnquiries} />
                    <DispatchBadge step={row.dispatchStep} />
                  </th>
                  <td className="cell-mobile">{spacedMobile(row.Mobile)}</td>
                  <td className="cell-quantity">
                    {row.Quantity === null ? enquiryText.notGiven : inboxText.quantity(row.Quantity)}
                  </td>
                  <td className="cell-buyer">{row.RetailerSelfUse ?? enquiryText.notGiven}</td>
                  <td className="cell-status">
                    <StatusBadge status={row.status} />
                    {row.companyNotification === "failing" && !isSpam(row.status) && (
                      <span className="flag flag-late">{inboxText.mailFailing}</span>
                    )}
                  </td>
                  <td
                    className="cell-due"
                    title={[due?.long, row.nextStep].filter(Boolean).join(" · ") || undefined}
                  >
                    {due ? (
                      <span className={`due due-${due.tone}`}>
                        <span className="due-long">{due.long}</span>
                        <span className="due-short">{due.short}</span>
                      </span>
                    ) : (
                      <span className="muted">{inboxText.none}</span>
                    )}
                    {row.nextStep && <span className="next-step">{row.nextStep}</span>}
                  </td>
                  <td className="cell-owner" title={owner ?? undefined}>
                    {row.ownerId ? (
                      ownerMember ? (
                        teamText.ownerShort(ownerMember)
                      ) : (
                        "…"
                      )
                    ) : (
                      <span className="muted">{teamText.nobody}</span>
                    )}
                  </td>
                  <td className="cell-source" title={row.source}>
                    {row.source ? sourceName(row.source) : <span className="muted">{inboxText.none}</span>}
                  </td>
                  <td className="cell-received">
                    <time dateTime={row.receivedAt}>{formatShortTime(row.receivedAt)}</time>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {page?.nextCursor && (
        <p className="more">
          <button type="button" className="button quiet" onClick={loadMore} disabled={loadingMore}>
            {loadingMore ? inboxText.loading : inboxText.loadMore}
          </button>
        </p>
      )}
      {selected.size > 0 && (
        <BulkBar
          selected={selected}
          members={members}
          selectNote={selectNote}
          selecting={selecting}
          onSelectAll={() => void selectAllMatching()}
          onClear={() => selectShown(false)}
          onDone={bulkDone}
        />
      )}
      <ShortcutsDialog open={keysOpen} onClose={() => setKeysOpen(false)} />
    </div>
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
