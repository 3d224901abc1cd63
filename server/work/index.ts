import type { WorkingHours } from "../../domain/working-hours";
import type { StoreAdapters } from "../store/adapters";
import type { Store } from "../store/store";
import { publishedFacts, publishedWorkingHours } from "../company/facts-store";
import { companyFactsStore } from "./company-facts-changes";
import { memberStore } from "./member-changes";
import { pushStore } from "./push-changes";
import { subscriberDirectory, subscriberStore } from "./subscriber-changes";
import { teamStore } from "./team-settings";
import { enquiryWorkStore } from "./inbox-pages";
import { buyerStore } from "./buyer-reads";
import { templateStore } from "./template-changes";
import { webhookStore } from "./webhook-changes";
import { conversationStore } from "./conversation-records";
import { personalDataStore } from "./erasure";
import { retentionStore } from "./retention-sweep";
import { derivedFlagsStore } from "./derived-flags";
import type { WorkPort } from "../store/work-port";
import { ConversationWork } from "./conversation-changes";
import { DealWork } from "./deal-changes";
import { DispatchWork } from "./dispatch-changes";
import { EnquiryWork } from "./enquiry-changes";
import { IntakeWork, writeIntakes, type IntakeWriter } from "./intake-changes";
import { startIntakeThread } from "./intake-thread";
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
  intake: IntakeWriter = writeIntakes(port),
): Store["work"] {
  return Object.assign(
    {},
    methodsOf(new EnquiryWork(port, hours)),
    methodsOf(new IntakeWork(port, hours, intake)),
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

/**
 * The store of an adapter's concerns and ports, made the same way for both adapters: each port
 * under the changes written above it, the enquiries' `add` the work layer's intake. The working
 * hours are the caller's source (the server's facts cache), else the record published in the store.
 */
export function storeOver(adapters: StoreAdapters, workingHours?: WorkingHoursSource): Store {
  const hours = workingHours ?? (() => publishedWorkingHours(adapters.companyFacts));
  // The form's intake on a thread of its own where the adapter allows it (intake-thread.ts).
  const inProcess = writeIntakes(adapters.workPort);
  const thread = adapters.intakeThread && startIntakeThread(adapters.intakeThread, inProcess);
  const layer = workLayer(
    adapters.workPort,
    hours,
    () => publishedFacts(adapters.companyFacts),
    thread ? thread.write : inProcess,
  );
  // The enquiries being filed, which closing waits for: each was accepted, and is written
  // before the store and its thread close.
  const filing = new Set<Promise<unknown>>();
  const work: Store["work"] = {
    ...layer,
    fileEnquiry: (enquiry, options) => {
      const filed = layer.fileEnquiry(enquiry, options);
      const settled = () => filing.delete(filed);
      filing.add(filed);
      filed.then(settled, settled);
      return filed;
    },
  };
  const add: Store["enquiries"]["add"] = async (enquiry, options) =>
    (await work.fileEnquiry(enquiry, options)).stored;
  return {
    enquiries: Object.assign(adapters.enquiries, { add }),
    vitals: adapters.vitals,
    keys: adapters.keys,
    staff: adapters.staff,
    sessions: adapters.sessions,
    attemptCounters: adapters.attemptCounters,
    enquiryWork: enquiryWorkStore(adapters.enquiryWork),
    team: teamStore(adapters.team),
    subscriberDirectory: subscriberDirectory(adapters.subscriberDirectory),
    activity: adapters.activity,
    retention: retentionStore(adapters.retention),
    derivedFlags: derivedFlagsStore(adapters.derivedFlags),
    personalData: personalDataStore(adapters.personalData),
    leases: adapters.leases,
    dashboard: adapters.dashboard,
    conversations: conversationStore(adapters.conversations),
    push: pushStore(adapters.push),
    deals: adapters.deals,
    dispatch: adapters.dispatch,
    documents: adapters.documents,
    buyers: buyerStore(adapters.buyers),
    companyFacts: companyFactsStore(adapters.companyFacts),
    work,
    subscribers: subscriberStore(adapters.subscribers),
    webhooks: webhookStore(adapters.webhooks),
    templates: templateStore(adapters.templates),
    members: memberStore(adapters.members),
    ping: () => adapters.ping(),
    close: async () => {
      await Promise.allSettled([...filing]);
      await thread?.close();
      await adapters.close();
    },
  };
}
