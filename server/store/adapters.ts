import type { BuyerAdapter } from "./buyers";
import type { CompanyFactsAdapter } from "../company/facts-store";
import type { ConversationAdapter } from "./conversations";
import type { DerivedFlagsPort } from "./derived-flags";
import type { EnquiryWorkAdapter } from "./enquiry-work";
import type { MemberAdapter } from "./member-port";
import type { PersonalDataPort } from "./personal-data";
import type { PushAdapter } from "./push";
import type { RetentionPort } from "./retention";
import type { EnquiryStore, Store } from "./store";
import type { SubscriberAdapter } from "./subscriber-port";
import type { TeamAdapter } from "./team-port";
import type { TemplateAdapter } from "./template-port";
import type { WebhookAdapter } from "./webhook-port";
import type { WorkPort } from "./work-port";
import type { SqliteStoreOptions } from "./sqlite/connection";

/**
 * What an adapter (SQLite, Firestore) gives the layer above it: its own concerns as the store has
 * them, and for each change written once above the stores its port instead (docs/decisions/029).
 * server/work/index.ts (storeOver) makes the store of them, the same way for both.
 */
export type StoreAdapters = Omit<
  Store,
  | "enquiries"
  | "work"
  | "subscribers"
  | "webhooks"
  | "templates"
  | "members"
  | "conversations"
  | "retention"
  | "personalData"
  | "team"
  | "enquiryWork"
  | "derivedFlags"
  | "buyers"
  | "companyFacts"
  | "push"
> & {
  /** The enquiries but for `add`, which is the work layer's intake (storeOver). */
  readonly enquiries: EnquiryAdapter;
  readonly retention: RetentionPort;
  readonly personalData: PersonalDataPort;
  readonly subscribers: SubscriberAdapter;
  readonly conversations: ConversationAdapter;
  readonly webhooks: WebhookAdapter;
  readonly templates: TemplateAdapter;
  readonly members: MemberAdapter;
  readonly team: TeamAdapter;
  readonly enquiryWork: EnquiryWorkAdapter;
  readonly buyers: BuyerAdapter;
  readonly companyFacts: CompanyFactsAdapter;
  readonly push: PushAdapter;
  readonly workPort: WorkPort;
  /**
   * Where the form's intake may be written on a thread of its own (SQLite on a file, when asked):
   * what that thread opens its own connection with (server/work/intake-thread.ts).
   */
  readonly intakeThread?: SqliteStoreOptions;
  /** Only where stored work records may lack a derived flag (Firestore). */
  readonly derivedFlags?: DerivedFlagsPort;
};

/** An adapter's enquiries and outbox: the store's enquiries, whose `add` the work layer answers. */
export type EnquiryAdapter = Omit<EnquiryStore, "add">;
