import { type FormEvent, useId } from "react";
import { ADMIN_API_ROUTES, type StaffMember } from "../../domain/console";
import { DISPLAY_NAME_MAX_LENGTH } from "../../domain/staff";
import { apiPath } from "../api";
import { staffText } from "../content";
import { ErrorNotice } from "./Notices";
import { useStaffSave } from "./staff-save";

/**
 * A member's display name, how colleagues see them in the console, alerts and pushes and how
 * their replies are signed: set by themselves (the Security page) or by an owner (the Staff page).
 * Empty clears it; their address is shown instead.
 */
export function DisplayNameForm({
  member,
  label,
  onSaved,
  onCancel,
}: {
  member: Pick<StaffMember, "id" | "email" | "displayName">;
  label: string;
  onSaved: (message: string, member: StaffMember) => void | Promise<void>;
  onCancel?: () => void;
}) {
  const id = useId();
  const { error, busy, save } = useStaffSave(onSaved);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get("displayName") ?? "");
    void save(apiPath(ADMIN_API_ROUTES.staffName, { id: member.id }), { displayName });
  };

  return (
    <form className="display-name-form" onSubmit={submit} noValidate>
      <label className="field" htmlFor={`${id}-name`}>
        <span>{label}</span>
      </label>
      <div className="inline-actions">
        <input
          id={`${id}-name`}
          name="displayName"
          type="text"
          autoComplete="off"
          maxLength={DISPLAY_NAME_MAX_LENGTH}
          defaultValue={member.displayName ?? ""}
          aria-describedby={`${id}-hint`}
          aria-invalid={error ? true : undefined}
        />
        <button type="submit" className="button primary" disabled={busy}>
          {staffText.saveName}
        </button>
        {onCancel && (
          <button type="button" className="button quiet" onClick={onCancel}>
            {staffText.cancel}
          </button>
        )}
      </div>
      <small id={`${id}-hint`}>{staffText.nameHint}</small>
      <ErrorNotice message={error} />
    </form>
  );
}
