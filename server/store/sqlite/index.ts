import type { Store, SubscriberStore } from "../store";
import { SqliteActivityLog } from "./activity";
import { SqliteDashboardStore } from "./dashboard";
import { SqliteConnection, type SqliteRun, type SqliteStoreOptions } from "./connection";
import { SqliteEnquiryWorkStore } from "./enquiry-work";
import { SqliteLeaseStore } from "./leases";
import { SqlitePersonalDataPort } from "./personal-data";
import { SqliteSessionStore } from "./sessions";
import { SqliteAttemptCounterStore } from "./attempt-counters";
import { SqliteStaffStore } from "./staff";
import { SqliteMemberStore } from "./members";
import { SqliteSubscriberDirectory } from "./subscriber-directory";
import { SqliteEnquiryStore } from "./enquiries";
import { SqliteKeyStore, SqliteSubscriberStore } from "./subscribers";
import { SqliteRetentionPort } from "./retention";
import { SqliteVitalsStore } from "./vitals";
import { SqliteTeamStore } from "./team";
import { SqliteWebhookStore } from "./webhooks";
import { SqliteConversationStore } from "./conversations";
import { SqliteTemplateStore } from "./templates";
import { SqliteCompanyFactsStore } from "./company-facts";
import { SqlitePushStore } from "./push";
import { SqliteDealStore } from "./deals";
import { SqliteDispatchStore } from "./dispatch";
import { SqliteDocumentStore } from "./documents";
import { SqliteBuyerStore } from "./buyers";
import { SqliteWorkPort } from "./work-port";
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
  DEFAULT_BUSY_TIMEOUT_MS,
  sqliteFileOf,
  sqlitePathFromUrl,
  type SqliteStoreOptions,
} from "./connection";
export { SQLITE_SCHEMA_VERSION } from "./migrations";

/** The default store: one SQLite file, whose one connection every concern shares (docs/decisions/003). */
export class SqliteStore implements Store {
  readonly enquiries: SqliteEnquiryStore;
  readonly subscribers: SubscriberStore;
  readonly vitals: SqliteVitalsStore;
  readonly keys: SqliteKeyStore;
  readonly staff: SqliteStaffStore;
  readonly sessions: SqliteSessionStore;
  readonly members: SqliteMemberStore;
  readonly attemptCounters: SqliteAttemptCounterStore;
  readonly enquiryWork: SqliteEnquiryWorkStore;
  readonly work: Store["work"];
  readonly team: SqliteTeamStore;
  readonly subscriberDirectory: SqliteSubscriberDirectory;
  readonly activity: SqliteActivityLog;
  readonly retention: Store["retention"];
  readonly personalData: Store["personalData"];
  readonly leases: SqliteLeaseStore;
  readonly dashboard: SqliteDashboardStore;
  readonly webhooks: WebhookStore;
  readonly conversations: SqliteConversationStore;
  readonly templates: TemplateStore;
  readonly companyFacts: SqliteCompanyFactsStore;
  readonly push: SqlitePushStore;
  readonly deals: SqliteDealStore;
  readonly dispatch: SqliteDispatchStore;
  readonly documents: SqliteDocumentStore;
  readonly buyers: SqliteBuyerStore;

  private constructor(
    private readonly connection: SqliteConnection,
    workingHours?: WorkingHoursSource,
  ) {
    // The working hours the work layer and the intake time enquiries by: the caller's source (the
    // server's facts cache), else the record published in this store.
    const hours = workingHours ?? (() => publishedWorkingHours(this.companyFacts));
    this.enquiries = new SqliteEnquiryStore(connection, (enquiry, options) =>
      this.work.fileEnquiry(enquiry, options),
    );
    this.subscribers = subscriberStore(new SqliteSubscriberStore(connection));
    this.vitals = new SqliteVitalsStore(connection);
    this.keys = new SqliteKeyStore(connection);
    const run: SqliteRun = (work) => connection.run(work);
    this.staff = new SqliteStaffStore(run);
    this.sessions = new SqliteSessionStore(run);
    this.members = new SqliteMemberStore(run, connection.enquiryTable);
    this.attemptCounters = new SqliteAttemptCounterStore(run);
    this.enquiryWork = new SqliteEnquiryWorkStore(run, connection.enquiryTable);
    this.work = workLayer(new SqliteWorkPort(run, connection.enquiryTable), hours, () =>
      publishedFacts(this.companyFacts),
    );
    this.team = new SqliteTeamStore(run, connection.enquiryTable);
    this.subscriberDirectory = new SqliteSubscriberDirectory(run);
    this.activity = new SqliteActivityLog(run);
    this.retention = retentionStore(new SqliteRetentionPort(run, connection.enquiryTable));
    this.personalData = personalDataStore(new SqlitePersonalDataPort(run, connection.enquiryTable));
    this.leases = new SqliteLeaseStore(run);
    this.dashboard = new SqliteDashboardStore(run, connection.enquiryTable);
    this.webhooks = webhookStore(new SqliteWebhookStore(run));
    this.conversations = new SqliteConversationStore(run, connection.enquiryTable);
    this.templates = templateStore(new SqliteTemplateStore(run));
    this.companyFacts = new SqliteCompanyFactsStore(run);
    this.push = new SqlitePushStore(run);
    this.documents = new SqliteDocumentStore(run);
    this.deals = new SqliteDealStore(run, connection.enquiryTable);
    this.dispatch = new SqliteDispatchStore(run, connection.enquiryTable);
    this.buyers = new SqliteBuyerStore(run, connection.enquiryTable);
  }

  /**
   * Opens the store, creating the folder, the file and the schema if needed. When the file cannot
   * be used yet, the store is returned all the same and its calls fail with StoreUnavailableError
   * until the cause is gone (SqliteConnection).
   */
  static async open(
    options: SqliteStoreOptions & { workingHours?: WorkingHoursSource },
  ): Promise<SqliteStore> {
    const connection = new SqliteConnection(options);
    connection.open();
    return new SqliteStore(connection, options.workingHours);
  }

  async ping(): Promise<void> {
    // A write that changes nothing: SQLite still takes the write lock and refuses a read-only file,
    // so this proves the database can be written, not only that it opened.
    this.connection.run((db) => {
      db.transaction(() => {
        db.prepare("DELETE FROM vitals WHERE 0").run();
      }).immediate();
    });
  }

  async close(): Promise<void> {
    this.connection.close();
  }
}
