import { type FormEvent, useId, useState } from "react";
import { ADMIN_API_ROUTES, type StaffMember } from "../../domain/console";
import { DISPLAY_NAME_MAX_LENGTH } from "../../domain/staff";
import { apiPath, callApi, errorMessage } from "../api";
import { staffText } from "../content";
import { ErrorNotice } from "./Notices";

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
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const displayName = String(new FormData(event.currentTarget).get("displayName") ?? "");
    setBusy(true);
    setError("");
    try {
      const answer = await callApi<{ message: string; member: StaffMember }>(
        apiPath(ADMIN_API_ROUTES.staffName, { id: member.id }),
        { method: "PUT", body: { displayName } },
      );
      await onSaved(answer.message, answer.member);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
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
