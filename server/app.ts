import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyServerOptions } from "fastify";
import helmet from "helmet";
import { API_PREFIX } from "../domain/contract";
import { publicUrlOf, retentionPeriodsOf, vapidOf, whatsappOf, type Config } from "./config";
import { NewsletterLinks } from "./newsletter/links";
import { PaymentLinks } from "./documents/payment-links";
import { PAYMENT_PAGE_STYLE, paymentPageRoutes } from "./routes/payment-page";
import { StaffLinks } from "./admin/staff-links";
import { createNotifier } from "./notify";
import { CompanyFactsCache } from "./company/facts-cache";
import { PLACEHOLDER_FACTS } from "../domain/company-facts";
import { outboxMonitor, watchOutbox } from "./notify/outbox-watch";
import { newWorkerId, OutboxWorker, type OutboxWorkerOptions } from "./notify/outbox-worker";
import { apiMessages } from "./routes/api-errors";
import { WebhookWorker, type WebhookWorkerOptions } from "./webhooks/webhook-worker";
import { apiRoutes } from "./routes/api";
import { consoleDirFor, consoleSiteRoutes } from "./routes/console-site";
import { siteRoutes } from "./routes/site";
import { factsPages } from "./site/facts-pages";
import { renderDirFor } from "./site/page-renderer";
import { closeDocumentRendering } from "./documents/render";
import { MESSAGE_PAGE_STYLE } from "./routes/form-posts";
import { scheduleBackups } from "./backup/backup-schedule";
import { holdDatabase } from "./backup/database-lock";
import { checkBuiltRetention } from "./retention/built-periods";
import {
  idempotencyKeysStep,
  scheduleRetention,
  signInRecordsStep,
  unconfirmedSubscribersStep,
  type RetentionSweepStep,
} from "./retention/retention-schedule";
import type { ScheduleTimers } from "./scheduled-task";
import { scheduleDigests } from "./team/digest-schedule";
import { parseImapUrl } from "./mail/imap-settings";
import { scheduleMailboxReading } from "./mail/mailbox-reader";
import { messageIdDomain } from "./notify/message-ids";
import { combineNotifiers } from "./notify/combined-notifier";
import type { Notifier } from "./notify/notifier";
import { createWhatsAppNotifier } from "./whatsapp/whatsapp-notifier";
import { createPushNotifier, pushOffNotifier } from "./push/push-notifier";
import { scheduleReminders } from "./push/reminder-schedule";
import { installHostCheck } from "./host-check";
import { frameworkErrors, installRefusalShape } from "./refusals";
import { withoutPersonalData } from "./request-log";
import { REQUEST_ID_HEADER, requestIdGenerator } from "./request-id";
import { rateLimitStore } from "./rate-limit-store";
import { createStore } from "./store";
import { installOps, type Ops } from "./ops";
import { instrumentStore } from "./ops/instrument-store";
import { trustProxyOption } from "./trusted-proxy";
import { sqliteFileOf } from "./store/sqlite";
import {
  contentSecurityPolicyDirectives,
  DOCUMENT_ONLY_HEADERS,
  cspHash,
  everyHash,
  inlineScriptHashes,
  inlineStyleHashesByFile,
  isSubresource,
  isWorkerScript,
  permissionsPolicy,
  policyHeaderOf,
} from "./security-headers";

export interface BuildAppOptions {
  config: Config;
  logger?: FastifyServerOptions["logger"];
  /** Tuning of the outbox worker (tests shorten its waits). */
  outbox?: Pick<OutboxWorkerOptions, "pollIntervalMs" | "retry" | "leaseMs" | "workerId">;
  /** The retention sweeps: steps beyond the store's own, and the clock and timers (tests set them). */
  retention?: {
    steps?: readonly RetentionSweepStep[];
    now?: () => Date;
    timers?: ScheduleTimers;
    leaseMs?: number;
  };
  /** The outbox's stall watch: its clock and timers (tests set them). */
  outboxWatch?: { now?: () => Date; timers?: ScheduleTimers };
  /** Tuning of the webhook worker (tests shorten its waits). */
  webhooks?: Omit<WebhookWorkerOptions, "store" | "log" | "allowPrivate">;
  /** The time the console's sessions and sign-in limits go by (tests set it). */
  clock?: () => Date;
  /** The 09:00 digests: the clock and timers (tests set them). */
  digest?: { now?: () => Date; timers?: ScheduleTimers; leaseMs?: number };
  /** The follow-up reminders on the phone: the clock and timers (tests set them). */
  reminders?: { now?: () => Date; timers?: ScheduleTimers; leaseMs?: number };
  /** How old the outbox's and webhooks' figures in /metrics may be (tests make them fresher). */
  metrics?: { backlogMaxAgeMs?: number };
  /** How often a store that cannot write is probed (tests probe at every readiness check). */
  readiness?: { writeProbeEveryMs?: number };
  /** The mailbox reader (IMAP_URL): the clock, timers and lease (tests set them). */
  mailbox?: { now?: () => Date; timers?: ScheduleTimers; leaseMs?: number };
  /** The check for newly published company facts, which re-renders the pages: its timers (tests set them). */
  publishedPages?: { timers?: ScheduleTimers };
  /**
   * On a SQLite file, the form's enquiries written on a thread of their own (server/work/intake-thread.ts),
   * as the server writes them (main.ts). Off by default: an app built in process by a test writes
   * them on the thread that serves it, and the thread's own tests turn it on.
   */
  intakeThread?: boolean;
}

/** Builds the server from its plugins; `main.ts` listens, tests call `inject()`. */
export async function buildApp({
  config,
  logger = false,
  outbox,
  retention,
  outboxWatch,
  webhooks,
  clock = () => new Date(),
  digest,
  reminders,
  metrics,
  mailbox,
  readiness,
  publishedPages: publishedPagesOptions,
  intakeThread = false,
}: BuildAppOptions) {
  const app = Fastify({
    logger: withoutPersonalData(logger),
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Each request's id (`reqId` on its log lines): the proxy's X-Request-Id, or a new UUID.
    requestIdHeader: false,
    genReqId: requestIdGenerator(config.TRUST_PROXY),
    bodyLimit: 16 * 1024,
    // Answer slow or stuck clients instead of holding a socket forever.
    connectionTimeout: 30_000,
    requestTimeout: 30_000,
    return503OnClosing: true,
    frameworkErrors,
  });
  // First of all hooks, so every answer carries it, refusals included: the id to quote to an operator.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  installRefusalShape(app);
  installHostCheck(app, config);

  // The privacy policy is prerendered: a server keeping other periods than it states must not start.
  const periods = retentionPeriodsOf(config);
  await checkBuiltRetention(config.SITE_DIR, periods, (message) => app.log.warn(message));

  const scriptHashes = await inlineScriptHashes(config.SITE_DIR);
  // The built pages' inline stylesheets, and those of the server's own message and payment pages.
  const styleHashesByFile = await inlineStyleHashesByFile(config.SITE_DIR);
  const styleHashes = [
    ...everyHash(styleHashesByFile),
    cspHash(MESSAGE_PAGE_STYLE),
    cspHash(PAYMENT_PAGE_STYLE),
  ];
  // Each page's own policy names only the stylesheets it carries; other answers keep the one below.
  const pagePolicies = new Map(
    [...styleHashesByFile].map(([file, hashes]) => [
      file,
      policyHeaderOf(contentSecurityPolicyDirectives(scriptHashes, hashes)),
    ]),
  );
  // Helmet's headers, built once: the policy is the same for every answer, so nothing about it is
  // worked out again per request (the Fastify plugin rebuilt the middleware, CSP parse included,
  // on each one).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives(scriptHashes, styleHashes),
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    // X-Download-Options only ever meant something to Internet Explorer 8's downloads.
    xDownloadOptions: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) => {
      done(error instanceof Error ? error : undefined);
    });
  });
  app.addHook("onSend", async (request, reply) => {
    if (isSubresource(reply.getHeader("content-type")) && !isWorkerScript(request.url)) {
      for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    } else {
      reply.header("permissions-policy", permissionsPolicy);
    }
  });
  // Compresses API answers; the site's files are served precompressed by the static plugin.
  await app.register(fastifyCompress, { encodings: ["br", "gzip"], threshold: 1024 });

  // The store is opened once; every route and the outbox worker use it through the Store type.
  // Every failed store call, whoever made it, is counted in /metrics and makes readiness ask again.
  // Installed once the workers it reads exist; the store and the webhook worker report to it then.
  const installed: { ops?: Ops } = {};
  // The store's changes time enquiries by the working hours of the company's facts in force, as
  // this instance's facts cache holds them (below): the figure the pages and the FAQ show.
  const factsHeld: { cache?: CompanyFactsCache } = {};
  const workingHours = async () =>
    factsHeld.cache ? factsHeld.cache.workingHours() : PLACEHOLDER_FACTS.workingHours;
  const store = instrumentStore(
    await createStore(config.DATABASE_URL, { workingHours, intakeThread }),
    (concern, kind, error) => installed.ops?.storeFailed(concern, kind, error),
  );
  app.decorate("store", store);
  app.decorate("clock", clock);
  // The company's facts in force, read through one cache per instance (server/company/facts-cache.ts).
  const companyFacts = new CompanyFactsCache({ reader: store.companyFacts, now: clock });
  factsHeld.cache = companyFacts;
  app.decorate("companyFacts", companyFacts);

  const newsletterLinks = new NewsletterLinks(store.keys, publicUrlOf(config));
  app.decorate("newsletterLinks", newsletterLinks);
  const paymentLinks = new PaymentLinks(store.keys, publicUrlOf(config));
  app.decorate("paymentLinks", paymentLinks);
  const staffLinks = new StaffLinks(store.keys, publicUrlOf(config));
  app.decorate("staffLinks", staffLinks);
  app.decorate("consoleSettings", { requireOwnerTotp: config.REQUIRE_OWNER_TOTP });
  const mailNotifier = createNotifier(
    config,
    newsletterLinks,
    staffLinks,
    () => companyFacts.facts(),
    paymentLinks,
  );
  // Push notifications go through the same outbox as mail, sent by their own notifier; without
  // VAPID keys a push queued for a device subscribed before is dropped (docs/configuration.md).
  const vapid = vapidOf(config);
  const pushNotifier = vapid
    ? createPushNotifier({
        store: store.push,
        vapid,
        log: app.log,
        timeoutMs: config.NOTIFY_TIMEOUT_SECONDS * 1_000,
        allowLoopback: config.PUSH_ALLOW_LOOPBACK,
      })
    : mailNotifier && pushOffNotifier(app.log);
  // WhatsApp messages sent from the console go through the outbox too (docs/whatsapp.md).
  const whatsapp = whatsappOf(config);
  const notifiers = [mailNotifier, pushNotifier, whatsapp && createWhatsAppNotifier(whatsapp)].filter(
    (one): one is Notifier => Boolean(one),
  );
  const notifier = notifiers.length > 1 ? combineNotifiers(notifiers) : notifiers[0];
  app.decorate("push", { publicKey: vapid?.publicKey ?? null, allowLoopback: config.PUSH_ALLOW_LOOPBACK });
  const worker = notifier
    ? new OutboxWorker({
        store,
        notifier,
        log: app.log,
        sendTimeoutMs: config.NOTIFY_TIMEOUT_SECONDS * 1_000,
        ...(config.OUTBOX_LEASE_SECONDS ? { leaseMs: config.OUTBOX_LEASE_SECONDS * 1_000 } : {}),
        ...outbox,
      })
    : undefined;
  if (worker)
    app.log.info({ notifier: notifier?.name, workerId: worker.workerId }, "enquiry notifications on");
  else {
    app.log.warn(
      "No notifier configured (set SMTP_URL and NOTIFY_TO, or the EMAILJS_ variables): " +
        "enquiries are stored and their notifications wait in the outbox until one is.",
    );
  }
  const monitor = outboxMonitor({
    store,
    alertAfterMinutes: config.OUTBOX_ALERT_MINUTES,
    now: outboxWatch?.now,
  });
  const webhookWorker = new WebhookWorker({
    store,
    log: app.log,
    allowPrivate: config.WEBHOOKS_ALLOW_PRIVATE,
    onAttempt: (endpointId, delivered, at) =>
      installed.ops?.metrics.webhookAttempt(endpointId, delivered, at),
    ...webhooks,
  });
  app.decorate("webhookWorker", webhookWorker);
  // A stored enquiry wakes both outboxes: its mail and its webhooks.
  const wake = () => {
    worker?.wake();
    webhookWorker.wake();
  };
  app.decorate("outbox", { wake, worker, monitor });
  // A notification waiting past OUTBOX_ALERT_MINUTES is logged as an error every few minutes.
  const outboxStallWatch = watchOutbox({ monitor, log: app.log, timers: outboxWatch?.timers });
  /** This instance's name in the store's leases on timed jobs. */
  const instanceId = worker?.workerId ?? newWorkerId();

  // A SQLite database is marked as in use while the server runs (`npm run restore` refuses to
  // replace it then) and, with BACKUP_INTERVAL_HOURS, backed up on a schedule.
  const databasePath = sqliteFileOf(config.DATABASE_URL);
  const backups =
    databasePath && config.BACKUP_INTERVAL_HOURS
      ? scheduleBackups({
          databasePath,
          backupDir: config.BACKUP_DIR,
          everyHours: config.BACKUP_INTERVAL_HOURS,
          keep: config.BACKUP_KEEP,
          log: app.log,
          leases: store.leases,
          holder: instanceId,
        })
      : undefined;
  app.decorate("backups", backups);

  // Personal data past its retention period is erased soon after the server listens, then every
  // few hours (docs/decisions/013-retention.md).
  const retentionSweeps = scheduleRetention({
    store,
    holder: instanceId,
    periods,
    log: app.log,
    ...retention,
    steps: [
      unconfirmedSubscribersStep(store),
      signInRecordsStep(store),
      idempotencyKeysStep(store),
      ...(retention?.steps ?? []),
    ],
  });
  app.decorate("retention", retentionSweeps);
  // Each member with something due gets one digest mail a day at 09:00 IST (docs/decisions/022).
  const digests = scheduleDigests({
    store,
    holder: instanceId,
    log: app.log,
    wake: () => worker?.wake(),
    ...digest,
  });
  app.decorate("team", { digests });
  // The buyers' answers to the console's replies, read from the company's mailbox (IMAP_URL) by
  // the instance holding the reader's lease (docs/console.md, Conversation).
  const imap = config.IMAP_URL ? parseImapUrl(config.IMAP_URL) : undefined;
  const mailboxReader =
    imap && !("problem" in imap)
      ? scheduleMailboxReading({
          settings: imap,
          store,
          companyAddress: config.MAIL_FROM,
          authservIds: config.IMAP_AUTHSERV_ID,
          holder: instanceId,
          log: app.log,
          everyMs: config.IMAP_POLL_SECONDS * 1_000,
          wake: () => worker?.wake(),
          ...mailbox,
        })
      : undefined;
  // The WhatsApp Business Platform (docs/whatsapp.md): the webhook answers only when it is set up.
  app.decorate("whatsapp", whatsapp);
  app.decorate("conversation", {
    mailFrom: config.MAIL_FROM,
    messageIdDomain: messageIdDomain(config.MAIL_FROM),
    mailbox: mailboxReader,
  });
  // A member's follow-up falling due reaches their phone within a minute (docs/console.md).
  const followUpReminders = vapid
    ? scheduleReminders({ store, holder: instanceId, log: app.log, wake: () => worker?.wake(), ...reminders })
    : undefined;
  app.decorate("reminders", followUpReminders);
  let releaseDatabase: (() => Promise<void>) | undefined;
  /** Enquiries stored before buyer keys existed get theirs once (Firestore; SQLite's migration gave them). */
  let buyerKeysBackfill: Promise<void> | undefined;
  /** Work records stored before a derived flag existed get theirs once (Firestore; SQLite's migrations gave them). */
  let derivedFlagsBackfill: Promise<void> | undefined;
  const stopDerivedFlags = new AbortController();

  app.addHook("onReady", async () => {
    if (databasePath) releaseDatabase = await holdDatabase(databasePath);
    worker?.start();
    webhookWorker.start();
  });
  // The public pages follow the company's published facts, rendered again on each instance when a
  // new version is published (docs/decisions/041-pages-rendered-from-the-company-facts.md). A build
  // without React Router's server build kept beside it serves its own pages as they are.
  const renderDir = renderDirFor(config.SITE_DIR);
  const publishedPages = existsSync(join(renderDir, "index.js"))
    ? factsPages({
        reader: store.companyFacts,
        renderDir,
        siteDir: config.SITE_DIR,
        pagesDir: config.PAGES_DIR ?? join(dirname(resolve(config.SITE_DIR)), "rendered-pages"),
        log: app.log,
        everyMs: config.COMPANY_FACTS_POLL_SECONDS * 1_000,
        ...(publishedPagesOptions?.timers ? { timers: publishedPagesOptions.timers } : {}),
      })
    : undefined;
  if (!publishedPages)
    app.log.info("the build has no page renderer: the pages keep the build's company facts");
  app.decorate("publishedPages", publishedPages);

  app.addHook("onListen", async () => {
    publishedPages?.start();
    retentionSweeps.start();
    outboxStallWatch.start();
    digests.start();
    mailboxReader?.start();
    followUpReminders?.start();
    buyerKeysBackfill = store.buyers.backfillKeys().then(
      (given) => {
        if (given > 0) app.log.info({ given }, "buyer keys given to enquiries stored before them");
      },
      (error: unknown) =>
        app.log.error(
          { err: error },
          "giving older enquiries their buyer keys failed; it runs again at the next start",
        ),
    );
    derivedFlagsBackfill = store.derivedFlags.fill({ log: app.log, signal: stopDerivedFlags.signal }).then(
      () => undefined,
      (error: unknown) =>
        app.log.error(
          { err: error },
          "giving older work records their derived flags failed; it goes on at the next start",
        ),
    );
  });
  app.addHook("onClose", async () => {
    // Stopped between two pages: the marker's cursor says where the next start goes on.
    stopDerivedFlags.abort();
    await publishedPages?.stop();
    await buyerKeysBackfill;
    await derivedFlagsBackfill;
    await backups?.stop();
    await retentionSweeps.stop();
    await digests.stop();
    await mailboxReader?.stop();
    await followUpReminders?.stop();
    await outboxStallWatch.stop();
    await worker?.stop();
    await webhookWorker.stop();
    await closeDocumentRendering();
    await notifier?.close();
    await store.close();
    await releaseDatabase?.();
  });

  const limitCounters = rateLimitStore(config.REDIS_URL, app.log);
  app.addHook("onReady", () => limitCounters.connected());
  app.addHook("onClose", () => limitCounters.close());
  // /livez, /readyz and /metrics, and the timing of every route registered after it.
  installed.ops = installOps(app, {
    config,
    store,
    counters: limitCounters,
    outboxTotals: () => worker?.totals,
    retention: () => retentionSweeps.status,
    backups: () => backups?.status,
    digestLastRunAt: () => digests.lastRunAt(),
    mailbox: () => mailboxReader?.status(),
    instanceId,
    ...(databasePath ? { dataFolder: dirname(databasePath) } : {}),
    ...(readiness?.writeProbeEveryMs !== undefined ? { writeProbeEveryMs: readiness.writeProbeEveryMs } : {}),
    ...(metrics?.backlogMaxAgeMs !== undefined ? { backlogMaxAgeMs: metrics.backlogMaxAgeMs } : {}),
  });
  await app.register(fastifyRateLimit, {
    ...limitCounters.options,
    global: false,
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(apiMessages.tooManyRequests(context.after)), {
        statusCode: context.statusCode,
      }),
  });
  await app.register(apiRoutes, {
    prefix: API_PREFIX,
    rateLimit: { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
    acknowledgeVisitors: config.ACKNOWLEDGE_VISITORS,
  });
  // The buyers' payment pages (docs/invoices.md), rate-limited as the site's forms are.
  await app.register(paymentPageRoutes, {
    rateLimit: { max: config.RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 },
  });
  await app.register(siteRoutes, {
    siteDir: config.SITE_DIR,
    policyOf: (file) => pagePolicies.get(file),
    ...(publishedPages ? { pages: publishedPages.pages } : {}),
  });
  await app.register(consoleSiteRoutes, { consoleDir: consoleDirFor(config.SITE_DIR) });

  return app;
}
