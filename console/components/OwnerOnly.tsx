import type { ReactNode } from "react";
import { consoleMessages } from "../../domain/console";
import { useStaff } from "../session";

/** Owner-only pages: a member of staff who opens the URL is told plainly, and no call is made. */
export function OwnerOnly({ title, children }: { title: string; children: ReactNode }) {
  const staff = useStaff();
  if (staff.role !== "owner") {
    return (
      <>
        <h1>{title}</h1>
        <p className="notice error" role="alert">
          {consoleMessages.forbidden}
        </p>
      </>
    );
  }
  return children;
}
