import { type FormEvent, useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { appPaths } from "../paths";
import {
  ADMIN_API_ROUTES,
  consoleMessages,
  STAFF_LINK_HOURS,
  type StaffMember,
  type StaffRole,
} from "../../domain/console";
import { apiPath, callApi, errorMessage } from "../api";
import { CopyableCommand } from "../components/CopyableCommand";
import { AwayForm } from "../components/AwayForm";
import { DisplayNameForm } from "../components/DisplayNameForm";
import { awayLabel, DISPLAY_NAME_MAX_LENGTH, isAway } from "../../domain/staff";
import { EmailAddress, TextWithAddresses } from "../components/EmailAddress";
import { consoleText, formatFullTime, pageTitle, staffText } from "../content";
import { useStaff } from "../session";
import { ErrorNotice, LoadState } from "../components/Notices";

type StaffRow = StaffMember & { activeSessions: number };
/** The action a row is asking to confirm. */
type Pending = { id: string; action: "sessions" | "reset" | "remove" | "role" } | null;

const TITLE = "Staff";
const ADD_STAFF_COMMAND = "npm run staff -- add --email <address> --role member";

async function fetchStaff(signal?: AbortSignal): Promise<StaffRow[]> {
  const answer = await callApi<{ items: StaffRow[] }>(apiPath(ADMIN_API_ROUTES.staff), { signal });
  return answer.items;
}

/** An owner asks a new member in: an address and a role; the link goes by mail. */
function InviteForm({ onInvited }: { onInvited: (message: string) => Promise<void> }) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setError("");
    try {
      const answer = await callApi<{ message: string }>(apiPath(ADMIN_API_ROUTES.staffInvitations), {
        method: "POST",
        body: {
          email: String(data.get("email") ?? ""),
          role: String(data.get("role") ?? ""),
          displayName: String(data.get("displayName") ?? ""),
        },
      });
      form.reset();
      await onInvited(answer.message);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card invite" aria-labelledby="invite-heading">
      <h2 id="invite-heading">{staffText.inviteHeading}</h2>
      <p className="card-note">{staffText.inviteNote(STAFF_LINK_HOURS)}</p>
      <form className="invite-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Email</span>
          <input
            name="email"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
          />
        </label>
        <label className="field">
          <span>{staffText.inviteName}</span>
          <input name="displayName" type="text" autoComplete="off" maxLength={DISPLAY_NAME_MAX_LENGTH} />
        </label>
        <label className="field">
          <span>Role</span>
          <select name="role" defaultValue="member">
            <option value="member">{staffText.roles.member}</option>
            <option value="owner">{staffText.roles.owner}</option>
          </select>
        </label>
        <button type="submit" className="button primary" disabled={busy}>
          {staffText.invite}
        </button>
      </form>
      <ErrorNotice message={error} />
    </section>
  );
}

function StaffList() {
  const me = useStaff();
  const [items, setItems] = useState<StaffRow[] | null>(null);
  const [loadError, setLoadError] = useState("");
  const [pending, setPending] = useState<Pending>(null);
  /** The member whose display name is being changed. */
  const [naming, setNaming] = useState<string | null>(null);
  const [marking, setMarking] = useState<string | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);

  const load = useCallback(
    (signal?: AbortSignal) =>
      fetchStaff(signal).then(setItems, (caught: unknown) => {
        if (!signal?.aborted) setLoadError(errorMessage(caught));
      }),
    [],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  /** Runs one change, then shows what it did (or why not) and the list as it is now. */
  const act = async (change: () => Promise<string>) => {
    try {
      const text = await change();
      setPending(null);
      setMessage({ text, error: false });
      await load();
    } catch (caught) {
      setPending(null);
      setMessage({ text: errorMessage(caught), error: true });
    }
  };

  const endSessions = (member: StaffRow) =>
    act(async () => {
      await callApi(apiPath(ADMIN_API_ROUTES.staffSessions, { id: member.id }), { method: "DELETE" });
      return consoleMessages.sessionsEnded;
    });
  const sendReset = (member: StaffRow) =>
    act(
      async () =>
        (
          await callApi<{ message: string }>(apiPath(ADMIN_API_ROUTES.staffReset, { id: member.id }), {
            method: "POST",
          })
        ).message,
    );
  const remove = (member: StaffRow) =>
    act(
      async () =>
        (
          await callApi<{ message: string }>(apiPath(ADMIN_API_ROUTES.staffMember, { id: member.id }), {
            method: "DELETE",
          })
        ).message,
    );
  const changeRole = (member: StaffRow, role: StaffRole) =>
    act(
      async () =>
        (
          await callApi<{ message: string }>(apiPath(ADMIN_API_ROUTES.staffMember, { id: member.id }), {
            method: "PUT",
            body: { role },
          })
        ).message,
    );

  const otherRoleOf = (member: StaffRow): StaffRole => (member.role === "owner" ? "member" : "owner");
  const confirmText = (member: StaffRow, action: NonNullable<Pending>["action"]) =>
    action === "sessions"
      ? consoleText.confirmEndSessions(member.email)
      : action === "reset"
        ? staffText.confirmReset(member.email)
        : action === "role"
          ? staffText.confirmRole(member.email, otherRoleOf(member))
          : staffText.confirmRemove(member.email);
  const confirmYes = (member: StaffRow, action: NonNullable<Pending>["action"]) =>
    action === "role" ? staffText.confirmYesRole(otherRoleOf(member)) : staffText.confirmYes[action];
  const confirmAction = (member: StaffRow, action: NonNullable<Pending>["action"]) =>
    action === "sessions"
      ? endSessions(member)
      : action === "reset"
        ? sendReset(member)
        : action === "role"
          ? changeRole(member, otherRoleOf(member))
          : remove(member);

  return (
    <>
      <h1>{TITLE}</h1>
      <div aria-live="polite" role="status">
        {message && (
          <p className={message.error ? "notice error" : "notice"}>
            <TextWithAddresses text={message.text} />
          </p>
        )}
      </div>
      <InviteForm
        onInvited={async (text) => {
          setMessage({ text, error: false });
          await load();
        }}
      />
      <h2>{staffText.listHeading}</h2>
      <LoadState error={loadError} loaded={Boolean(items)} />
      {items && (
        <ul className="rows staff-rows">
          {items.map((member) => {
            const self = member.id === me.id;
            const otherRole: StaffRole = member.role === "owner" ? "member" : "owner";
            return (
              <li key={member.id} className="row staff-row">
                <span className="row-main">
                  {member.displayName && <strong className="member-name">{member.displayName}</strong>}{" "}
                  <EmailAddress value={member.email} />{" "}
                  <span className="role">{staffText.roles[member.role]}</span>
                  {member.invited && <span className="role invited">{staffText.invited}</span>}
                  {self && <span className="role">{staffText.you}</span>}
                  {member.awayUntil && isAway(member, new Date()) && (
                    <span className="role away">{awayLabel(member.awayUntil)}</span>
                  )}
                </span>
                <span className="row-meta">
                  {member.activeSessions} active {member.activeSessions === 1 ? "session" : "sessions"} ·
                  two-step sign-in {member.totpEnabled ? "on" : "off"} · since{" "}
                  {formatFullTime(member.createdAt)}
                </span>
                {marking === member.id ? (
                  <AwayForm
                    member={member}
                    label={staffText.memberAwayLabel(member.email)}
                    onCancel={() => setMarking(null)}
                    onSaved={async (text) => {
                      setMarking(null);
                      setMessage({ text, error: false });
                      await load();
                    }}
                  />
                ) : naming === member.id ? (
                  <DisplayNameForm
                    member={member}
                    label={staffText.memberNameLabel(member.email)}
                    onCancel={() => setNaming(null)}
                    onSaved={async (text) => {
                      setNaming(null);
                      setMessage({ text, error: false });
                      await load();
                    }}
                  />
                ) : pending?.id === member.id ? (
                  <span className="confirm" role="group" aria-label={confirmText(member, pending.action)}>
                    <span>{confirmText(member, pending.action)}</span>
                    <button
                      type="button"
                      className="button danger"
                      onClick={() => confirmAction(member, pending.action)}
                    >
                      {confirmYes(member, pending.action)}
                    </button>
                    <button type="button" className="button quiet" onClick={() => setPending(null)}>
                      Cancel
                    </button>
                  </span>
                ) : (
                  <span className="actions">
                    <button
                      type="button"
                      className="button quiet"
                      aria-label={staffText.renameLabel(member.email)}
                      onClick={() => setNaming(member.id)}
                    >
                      {staffText.rename}
                    </button>
                    {!member.invited && (
                      <button
                        type="button"
                        className="button quiet"
                        aria-label={staffText.markAwayLabel(member.email)}
                        onClick={() => setMarking(member.id)}
                      >
                        {staffText.markAway}
                      </button>
                    )}
                    <button
                      type="button"
                      className="button quiet"
                      aria-label={staffText.makeLabel(member.email, otherRole)}
                      onClick={() => setPending({ id: member.id, action: "role" })}
                    >
                      {staffText.make(otherRole)}
                    </button>
                    <button
                      type="button"
                      className="button quiet"
                      aria-label={staffText.resetLabel(member.email)}
                      onClick={() => setPending({ id: member.id, action: "reset" })}
                    >
                      {staffText.reset}
                    </button>
                    <button
                      type="button"
                      className="button quiet"
                      aria-label={`End all sessions of ${member.email}`}
                      onClick={() => setPending({ id: member.id, action: "sessions" })}
                    >
                      End all sessions
                    </button>
                    {!self && (
                      <button
                        type="button"
                        className="button quiet"
                        aria-label={staffText.removeLabel(member.email)}
                        onClick={() => setPending({ id: member.id, action: "remove" })}
                      >
                        {staffText.remove}
                      </button>
                    )}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <h2>Connected tools</h2>
      <p>
        <Link to={appPaths.webhooks}>Webhooks</Link>: send each enquiry to a sheet, Zapier or a CRM.
      </p>
      <p>
        <Link to={appPaths.templates}>Templates</Link>: the team&rsquo;s e-mail replies and WhatsApp messages.
      </p>
      <h2>{staffText.serverHeading}</h2>
      <p>{staffText.serverNote}</p>
      <CopyableCommand command={ADD_STAFF_COMMAND} />
    </>
  );
}

export function Component() {
  useEffect(() => {
    document.title = pageTitle(TITLE);
  }, []);
  return <StaffList />;
}
