import type { WorkingHours } from "../../domain/working-hours";
import type { Store } from "../store/store";
import type { WorkPort } from "../store/work-port";
import { ConversationWork } from "./conversation-changes";
import { DealWork } from "./deal-changes";
import { DispatchWork } from "./dispatch-changes";
import { EnquiryWork } from "./enquiry-changes";
import { IntakeWork } from "./intake-changes";
import { TeamWork } from "./team-changes";
import { ReminderWork } from "./reminder-changes";
import { DocumentWork, type CompanyFactsSource } from "./document-changes";

/**
 * The company's working hours in force when a change is made: on the server the published record
 * as the facts cache holds it (server/company/facts-cache.ts), the figure the pages show.
 */
export type WorkingHoursSource = () => Promise<WorkingHours>;

/**
 * The work layer: every change of an enquiry's work written once, above the stores
 * (docs/decisions/029). Each area's changes are a class of their own over the same port; the
 * store hands them on as one `work`. The changes that time an enquiry ask `hours` for the
 * working hours in force as they start; a document is drafted from the company's `facts` in force.
 */
export function workLayer(
  port: WorkPort,
  hours: WorkingHoursSource,
  facts: CompanyFactsSource,
): Store["work"] {
  return Object.assign(
    {},
    methodsOf(new EnquiryWork(port, hours)),
    methodsOf(new IntakeWork(port, hours)),
    methodsOf(new TeamWork(port, hours)),
    methodsOf(new ConversationWork(port, hours)),
    methodsOf(new DealWork(port)),
    methodsOf(new DispatchWork(port, hours)),
    methodsOf(new ReminderWork(port)),
    methodsOf(new DocumentWork(port, facts, hours)),
  );
}

/** The methods of a class's instance, bound to it, as a plain object. */
function methodsOf<T extends object>(part: T): T {
  const prototype = Object.getPrototypeOf(part) as object;
  return Object.fromEntries(
    Object.getOwnPropertyNames(prototype)
      .filter((name) => name !== "constructor")
      .map((name) => [name, (part[name as keyof T] as (...args: unknown[]) => unknown).bind(part)]),
  ) as T;
}
