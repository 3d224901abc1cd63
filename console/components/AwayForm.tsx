import { type FormEvent, useId } from "react";
import { ADMIN_API_ROUTES, type StaffMember } from "../../domain/console";
import { istDate } from "../../domain/working-hours";
import { apiPath } from "../api";
import { staffText } from "../content";
import { ErrorNotice } from "./Notices";
import { useStaffSave } from "./staff-save";

/**
 * Away until a date (an IST day): no alerts, pushes or new enquiries until that day ends (domain/
 * staff.ts: isAway). Set by the member themselves (the Security page) or by an owner (the Staff
 * page); "Back now" clears it.
 */
export function AwayForm({
  member,
  label,
  onSaved,
  onCancel,
}: {
  member: Pick<StaffMember, "id" | "email" | "awayUntil">;
  label: string;
  onSaved: (message: string, member: StaffMember) => void | Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const { error, busy, save: put } = useStaffSave(onSaved);
  const save = (awayUntil: string) =>
    put(apiPath(ADMIN_API_ROUTES.staffAway, { id: member.id }), { awayUntil });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void save(String(new FormData(event.currentTarget).get("awayUntil") ?? ""));
  };

  return (
    <form className="away-form" onSubmit={submit} noValidate>
      <label className="field" htmlFor={`${id}-away`}>
        <span>{label}</span>
      </label>
      <div className="inline-actions">
        <input
          id={`${id}-away`}
          name="awayUntil"
          type="date"
          min={istDate(new Date())}
          defaultValue={member.awayUntil ?? ""}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="button primary" disabled={busy}>
          {staffText.saveAway}
        </button>
        {member.awayUntil && (
          <button type="button" className="button quiet" disabled={busy} onClick={() => void save("")}>
            {staffText.backNow}
          </button>
        )}
        {onCancel && (
          <button type="button" className="button quiet" onClick={onCancel}>
            {staffText.cancel}
          </button>
        )}
      </div>
      <small id={`${id}-hint`}>{staffText.awayHint}</small>
      <ErrorNotice message={error} />
    </form>
  );
}
