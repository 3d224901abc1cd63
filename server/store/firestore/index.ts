import type { StoreAdapters } from "../adapters";
import { FirestoreActivityLog } from "./activity";
import { FirestoreDashboardStore } from "./dashboard";
import { FirestoreConnection, type FirestoreStoreOptions } from "./connection";
import { FirestoreEnquiryWorkStore } from "./enquiry-work";
import { FirestoreLeaseStore } from "./leases";
import { FirestorePersonalDataPort } from "./personal-data";
import { FirestoreSessionStore } from "./sessions";
import { FirestoreAttemptCounterStore } from "./attempt-counters";
import { FirestoreStaffStore } from "./staff";
import { FirestoreMemberStore } from "./members";
import { FirestoreSubscriberDirectory } from "./subscriber-directory";
import { FirestoreEnquiryStore } from "./enquiries";
import { FirestoreKeyStore, FirestoreSubscriberStore } from "./subscribers";
import { FirestoreRetentionPort } from "./retention";
import { FirestoreDerivedFlagsPort } from "./derived-flags";
import { FirestoreVitalsStore } from "./vitals";
import { FirestoreTeamStore } from "./team";
import { FirestoreWebhookStore } from "./webhooks";
import { FirestoreConversationStore } from "./conversations";
import { FirestoreTemplateStore } from "./templates";
import { FirestoreCompanyFactsStore } from "./company-facts";
import { FirestorePushStore } from "./push";
import { FirestoreDealStore } from "./deals";
import { FirestoreDispatchStore } from "./dispatch";
import { FirestoreDocumentStore } from "./issued-documents";
import { FirestoreBuyerStore } from "./buyers";
import { FirestoreWorkPort } from "./work-port";
import type { WorkPort } from "../work-port";

export { firestoreProjectFromUrl, type FirestoreStoreOptions } from "./connection";

/**
 * The shared store's adapters: Google Cloud Firestore, whose one connection every concern shares.
 * server/store/index.ts makes the store of them (FirestoreStore).
 */
export class FirestoreAdapters implements StoreAdapters {
  readonly enquiries: FirestoreEnquiryStore;
  readonly subscribers: FirestoreSubscriberStore;
  readonly vitals: FirestoreVitalsStore;
  readonly keys: FirestoreKeyStore;
  readonly staff: FirestoreStaffStore;
  readonly sessions: FirestoreSessionStore;
  readonly members: FirestoreMemberStore;
  readonly attemptCounters: FirestoreAttemptCounterStore;
  readonly enquiryWork: FirestoreEnquiryWorkStore;
  readonly workPort: WorkPort;
  readonly team: FirestoreTeamStore;
  readonly subscriberDirectory: FirestoreSubscriberDirectory;
  readonly activity: FirestoreActivityLog;
  readonly retention: FirestoreRetentionPort;
  readonly derivedFlags: FirestoreDerivedFlagsPort;
  readonly personalData: FirestorePersonalDataPort;
  readonly leases: FirestoreLeaseStore;
  readonly dashboard: FirestoreDashboardStore;
  readonly webhooks: FirestoreWebhookStore;
  readonly conversations: FirestoreConversationStore;
  readonly templates: FirestoreTemplateStore;
  readonly companyFacts: FirestoreCompanyFactsStore;
  readonly push: FirestorePushStore;
  readonly deals: FirestoreDealStore;
  readonly dispatch: FirestoreDispatchStore;
  readonly documents: FirestoreDocumentStore;
  readonly buyers: FirestoreBuyerStore;

  private constructor(private readonly connection: FirestoreConnection) {
    this.enquiries = new FirestoreEnquiryStore(connection);
    this.subscribers = new FirestoreSubscriberStore(connection);
    this.vitals = new FirestoreVitalsStore(connection);
    this.keys = new FirestoreKeyStore(connection);
    this.staff = new FirestoreStaffStore(connection);
    this.sessions = new FirestoreSessionStore(connection);
    this.members = new FirestoreMemberStore(connection);
    this.attemptCounters = new FirestoreAttemptCounterStore(connection);
    this.enquiryWork = new FirestoreEnquiryWorkStore(connection);
    this.workPort = new FirestoreWorkPort(connection);
    this.team = new FirestoreTeamStore(connection);
    this.subscriberDirectory = new FirestoreSubscriberDirectory(connection);
    this.activity = new FirestoreActivityLog(connection);
    this.retention = new FirestoreRetentionPort(connection);
    this.derivedFlags = new FirestoreDerivedFlagsPort(connection);
    this.personalData = new FirestorePersonalDataPort(connection);
    this.leases = new FirestoreLeaseStore(connection);
    this.dashboard = new FirestoreDashboardStore(connection);
    this.webhooks = new FirestoreWebhookStore(connection);
    this.conversations = new FirestoreConversationStore(connection);
    this.templates = new FirestoreTemplateStore(connection);
    this.companyFacts = new FirestoreCompanyFactsStore(connection);
    this.push = new FirestorePushStore(connection);
    this.documents = new FirestoreDocumentStore(connection);
    this.deals = new FirestoreDealStore(connection);
    this.dispatch = new FirestoreDispatchStore(connection);
    this.buyers = new FirestoreBuyerStore(connection);
  }

  /** Connects lazily: the first call reaches the database. */
  static async open(options: FirestoreStoreOptions): Promise<FirestoreAdapters> {
    return new FirestoreAdapters(new FirestoreConnection(options));
  }

  async ping(): Promise<void> {
    // A read of one (absent) document: a real round trip to the database.
    await this.connection.run(() => this.connection.db.collection("_store").doc("ping").get());
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
