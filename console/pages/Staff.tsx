import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { appPaths } from "../paths";
import { ADMIN_API_ROUTES, consoleMessages, type StaffMember } from "../../domain/console";
import { apiPath, callApi, errorMessage } from "../api";
import { CopyableCommand } from "../components/CopyableCommand";
import { OwnerOnly } from "../components/OwnerOnly";
import { consoleText, formatFullTime, pageTitle } from "../content";
import { useFlash } from "../session";
import { LoadState } from "../components/Notices";

type StaffRow = StaffMember & { activeSessions: number };

const TITLE = "Staff";
const ADD_STAFF_COMMAND = "npm run staff -- add --email <address> --role staff";

async function fetchStaff(signal?: AbortSignal): Promise<StaffRow[]> {
  const answer = await callApi<{ items: StaffRow[] }>(apiPath(ADMIN_API_ROUTES.staff), { signal });
  return answer.items;
}

function StaffList() {
  const flash = useFlash();
  const [items, setItems] = useState<StaffRow[] | null>(null);
  const [error, setError] = useState("");
  const [confirming, setConfirming] = useState<string | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchStaff(signal).then(setItems, (caught: unknown) => {
        if (!signal?.aborted) setError(errorMessage(caught));
      }),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    fetchStaff(controller.signal).then(setItems, (caught: unknown) => {
      if (!controller.signal.aborted) setError(errorMessage(caught));
    });
    return () => controller.abort();
  }, []);

  const endSessions = async (member: StaffRow) => {
    try {
      await callApi(apiPath(ADMIN_API_ROUTES.staffSessions, { id: member.id }), { method: "DELETE" });
      setConfirming(null);
      flash(consoleMessages.sessionsEnded);
      await load();
    } catch (caught) {
      flash(errorMessage(caught));
    }
  };

  return (
    <>
      <h1>{TITLE}</h1>
      <LoadState error={error} loaded={Boolean(items)} />
      {items && (
        <ul className="rows">
          {items.map((member) => (
            <li key={member.id} className="row">
              <span className="row-main">
                {member.email} <span className="role">{member.role}</span>
              </span>
              <span className="row-meta">
                {member.activeSessions} active {member.activeSessions === 1 ? "session" : "sessions"} ·
                two-step sign-in {member.totpEnabled ? "on" : "off"} · since{" "}
                {formatFullTime(member.createdAt)}
              </span>
              {confirming === member.id ? (
                <span
                  className="confirm"
                  role="group"
                  aria-label={consoleText.confirmEndSessions(member.email)}
                >
                  <span>{consoleText.confirmEndSessions(member.email)}</span>
                  <button type="button" className="button danger" onClick={() => endSessions(member)}>
                    Yes, end them
                  </button>
                  <button type="button" className="button quiet" onClick={() => setConfirming(null)}>
                    Cancel
                  </button>
                </span>
              ) : (
                <button
                  type="button"
                  className="button quiet"
                  aria-label={`End all sessions of ${member.email}`}
                  onClick={() => setConfirming(member.id)}
                >
                  End all sessions
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h2>Connected tools</h2>
      <p>
        <Link to={appPaths.webhooks}>Webhooks</Link>: send each enquiry to a sheet, Zapier or a CRM.
      </p>
      <h2>Adding staff</h2>
      <p>Accounts are created on the server:</p>
      <CopyableCommand command={ADD_STAFF_COMMAND} />
    </>
  );
}

export function Component() {
  useEffect(() => {
    document.title = pageTitle(TITLE);
  }, []);
  return (
    <OwnerOnly title={TITLE}>
      <StaffList />
    </OwnerOnly>
  );
}
