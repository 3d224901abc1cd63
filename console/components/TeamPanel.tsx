import { awayLabel, isAway, memberLabel } from "../../domain/staff";
import { type FormEvent, useEffect, useRef, useState } from "react";
import type { HistoryEntry } from "../../domain/console";
import {
  NEXT_STEP_MAX_LENGTH,
  TEAM_API_ROUTES,
  teamMessages,
  type TeamItemFields,
  type TeamMember,
} from "../../domain/team";
import {
  FOLLOW_UP_PRESET_KEYS,
  followUpPresetAt,
  type FollowUpPresetKey,
} from "../../domain/follow-up-presets";
import { IST_OFFSET_MINUTES, type WorkingHours } from "../../domain/working-hours";
import { ApiError, apiPath, callApi, errorMessage } from "../api";
import { formatShortTime, teamText } from "../content";
import { useFlash, useStaff, useWorkingHours } from "../session";
import { ErrorNotice } from "./Notices";
import { EmailAddress, TextWithAddresses } from "./EmailAddress";

/** An instant as a datetime-local value in IST ("2026-11-24T15:30"), whatever the browser's zone. */
function istInputValue(iso: string | null): string {
  if (!iso) return "";
  return new Date(Date.parse(iso) + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);
}

/** A datetime-local value read as IST. */
function fromIstInput(value: string): string {
  return new Date(`${value}:00+05:30`).toISOString();
}

/** Flags of an enquiry's team fields: first contact late, overdue, or when it is due. */
export function TeamFlags({ team }: { team: TeamItemFields }) {
  return (
    <>
      {team.firstContactLate && <span className="flag flag-late">{teamText.firstContactLate}</span>}
      {team.followUpAt && team.followUpOverdue && (
        <span className="flag flag-overdue">{teamText.overdue(formatShortTime(team.followUpAt))}</span>
      )}
      {team.followUpAt && !team.followUpOverdue && (
        <span className="flag flag-due">{teamText.due(formatShortTime(team.followUpAt))}</span>
      )}
    </>
  );
}

/** The enquiry page's owner and next step: take it, hand it on, set when to follow up and what to do. */
export function TeamPanel({
  enquiryId,
  team,
  closed,
  onChanged,
  onStale,
}: {
  enquiryId: string;
  team: TeamItemFields;
  closed: boolean;
  onChanged: (answer: { team: TeamItemFields; history: HistoryEntry[] }) => void;
  /** What the page shows is older than the enquiry (a colleague took it since): read it again. */
  onStale: () => void;
}) {
  const staff = useStaff();
  const workingHours = useWorkingHours();
  const flash = useFlash();
  const [members, setMembers] = useState<TeamMember[]>([]);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const takeOverButton = useRef<HTMLButtonElement>(null);
  /** The owner changed since this page was loaded: asked before taking over. */
  const [takeOver, setTakeOver] = useState<{
    message: string;
    ownerId: string | null;
    currentOwnerId: string | null;
  } | null>(null);

  useEffect(() => {
    callApi<TeamMember[]>(apiPath(TEAM_API_ROUTES.members)).then(setMembers, () => undefined);
  }, []);

  // The question takes the focus, so a keyboard user answers it at once.
  useEffect(() => {
    if (takeOver) takeOverButton.current?.focus();
  }, [takeOver]);

  const owner = members.find((member) => member.id === team.ownerId);

  const send = async (route: string, body: unknown, message: string) => {
    setBusy(true);
    setError("");
    setTakeOver(null);
    try {
      onChanged(await callApi(apiPath(route, { id: enquiryId }), { method: "POST", body }));
      flash(message);
      return true;
    } catch (caught) {
      const answer = caught instanceof ApiError && caught.status === 409 ? caught.answer : undefined;
      if (route === TEAM_API_ROUTES.owner && answer && "currentOwnerId" in answer) {
        setTakeOver({
          message: errorMessage(caught),
          ownerId: (body as { ownerId: string | null }).ownerId,
          currentOwnerId: (answer.currentOwnerId as string | null) ?? null,
        });
      } else {
        setError(errorMessage(caught));
      }
      return false;
    } finally {
      setBusy(false);
    }
  };

  /** Gives the enquiry to `ownerId`, as the owner shown on this page had it (else the console asks first). */
  const giveTo = (ownerId: string | null, expectedOwnerId: string | null = team.ownerId) =>
    send(
      TEAM_API_ROUTES.owner,
      { ownerId, expectedOwnerId },
      ownerId === staff.id ? teamMessages.taken : teamMessages.ownerChanged,
    );

  const handOn = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const ownerId = String(new FormData(event.currentTarget).get("owner") ?? "") || null;
    void giveTo(ownerId);
  };

  const saveFollowUp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const at = String(form.get("followUpAt") ?? "");
    if (!at) {
      setError(teamMessages.followUpInvalid);
      return;
    }
    await send(
      TEAM_API_ROUTES.followUp,
      { followUpAt: fromIstInput(at), nextStep: String(form.get("nextStep") ?? "") },
      teamMessages.followUpSaved,
    );
  };

  /** One tap: the preset's time, with the next step as the form holds it now. */
  const saveFollowUpAt = (key: FollowUpPresetKey, form: HTMLFormElement | null, hours: WorkingHours) => {
    const at = followUpPresetAt(key, new Date(), hours).toISOString();
    const nextStep = form ? String(new FormData(form).get("nextStep") ?? "") : (team.nextStep ?? "");
    void send(
      TEAM_API_ROUTES.followUp,
      { followUpAt: at, nextStep },
      teamText.presetSaved(formatShortTime(at)),
    );
  };

  return (
    <section className="card team-card" aria-labelledby="team-heading">
      <h2 id="team-heading">{teamText.ownerHeading}</h2>
      {team.firstContactLate && team.dueAt && (
        <p className="notice error">{teamText.firstContactLateNotice(formatShortTime(team.dueAt))}</p>
      )}
      {/* When it is due and what is next are at the top of the page, beside the buyer. */}
      <p>
        {teamText.ownerIs}:{" "}
        <strong>
          {owner ? (
            owner.displayName ? (
              owner.displayName
            ) : (
              <EmailAddress value={owner.email} />
            )
          ) : (
            teamText.nobody
          )}
        </strong>
        {owner?.awayUntil && isAway(owner, new Date()) && (
          <span className="role away"> {awayLabel(owner.awayUntil)}</span>
        )}
      </p>
      {takeOver && (
        <div className="notice warning take-over" role="alertdialog" aria-labelledby="take-over-question">
          <p id="take-over-question">
            {/* The colleague's address breaks where it may, so a phone's screen holds the question. */}
            <TextWithAddresses text={takeOver.message} />
          </p>
          <div className="inline-actions">
            <button
              type="button"
              className="button primary"
              disabled={busy}
              ref={takeOverButton}
              onClick={() => void giveTo(takeOver.ownerId, takeOver.currentOwnerId)}
            >
              {takeOver.ownerId === staff.id ? teamText.takeOver : teamText.handOnAnyway}
            </button>
            <button
              type="button"
              className="button quiet"
              onClick={() => {
                // Left with the colleague who has it: the page shows them, not the owner it loaded with.
                setTakeOver(null);
                onStale();
              }}
            >
              {teamText.keepAsIs}
            </button>
          </div>
        </div>
      )}
      <form onSubmit={handOn} className="owner-row">
        {team.ownerId !== staff.id && (
          <button
            type="button"
            className="button primary"
            disabled={busy}
            onClick={() => void giveTo(staff.id)}
          >
            {teamText.take}
          </button>
        )}
        <label className="field">
          <span>{teamText.handTo}</span>
          <select name="owner" defaultValue={team.ownerId ?? ""} key={`${team.ownerId}|${members.length}`}>
            <option value="">{teamText.nobody}</option>
            {members.map((member) => (
              <option key={member.id} value={member.id}>
                {memberLabel(member, new Date())}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button quiet" disabled={busy}>
          {teamText.give}
        </button>
      </form>
      {!closed && (
        <form onSubmit={saveFollowUp} className="stack note-form" key={`${team.followUpAt}|${team.nextStep}`}>
          {/* The presets count in the company's published hours, as the server answered them. */}
          {workingHours && (
            <div className="follow-up-presets" role="group" aria-label={teamText.presetsLabel}>
              {FOLLOW_UP_PRESET_KEYS.map((key) => (
                <button
                  key={key}
                  type="button"
                  className="button quiet"
                  disabled={busy}
                  onClick={(event) => saveFollowUpAt(key, event.currentTarget.form, workingHours)}
                >
                  {teamText.presets[key](workingHours.opens)}
                </button>
              ))}
            </div>
          )}
          <label className="field">
            <span>{teamText.followUpAt}</span>
            <input type="datetime-local" name="followUpAt" defaultValue={istInputValue(team.followUpAt)} />
          </label>
          <label className="field">
            <span>{teamText.nextStep}</span>
            <input
              type="text"
              name="nextStep"
              maxLength={NEXT_STEP_MAX_LENGTH}
              defaultValue={team.nextStep ?? ""}
              aria-describedby="next-step-hint"
            />
            <small id="next-step-hint">{teamText.nextStepHint(NEXT_STEP_MAX_LENGTH)}</small>
          </label>
          <div className="inline-actions">
            <button type="submit" className="button primary" disabled={busy}>
              {teamText.saveFollowUp}
            </button>
            {team.followUpAt && (
              <button
                type="button"
                className="button quiet"
                disabled={busy}
                onClick={() =>
                  void send(TEAM_API_ROUTES.followUp, { followUpAt: null }, teamMessages.followUpCleared)
                }
              >
                {teamText.clearFollowUp}
              </button>
            )}
          </div>
        </form>
      )}
      <ErrorNotice message={error} />
    </section>
  );
}
