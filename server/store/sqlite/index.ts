import type { StoreAdapters } from "../adapters";
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
import type { WorkPort } from "../work-port";

export { sqliteFileOf, sqlitePathFromUrl, type SqliteStoreOptions } from "./connection";
export { SQLITE_SCHEMA_VERSION } from "./migrations";

/**
 * The default store's adapters: one SQLite file, whose one connection every concern shares (the
 * form's intake, on the server, writes on a thread of its own with its own: openSqliteWorkPort)
 * (docs/decisions/003). server/store/index.ts makes the store of them (SqliteStore).
 */
export class SqliteAdapters implements StoreAdapters {
  readonly enquiries: SqliteEnquiryStore;
  readonly subscribers: SqliteSubscriberStore;
  readonly vitals: SqliteVitalsStore;
  readonly keys: SqliteKeyStore;
  readonly staff: SqliteStaffStore;
  readonly sessions: SqliteSessionStore;
  readonly members: SqliteMemberStore;
  readonly attemptCounters: SqliteAttemptCounterStore;
  readonly enquiryWork: SqliteEnquiryWorkStore;
  readonly workPort: WorkPort;
  readonly team: SqliteTeamStore;
  readonly subscriberDirectory: SqliteSubscriberDirectory;
  readonly activity: SqliteActivityLog;
  readonly retention: SqliteRetentionPort;
  readonly personalData: SqlitePersonalDataPort;
  readonly leases: SqliteLeaseStore;
  readonly dashboard: SqliteDashboardStore;
  readonly webhooks: SqliteWebhookStore;
  readonly conversations: SqliteConversationStore;
  readonly templates: SqliteTemplateStore;
  readonly companyFacts: SqliteCompanyFactsStore;
  readonly push: SqlitePushStore;
  readonly deals: SqliteDealStore;
  readonly dispatch: SqliteDispatchStore;
  readonly documents: SqliteDocumentStore;
  readonly buyers: SqliteBuyerStore;
  readonly intakeThread?: SqliteStoreOptions;

  private constructor(
    private readonly connection: SqliteConnection,
    options: SqliteStoreOptions,
  ) {
    if (options.intakeThread && connection.path !== ":memory:") {
      const { busyTimeoutMs } = options;
      this.intakeThread = {
        path: connection.path,
        enquiryCollection: options.enquiryCollection,
        ...(busyTimeoutMs === undefined ? {} : { busyTimeoutMs }),
      };
    }
    this.enquiries = new SqliteEnquiryStore(connection);
    this.subscribers = new SqliteSubscriberStore(connection);
    this.vitals = new SqliteVitalsStore(connection);
    this.keys = new SqliteKeyStore(connection);
    const run: SqliteRun = (work) => connection.run(work);
    this.staff = new SqliteStaffStore(run);
    this.sessions = new SqliteSessionStore(run);
    this.members = new SqliteMemberStore(run, connection.enquiryTable);
    this.attemptCounters = new SqliteAttemptCounterStore(run);
    this.enquiryWork = new SqliteEnquiryWorkStore(run, connection.enquiryTable);
    this.workPort = new SqliteWorkPort(run, connection.enquiryTable);
    this.team = new SqliteTeamStore(run, connection.enquiryTable);
    this.subscriberDirectory = new SqliteSubscriberDirectory(run);
    this.activity = new SqliteActivityLog(run);
    this.retention = new SqliteRetentionPort(run, connection.enquiryTable);
    this.personalData = new SqlitePersonalDataPort(run, connection.enquiryTable);
    this.leases = new SqliteLeaseStore(run);
    this.dashboard = new SqliteDashboardStore(run, connection.enquiryTable);
    this.webhooks = new SqliteWebhookStore(run, (work) => connection.runWhenFree(work));
    this.conversations = new SqliteConversationStore(run, connection.enquiryTable);
    this.templates = new SqliteTemplateStore(run);
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
  static async open(options: SqliteStoreOptions): Promise<SqliteAdapters> {
    const connection = new SqliteConnection(options);
    connection.open();
    return new SqliteAdapters(connection, options);
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

/**
 * The work layer's port on a connection of its own to the store's file: the one the form's intake
 * writes through on its own thread (server/work/intake-thread-worker.ts). The file is already
 * migrated by the store's own connection, opened first.
 */
export function openSqliteWorkPort(options: SqliteStoreOptions): { port: WorkPort; close(): void } {
  // Made by the store's own connection: if it goes missing, it is not made again empty here.
  const connection = new SqliteConnection(options, { existing: true });
  connection.open();
  return {
    port: new SqliteWorkPort((work) => connection.run(work), connection.enquiryTable),
    close: () => connection.close(),
  };
}
