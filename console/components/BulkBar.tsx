import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import {
  BULK_API_ROUTES,
  bulkMessages,
  type BulkAction,
  type BulkItem,
  type BulkResult,
} from "../../domain/bulk";
import { dealMessages, isLost, LOST_REASONS, type LostReason } from "../../domain/deal";
import { NOTE_MAX_LENGTH } from "../../domain/console";
import { ENQUIRY_STATUSES, isDuplicate, isSpam } from "../../domain/status";
import { memberLabel, memberName } from "../../domain/staff";
import type { TeamMember } from "../../domain/team";

const memberNameOf = (member: TeamMember | undefined) => (member ? memberName(member) : undefined);
import { apiPath, callApi, errorMessage } from "../api";
import { inboxText } from "../content";
import { appPaths } from "../paths";
import { LostReasonField } from "./DealFigures";
import { ErrorNotice } from "./Notices";

/** The bulk bar's one choice, as its select holds it: "assign:<id>", "assign:", "status:<status>", "spam", "not-spam". */
function actionOf(choice: string): BulkAction | null {
  if (choice === "spam") return { kind: "spam" };
  if (choice === "not-spam") return { kind: "not-spam" };
  if (choice.startsWith("assign:"))
    return { kind: "assign", ownerId: choice.slice("assign:".length) || null };
  const status = choice.startsWith("status:") ? choice.slice("status:".length) : "";
  const to = ENQUIRY_STATUSES.find((each) => each === status);
  return to ? { kind: "status", to } : null;
}

/** What the confirmation names the action as. */
function describe(action: BulkAction, members: readonly TeamMember[]): string {
  switch (action.kind) {
    case "assign":
      return inboxText.confirmGive(
        action.ownerId
          ? (memberNameOf(members.find((member) => member.id === action.ownerId)) ?? "…")
          : inboxText.giveToNobody,
      );
    case "status":
      return inboxText.confirmStatus(
        action.lostReason ? `${action.to} (${LOST_REASONS[action.lostReason]})` : action.to,
        action.note,
      );
    case "spam":
      return inboxText.confirmSpam;
    case "not-spam":
      return inboxText.confirmNotSpam;
  }
}

/**
 * Work on the selected enquiries: how many are chosen, choosing all that match the filter, one
 * action for all of them (give to a member or nobody, set a status, spam, not spam), asked once
 * before it runs, naming what will change.
 */
export function BulkBar({
  selected,
  members,
  selectNote,
  selecting,
  onSelectAll,
  onClear,
  onDone,
}: {
  selected: ReadonlyMap<string, BulkItem>;
  members: readonly TeamMember[];
  /** What "select all that match" found (all of them, or how many more than BULK_MAX match). */
  selectNote: string;
  selecting: boolean;
  onSelectAll: () => void;
  onClear: () => void;
  onDone: (result: BulkResult) => void;
}) {
  const [choice, setChoice] = useState("");
  // A status is set with an optional note; a lost sale (Declined) also says why, as on its page.
  const [lostReason, setLostReason] = useState<LostReason | "">("");
  const [note, setNote] = useState("");
  const [asking, setAsking] = useState<BulkAction | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const yes = useRef<HTMLButtonElement>(null);
  const count = selected.size;
  const chosen = actionOf(choice);
  const chosenStatus = chosen?.kind === "status" ? chosen.to : null;

  // The question takes the focus, so the keyboard answers it at once.
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);

  const ask = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const action = actionOf(choice);
    if (!action) return;
    if (action.kind !== "status") {
      setAsking(action);
      return;
    }
    if (isLost(action.to) && !lostReason) {
      setError(dealMessages.lostReasonRequired);
      return;
    }
    setError("");
    const trimmed = note.trim();
    setAsking({
      ...action,
      ...(trimmed ? { note: trimmed } : {}),
      ...(isLost(action.to) && lostReason ? { lostReason } : {}),
    });
  };

  const run = async () => {
    if (!asking) return;
    setBusy(true);
    setError("");
    try {
      const result = await callApi<BulkResult>(apiPath(BULK_API_ROUTES.bulk), {
        method: "POST",
        body: { items: [...selected.values()], action: asking },
      });
      setAsking(null);
      setChoice("");
      setLostReason("");
      setNote("");
      onDone(result);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="bulk-bar" aria-label={inboxText.bulkLabel}>
      <div className="bulk-row">
        <p className="bulk-count" aria-live="polite">
          <strong>{inboxText.selected(count)}</strong>
        </p>
        <button type="button" className="button quiet compact" onClick={onSelectAll} disabled={selecting}>
          {selecting ? inboxText.selectingAll : inboxText.selectAllMatching}
        </button>
        <button
          type="button"
          className="button quiet compact"
          aria-label={inboxText.clearSelection}
          onClick={onClear}
        >
          {inboxText.clear}
        </button>
      </div>
      {selectNote && <p className="bulk-note">{selectNote}</p>}
      {asking ? (
        <div className="bulk-row bulk-confirm" role="group" aria-labelledby="bulk-question">
          <p id="bulk-question">{inboxText.confirm(count, describe(asking, members))}</p>
          <button type="button" className="button primary compact" ref={yes} disabled={busy} onClick={run}>
            {busy ? inboxText.applying : inboxText.yes}
          </button>
          <button
            type="button"
            className="button quiet compact"
            disabled={busy}
            onClick={() => setAsking(null)}
          >
            {inboxText.cancel}
          </button>
        </div>
      ) : (
        <form className="bulk-row" onSubmit={ask}>
          <label className="field inline">
            <span>{inboxText.action}</span>
            <select
              value={choice}
              onChange={(event) => {
                setChoice(event.target.value);
                setError("");
              }}
            >
              <option value="">{inboxText.chooseAction}</option>
              <optgroup label={inboxText.giveTo}>
                {members.map((member) => (
                  <option key={member.id} value={`assign:${member.id}`}>
                    {inboxText.giveToMember(memberLabel(member, new Date()))}
                  </option>
                ))}
                <option value="assign:">{inboxText.giveToNobody}</option>
              </optgroup>
              <optgroup label={inboxText.setStatus}>
                {/* Spam has an action of its own (and Not spam its way back). */}
                {ENQUIRY_STATUSES.filter((status) => !isSpam(status) && !isDuplicate(status)).map(
                  (status) => (
                    <option key={status} value={`status:${status}`}>
                      {status}
                    </option>
                  ),
                )}
              </optgroup>
              <optgroup label={inboxText.spamGroup}>
                <option value="spam">{inboxText.fileAsSpam}</option>
                <option value="not-spam">{inboxText.notSpam}</option>
              </optgroup>
            </select>
          </label>
          {chosenStatus && isLost(chosenStatus) && (
            <LostReasonField
              value={lostReason}
              onChange={(reason) => {
                setLostReason(reason);
                setError("");
              }}
            />
          )}
          {chosenStatus && (
            <label className="field">
              <span>{inboxText.bulkNote}</span>
              <input
                type="text"
                name="note"
                value={note}
                maxLength={NOTE_MAX_LENGTH}
                onChange={(event) => setNote(event.target.value)}
              />
            </label>
          )}
          <button type="submit" className="button primary compact" disabled={!choice || count === 0}>
            {inboxText.apply}
          </button>
        </form>
      )}
      <ErrorNotice message={error} />
    </section>
  );
}

/** What a bulk action did: how many changed, and each that was not, by reference, with why. */
export function BulkOutcome({ result, onDismiss }: { result: BulkResult; onDismiss: () => void }) {
  const failed = result.failed.length > 0;
  return (
    <div
      className={failed ? "notice error bulk-outcome" : "notice bulk-outcome"}
      role={failed ? "alert" : "status"}
    >
      <p>
        <strong>{bulkMessages.outcome(result.done.length, result.failed.length)}</strong>
      </p>
      {failed && (
        <ul aria-label={inboxText.failedHeading}>
          {result.failed.map((each) => (
            <li key={each.id}>
              <Link to={appPaths.enquiry(each.id)} className="reference">
                {each.reference}
              </Link>{" "}
              {each.message}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button quiet compact" onClick={onDismiss}>
        {inboxText.done}
      </button>
    </div>
  );
}
