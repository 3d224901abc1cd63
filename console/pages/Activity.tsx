import { useEffect, useState } from "react";
import { type ActivityEntry, ADMIN_API_ROUTES } from "../../domain/console";
import { apiPath, callApi, errorMessage } from "../api";
import { activityActor, activityLabels, formatFullTime, pageTitle } from "../content";
import { LoadState } from "../components/Notices";

interface ActivityPage {
  items: ActivityEntry[];
  nextCursor: string | null;
}

const TITLE = "Activity";

function ActivityLog() {
  const [page, setPage] = useState<ActivityPage | null>(null);
  const [error, setError] = useState("");

  useEffect(() => {
    const controller = new AbortController();
    callApi<ActivityPage>(apiPath(ADMIN_API_ROUTES.activity), { signal: controller.signal }).then(
      setPage,
      (caught: unknown) => {
        if (!controller.signal.aborted) setError(errorMessage(caught));
      },
    );
    return () => controller.abort();
  }, []);

  const loadMore = async () => {
    if (!page?.nextCursor) return;
    try {
      const answer = await callApi<ActivityPage>(
        apiPath(ADMIN_API_ROUTES.activity, {}, new URLSearchParams({ cursor: page.nextCursor })),
      );
      setPage({ items: [...page.items, ...answer.items], nextCursor: answer.nextCursor });
    } catch (caught) {
      setError(errorMessage(caught));
    }
  };

  return (
    <>
      <h1>{TITLE}</h1>
      <LoadState error={error} loaded={Boolean(page)} />
      {page && (
        <table className="plain">
          <caption className="visually-hidden">Activity, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">On</th>
            </tr>
          </thead>
          <tbody>
            {page.items.map((entry) => (
              <tr key={entry.id}>
                <td data-label="When">
                  <time dateTime={entry.at}>{formatFullTime(entry.at)}</time>
                </td>
                <td data-label="Who">{activityActor(entry)}</td>
                <td data-label="What">{activityLabels[entry.action]}</td>
                <td data-label="On">{entry.target ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </table>
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

export function Component() {
  useEffect(() => {
    document.title = pageTitle(TITLE);
  }, []);
  return <ActivityLog />;
}
