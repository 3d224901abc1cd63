import type { Store, SubscriberStore } from "../store";
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
import { subscriberStore } from "../../work/subscriber-changes";
import { webhookStore } from "../../work/webhook-changes";
import { templateStore } from "../../work/template-changes";
import { retentionStore } from "../../work/retention-sweep";
import { personalDataStore } from "../../work/erasure";
import type { TemplateStore } from "../templates";
import type { WebhookStore } from "../webhooks";
import { workLayer, type WorkingHoursSource } from "../../work";
import { publishedFacts, publishedWorkingHours } from "../../company/facts-store";

export {
  DEFAULT_FIRESTORE_DEADLINE_MS,
  firestoreProjectFromUrl,
  type FirestoreStoreOptions,
} from "./connection";
export { subscriberDocumentId } from "./subscribers";

/** The shared store: Google Cloud Firestore, whose one connection every concern shares. */
export class FirestoreStore implements Store {
  readonly enquiries: FirestoreEnquiryStore;
  readonly subscribers: SubscriberStore;
  readonly vitals: FirestoreVitalsStore;
  readonly keys: FirestoreKeyStore;
  readonly staff: FirestoreStaffStore;
  readonly sessions: FirestoreSessionStore;
  readonly members: FirestoreMemberStore;
  readonly attemptCounters: FirestoreAttemptCounterStore;
  readonly enquiryWork: FirestoreEnquiryWorkStore;
  readonly work: Store["work"];
  readonly team: FirestoreTeamStore;
  readonly subscriberDirectory: FirestoreSubscriberDirectory;
  readonly activity: FirestoreActivityLog;
  readonly retention: Store["retention"];
  readonly personalData: Store["personalData"];
  readonly leases: FirestoreLeaseStore;
  readonly dashboard: FirestoreDashboardStore;
  readonly webhooks: WebhookStore;
  readonly conversations: FirestoreConversationStore;
  readonly templates: TemplateStore;
  readonly companyFacts: FirestoreCompanyFactsStore;
  readonly push: FirestorePushStore;
  readonly deals: FirestoreDealStore;
  readonly dispatch: FirestoreDispatchStore;
  readonly documents: FirestoreDocumentStore;
  readonly buyers: FirestoreBuyerStore;

  private constructor(
    private readonly connection: FirestoreConnection,
    workingHours?: WorkingHoursSource,
  ) {
    // The working hours the work layer and the intake time enquiries by: the caller's source (the
    // server's facts cache), else the record published in this store.
    const hours = workingHours ?? (() => publishedWorkingHours(this.companyFacts));
    this.enquiries = new FirestoreEnquiryStore(connection, (enquiry, options) =>
      this.work.fileEnquiry(enquiry, options),
    );
    this.subscribers = subscriberStore(new FirestoreSubscriberStore(connection));
    this.vitals = new FirestoreVitalsStore(connection);
    this.keys = new FirestoreKeyStore(connection);
    this.staff = new FirestoreStaffStore(connection);
    this.sessions = new FirestoreSessionStore(connection);
    this.members = new FirestoreMemberStore(connection);
    this.attemptCounters = new FirestoreAttemptCounterStore(connection);
    this.enquiryWork = new FirestoreEnquiryWorkStore(connection);
    this.work = workLayer(new FirestoreWorkPort(connection), hours, () => publishedFacts(this.companyFacts));
    this.team = new FirestoreTeamStore(connection);
    this.subscriberDirectory = new FirestoreSubscriberDirectory(connection);
    this.activity = new FirestoreActivityLog(connection);
    this.retention = retentionStore(new FirestoreRetentionPort(connection));
    this.personalData = personalDataStore(new FirestorePersonalDataPort(connection));
    this.leases = new FirestoreLeaseStore(connection);
    this.dashboard = new FirestoreDashboardStore(connection);
    this.webhooks = webhookStore(new FirestoreWebhookStore(connection));
    this.conversations = new FirestoreConversationStore(connection);
    this.templates = templateStore(new FirestoreTemplateStore(connection));
    this.companyFacts = new FirestoreCompanyFactsStore(connection);
    this.push = new FirestorePushStore(connection);
    this.documents = new FirestoreDocumentStore(connection);
    this.deals = new FirestoreDealStore(connection);
    this.dispatch = new FirestoreDispatchStore(connection);
    this.buyers = new FirestoreBuyerStore(connection);
  }

  /** Connects lazily: the first call reaches the database. */
  static async open(
    options: FirestoreStoreOptions & { workingHours?: WorkingHoursSource },
  ): Promise<FirestoreStore> {
    return new FirestoreStore(new FirestoreConnection(options), options.workingHours);
  }

  async ping(): Promise<void> {
    // A read of one (absent) document: a real round trip to the database.
    await this.connection.run(() => this.connection.db.collection("_store").doc("ping").get());
  }

  async close(): Promise<void> {
    await this.connection.close();
  }
}
