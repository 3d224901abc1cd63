import { useEffect, useState } from "react";
import { ADMIN_API_ROUTES, consoleMessages, SEARCH_MAX_LENGTH } from "../../domain/console";
import { apiPath, callApi, errorMessage } from "../api";
import { consoleText, formatFullTime, pageTitle } from "../content";
import { useFlash } from "../session";
import { EmailAddress } from "../components/EmailAddress";
import { LoadState } from "../components/Notices";

interface Subscriber {
  id: string;
  email: string;
  subscribedAt: string;
}
interface SubscriberPage {
  items: Subscriber[];
  nextCursor: string | null;
}

const SEARCH_DEBOUNCE_MS = 300;

export function Component() {
  const flash = useFlash();
  const [search, setSearch] = useState("");
  const [q, setQ] = useState("");
  const [page, setPage] = useState<SubscriberPage | null>(null);
  const [error, setError] = useState("");
  const [confirming, setConfirming] = useState<string | null>(null);

  useEffect(() => {
    document.title = pageTitle("Subscribers");
  }, []);

  useEffect(() => {
    const timer = window.setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);

  useEffect(() => {
    const controller = new AbortController();
    const query = new URLSearchParams(q ? { q } : {});
    callApi<SubscriberPage>(apiPath(ADMIN_API_ROUTES.subscribers, {}, query), {
      signal: controller.signal,
    }).then(
      (answer) => {
        setPage(answer);
        setError("");
      },
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, [q]);

  const loadMore = async () => {
    if (!page?.nextCursor) return;
    const query = new URLSearchParams(q ? { q, cursor: page.nextCursor } : { cursor: page.nextCursor });
    try {
      const answer = await callApi<SubscriberPage>(apiPath(ADMIN_API_ROUTES.subscribers, {}, query));
      setPage({ items: [...page.items, ...answer.items], nextCursor: answer.nextCursor });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  const remove = async (subscriber: Subscriber) => {
    try {
      await callApi(apiPath(ADMIN_API_ROUTES.subscriber, { id: subscriber.id }), { method: "DELETE" });
      setPage((current) =>
        current ? { ...current, items: current.items.filter((each) => each.id !== subscriber.id) } : current,
      );
      setConfirming(null);
      flash(consoleMessages.subscriberRemoved);
    } catch (caught) {
      flash(errorMessage(caught));
    }
  };

  return (
    <>
      <h1>Subscribers</h1>
      <div className="filters">
        <label className="field inline search">
          <span>Search</span>
          <input
            type="search"
            value={search}
            maxLength={SEARCH_MAX_LENGTH}
            placeholder="E-mail address"
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
      </div>
      <LoadState error={error} loaded={Boolean(page)} />
      {page && page.items.length === 0 && <p className="empty">{consoleText.noSubscribers}</p>}
      {page && page.items.length > 0 && (
        <ul className="rows">
          {page.items.map((subscriber) => (
            <li key={subscriber.id} className="row">
              <span className="row-main">
                <EmailAddress value={subscriber.email} />
              </span>
              <span className="row-meta">
                since{" "}
                <time dateTime={subscriber.subscribedAt}>{formatFullTime(subscriber.subscribedAt)}</time>
              </span>
              {confirming === subscriber.id ? (
                <span
                  className="confirm"
                  role="group"
                  aria-label={consoleText.confirmRemoveSubscriber(subscriber.email)}
                >
                  <span>{consoleText.confirmRemoveSubscriber(subscriber.email)}</span>
                  <button type="button" className="button danger" onClick={() => remove(subscriber)}>
                    Yes, remove
                  </button>
                  <button type="button" className="button quiet" onClick={() => setConfirming(null)}>
                    Cancel
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button quiet"
                  aria-label={`Remove ${subscriber.email}`}
                  onClick={() => setConfirming(subscriber.id)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {page?.nextCursor && (
        <p className="more">
          <button type="button" className="button quiet" onClick={loadMore}>
            Load more
          </button>
        </p>
      )}
    </>
  );
}
