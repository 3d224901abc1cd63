import { useState } from "react";
import type { StaffMember } from "../../domain/console";
import { callApi, errorMessage } from "../api";

/**
 * Saving one of a member's own settings (their display name, their away date) with a PUT that
 * answers the member as saved: the form's busy state and its error, kept once for every such form.
 */
export function useStaffSave(onSaved: (message: string, member: StaffMember) => void | Promise<void>) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const save = async (path: string, body: Record<string, string>) => {
    setBusy(true);
    setError("");
    try {
      const answer = await callApi<{ message: string; member: StaffMember }>(path, { method: "PUT", body });
      await onSaved(answer.message, answer.member);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, save };
}
