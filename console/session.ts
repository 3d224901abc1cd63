import { createContext, useContext } from "react";
import { useRouteLoaderData } from "react-router";
import type { StaffMember } from "../domain/console";
import type { WorkingHours } from "../domain/working-hours";

export interface LayoutData {
  /** The signed-in member of staff, or null while no owner exists (the console says how to create one). */
  staff: StaffMember | null;
  /** Owners must turn on two-step sign-in (REQUIRE_OWNER_TOTP): no "Not now" for this account. */
  totpRequired?: boolean;
  /** The company's published working hours, as the server answered them with the session. */
  workingHours?: WorkingHours;
}

export function useStaff(): StaffMember {
  const data = useRouteLoaderData("layout") as LayoutData | undefined;
  if (!data?.staff) throw new Error("A console page was shown without a signed-in member of staff.");
  return data.staff;
}

/**
 * The company's working hours in force, from the server's answer to the session (the published
 * record's, never the console's own figure); null when the page kept a session it could not renew.
 */
export function useWorkingHours(): WorkingHours | null {
  const data = useRouteLoaderData("layout") as LayoutData | undefined;
  return data?.workingHours ?? null;
}

/** Whether the signed-in account must turn on two-step sign-in (it may not put the prompt off). */
export function useTotpRequired(): boolean {
  const data = useRouteLoaderData("layout") as LayoutData | undefined;
  return data?.totpRequired === true;
}

/** Short messages for the live region every page shares (toasts). */
export const FlashContext = createContext<(message: string) => void>(() => undefined);

export function useFlash(): (message: string) => void {
  return useContext(FlashContext);
}
