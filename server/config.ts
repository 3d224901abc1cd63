import { createECDH } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { brand } from "../domain/brand";
import { parseRetentionSetting, type RetentionPeriods } from "../domain/retention";
import { parseImapUrl } from "./mail/imap-settings";

/** Empty strings count as unset, so `FOO= npm start` means "use the default". */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const port = z.coerce.number().int().min(0).max(65535);

const databaseUrl = z
  .string()
  .refine((value) => /^sqlite:.+/.test(value) || /^firestore:\/\/[a-z0-9-]+$/i.test(value), {
    message: "must be sqlite:<path> or firestore://<project-id>",
  });

const smtpUrl = z.string().refine((value) => /^smtps?:\/\/[^/]+/.test(value), {
  message: "must be smtp://user:pass@host:port or smtps://user:pass@host:port",
});

const email = z.string().email();

const imapUrl = z.string().transform((value, ctx) => {
  const parsed = parseImapUrl(value);
  if ("problem" in parsed) {
    ctx.addIssue({ code: "custom", message: parsed.problem });
    return z.NEVER;
  }
  return value;
});

/** A retention setting, parsed as the build parses it (domain/retention.ts), so both agree. */
const retentionSetting = (key: keyof RetentionPeriods) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseRetentionSetting(key, value);
      if ("problem" in parsed) {
        ctx.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }
      return parsed.value;
    });

const booleanFlag = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

/** The WhatsApp settings: all or none (docs/whatsapp.md). */
export const WHATSAPP_SETTINGS = [
  "WHATSAPP_GRAPH_URL",
  "WHATSAPP_PHONE_NUMBER_ID",
  "WHATSAPP_ACCESS_TOKEN",
  "WHATSAPP_APP_SECRET",
  "WHATSAPP_VERIFY_TOKEN",
] as const;

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` also takes. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

export const TRUST_PROXY_HELP =
  "set the number of proxies in front of the server (1 for one reverse proxy such as Caddy on this machine) " +
  "or their addresses, comma-separated (127.0.0.1, 10.0.0.0/8); `true` would trust every " +
  "X-Forwarded-For hop a client writes";

/**
 * Which proxies may say who the client is: `false` (none), a number of hops, or their addresses.
 * `true` is refused: it trusts the whole X-Forwarded-For chain, the client's own first entry too.
 */
const trustProxy = z.string().transform((raw, ctx): false | number | string[] => {
  const value = raw.trim().toLowerCase();
  if (value === "false" || value === "no" || value === "0") return false;
  if (/^\d+$/.test(value) && Number(value) <= 100) return Number(value);
  const entries = value.split(",").map((entry) => entry.trim());
  if (value !== "" && entries.every(isProxyAddress)) return entries;
  ctx.addIssue({ code: "custom", message: `is '${raw}': ${TRUST_PROXY_HELP}` });
  return z.NEVER;
});

/** A VAPID key as `npx web-push generate-vapid-keys` prints it: URL-safe base64 of `bytes` bytes. */
const vapidKey = (bytes: number, what: string) =>
  z
    .string()
    .refine((value) => /^[A-Za-z0-9_-]+$/.test(value) && Buffer.from(value, "base64url").length === bytes, {
      message: `must be the ${what} that npx web-push generate-vapid-keys prints (URL-safe base64, ${bytes} bytes)`,
    });

/** Whether a VAPID public key is the one of this private key (P-256). */
function vapidKeysMatch(publicKey: string, privateKey: string): boolean {
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.setPrivateKey(Buffer.from(privateKey, "base64url"));
    return ecdh.getPublicKey().equals(Buffer.from(publicKey, "base64url"));
  } catch {
    return false;
  }
}

export const configSchema = z
  .object({
    PORT: optional(port).default(3000),
    HOST: optional(z.string().min(1)).default("127.0.0.1"),
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).default(
      "info",
    ),
    /** The proxies in front (a hop count or addresses): the client's address and scheme come from their X-Forwarded- headers. */
    TRUST_PROXY: optional(trustProxy).default(false),
    SITE_DIR: optional(z.string().min(1)).default("build/client"),
    /**
     * Where the pages rendered from the company's published facts are written, a folder the server
     * may write (docs/decisions/041-pages-rendered-from-the-company-facts.md); beside SITE_DIR unless set.
     */
    PAGES_DIR: optional(z.string().min(1)),
    /** How often each instance asks whether new company facts were published, in seconds (30 at most). */
    COMPANY_FACTS_POLL_SECONDS: optional(z.coerce.number().int().min(1).max(30)).default(30),
    /** Where visitors reach the site, for links in mail (`https://collarise.example`); the local server unless set. */
    PUBLIC_URL: optional(
      z
        .string()
        .url()
        .refine((value) => /^https?:\/\//.test(value), { message: "must be an http(s) URL" }),
    ),
    /** `production` with PUBLIC_URL set: requests for any other host are refused (server/host-check.ts). */
    NODE_ENV: optional(z.string()),
    DATABASE_URL: optional(databaseUrl).default("sqlite:./data/site.db"),
    RATE_LIMIT_PER_MINUTE: optional(z.coerce.number().int().min(1).max(1_000_000)).default(10),
    /** Where every instance counts the per-address limits together (`redis://host:6379`); in memory unless set. */
    REDIS_URL: optional(
      z.string().refine((value) => /^rediss?:\/\/[^/]+/.test(value), {
        message: "must be redis://host:port or rediss://user:pass@host:port",
      }),
    ),
    /** Says one instance runs on Firestore, so the per-address limits may be counted in its memory. */
    SINGLE_INSTANCE: optional(booleanFlag).default(false),
    SMTP_URL: optional(smtpUrl),
    NOTIFY_TO: optional(email),
    /** The sender of the company's enquiry mails; the company's own address unless set. */
    MAIL_FROM: optional(email).default(brand.companyEmail),
    /** The longest one delivery attempt (SMTP or EmailJS) may take before it is retried. */
    NOTIFY_TIMEOUT_SECONDS: optional(z.coerce.number().int().min(1).max(600)).default(30),
    /**
     * Minutes a notification may wait in the outbox before the server logs an error (every few
     * minutes, until it goes out) and the console's inbox warns staff that mail is not going out.
     */
    OUTBOX_ALERT_MINUTES: optional(
      z.coerce
        .number()
        .int()
        .min(1)
        .max(7 * 24 * 60),
    ).default(30),
    /**
     * How long an instance keeps the notifications it claimed before another may take them
     * (twice NOTIFY_TIMEOUT_SECONDS unless set): how soon a killed instance's mail goes out.
     */
    OUTBOX_LEASE_SECONDS: optional(z.coerce.number().int().min(2).max(3_600)),
    /**
     * The company's mailbox, read for buyers' answers to the console's replies
     * (`imaps://user:pass@host:993/INBOX`; server/mail/imap-settings.ts); not read unless set.
     */
    IMAP_URL: optional(imapUrl),
    /** How often one instance reads the mailbox for new answers. */
    IMAP_POLL_SECONDS: optional(z.coerce.number().int().min(1).max(3_600)).default(60),
    /**
     * The authserv-ids of the company's receiving mail servers (comma-separated), whose
     * Authentication-Results headers are believed (server/mail/sender-authentication.ts).
     */
    IMAP_AUTHSERV_ID: optional(
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((id) => id.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(z.array(z.string().regex(/^[a-z0-9.-]+$/, "must be host names, separated by commas")).max(10)),
    ).default([]),
    /** Also mail the visitor an acknowledgement with the enquiry's reference (SMTP only). */
    ACKNOWLEDGE_VISITORS: optional(booleanFlag).default(false),
    /** Lets webhooks go to private, loopback and link-local addresses, and over http: (tests only). */
    WEBHOOKS_ALLOW_PRIVATE: optional(booleanFlag).default(false),
    EMAILJS_SERVICE_ID: optional(z.string().min(1)),
    EMAILJS_TEMPLATE_ID: optional(z.string().min(1)),
    EMAILJS_PUBLIC_KEY: optional(z.string().min(1)),
    EMAILJS_PRIVATE_KEY: optional(z.string().min(1)),
    EMAILJS_API_URL: optional(z.string().url()).default("https://api.emailjs.com/api/v1.0/email/send"),
    /** Where `npm run backup` and the scheduled backups of the SQLite database go. */
    BACKUP_DIR: optional(z.string().min(1)).default("./data/backups"),
    /** When set, the server also backs the SQLite database up this often. */
    BACKUP_INTERVAL_HOURS: optional(
      z.coerce
        .number()
        .min(0.01)
        .max(24 * 30),
    ),
    /** How many backups to keep in BACKUP_DIR; older ones are removed after each new one. */
    BACKUP_KEEP: retentionSetting("backupKeep"),
    /** Days a closed enquiry is kept after it was closed; then it is erased with everything attached. */
    RETENTION_DAYS_CLOSED: retentionSetting("closedEnquiryDays"),
    /** Days a page-speed measurement is kept. */
    RETENTION_DAYS_VITALS: retentionSetting("vitalsDays"),
    /**
     * Lets a monitor on another machine read `/metrics` and the health check's detail with
     * `Authorization: Bearer <token>`; without it only callers on this machine may.
     */
    METRICS_TOKEN: optional(z.string().min(16, { message: "must be at least 16 characters" })),
    /** Seconds a stopping server says it is not ready (`/readyz` 503) while still serving, before it closes. */
    SHUTDOWN_DRAIN_SECONDS: optional(z.coerce.number().min(0).max(60)).default(0),
    /** Says the composite indexes in firestore.indexes.json are deployed (the launch check asks). */
    FIRESTORE_INDEXES_DEPLOYED: optional(booleanFlag).default(false),
    /** Owners must turn on two-step sign-in: the console offers them no "Not now". */
    REQUIRE_OWNER_TOTP: optional(booleanFlag).default(false),
    /**
     * No longer read: the first-contact target and the working hours it counts are the company's
     * published record (the console's Company page, docs/decisions/041). Still set, it would say
     * a target the server does not keep, so the server refuses to start until it is unset.
     */
    FIRST_CONTACT_HOURS: optional(z.string())
      .refine((value) => value === undefined, {
        message:
          "is no longer read: the first-contact target is the company's published record; an owner sets it on " +
          'the console\'s Company page, in "First contact within (working hours)". Unset FIRST_CONTACT_HOURS',
      })
      .transform(() => undefined),
    /**
     * The server's VAPID key pair (RFC 8292), with which it signs Web Push notifications to the
     * console's members: both or neither. Without them the console offers no notifications.
     */
    VAPID_PUBLIC_KEY: optional(vapidKey(65, "public key")),
    VAPID_PRIVATE_KEY: optional(vapidKey(32, "private key")),
    /**
     * Lets push subscriptions' endpoints be on 127.0.0.1, ::1 or localhost, over http: too, besides
     * the browsers' push services (domain/push.ts): the tests' stand-in push service only.
     */
    PUSH_ALLOW_LOOPBACK: optional(booleanFlag).default(false),
    /**
     * The WhatsApp Business Platform's Cloud API (docs/whatsapp.md): all five, or none (the console
     * then keeps its wa.me links). The Graph API's base with its version; a test points it at a
     * stand-in of it.
     */
    WHATSAPP_GRAPH_URL: optional(
      z
        .string()
        .url()
        .refine((value) => /^https?:\/\/[^/]+\/v[0-9]+\.[0-9]+\/?$/.test(value), {
          message: "must be the Graph API's base with its version, e.g. https://graph.facebook.com/v21.0",
        }),
    ),
    /** The business phone number's id in Meta's WhatsApp Manager (digits, not the number itself). */
    WHATSAPP_PHONE_NUMBER_ID: optional(z.string().regex(/^[0-9]{5,30}$/, "must be the number's id: digits")),
    /** A system user's permanent access token with whatsapp_business_messaging. */
    WHATSAPP_ACCESS_TOKEN: optional(z.string().min(20, { message: "must be the whole access token" })),
    /** The Meta app's secret, with which each webhook delivery's X-Hub-Signature-256 is checked. */
    WHATSAPP_APP_SECRET: optional(
      z.string().regex(/^[0-9a-f]{32}$/i, "must be the app secret: 32 hex characters"),
    ),
    /** The token typed into the webhook's settings in the Meta app, which verification repeats. */
    WHATSAPP_VERIFY_TOKEN: optional(z.string().min(16, { message: "must be at least 16 characters" })),
    /** Who push services may contact about the notifications: `mailto:` an address, or an https URL; MAIL_FROM unless set. */
    VAPID_SUBJECT: optional(
      z
        .string()
        .refine((value) => /^mailto:[^@\s]+@[^@\s]+$/.test(value) || /^https:\/\/[^/\s]+/.test(value), {
          message: "must be mailto:<address> or an https:// URL",
        }),
    ),
  })
  .superRefine((config, ctx) => {
    if (config.BACKUP_INTERVAL_HOURS !== undefined && config.DATABASE_URL.startsWith("firestore:")) {
      ctx.addIssue({
        code: "custom",
        path: ["BACKUP_INTERVAL_HOURS"],
        message:
          "backs up a SQLite database only; on Firestore unset it and use Firestore's own scheduled " +
          "backups (gcloud firestore backups schedules create; see docs/operating-on-firestore.md)",
      });
    }
    if (config.DATABASE_URL.startsWith("firestore://") && !config.REDIS_URL && !config.SINGLE_INSTANCE) {
      ctx.addIssue({
        code: "custom",
        path: ["REDIS_URL"],
        message:
          "is required with DATABASE_URL=firestore://…, so that every instance counts the per-address " +
          "limits together (REDIS_URL=redis://host:6379); set SINGLE_INSTANCE=true if only one instance runs",
      });
    }
    if (
      config.OUTBOX_LEASE_SECONDS !== undefined &&
      config.OUTBOX_LEASE_SECONDS <= config.NOTIFY_TIMEOUT_SECONDS
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["OUTBOX_LEASE_SECONDS"],
        message:
          "must be longer than NOTIFY_TIMEOUT_SECONDS, or another instance could send a mail still being sent",
      });
    }
    // Private addresses let anyone who may add a webhook reach the server's own network (cloud
    // metadata, databases): for tests only, so a production server refuses to start with it.
    if (config.WEBHOOKS_ALLOW_PRIVATE && config.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["WEBHOOKS_ALLOW_PRIVATE"],
        message:
          "may not be true with NODE_ENV=production: it lets webhooks reach private, loopback and " +
          "cloud metadata addresses, for tests only (see docs/webhooks.md); unset it",
      });
    }
    // Whoever may turn notifications on could otherwise make the server post to its own machine.
    if (config.PUSH_ALLOW_LOOPBACK && config.NODE_ENV === "production") {
      ctx.addIssue({
        code: "custom",
        path: ["PUSH_ALLOW_LOOPBACK"],
        message:
          "may not be true with NODE_ENV=production: it lets push notifications go to this machine's " +
          "own addresses, for tests only (see docs/configuration.md); unset it",
      });
    }
    if ((config.VAPID_PUBLIC_KEY === undefined) !== (config.VAPID_PRIVATE_KEY === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [config.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY"],
        message:
          "is required with the other VAPID key: set both (npx web-push generate-vapid-keys), or neither",
      });
    } else if (
      config.VAPID_PUBLIC_KEY &&
      config.VAPID_PRIVATE_KEY &&
      !vapidKeysMatch(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["VAPID_PUBLIC_KEY"],
        message: "is not the public key of VAPID_PRIVATE_KEY: set the two keys one generation printed",
      });
    }
    if (config.ACKNOWLEDGE_VISITORS && !config.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["ACKNOWLEDGE_VISITORS"], message: "needs SMTP_URL" });
    }
    if (config.SMTP_URL && !config.NOTIFY_TO) {
      ctx.addIssue({ code: "custom", path: ["NOTIFY_TO"], message: "is required when SMTP_URL is set" });
    }
    const whatsappSet = WHATSAPP_SETTINGS.filter((key) => config[key] !== undefined);
    if (whatsappSet.length > 0 && whatsappSet.length < WHATSAPP_SETTINGS.length) {
      for (const key of WHATSAPP_SETTINGS.filter((k) => config[k] === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "is required when any WHATSAPP_ variable is set (see docs/whatsapp.md)",
        });
      }
    }
    const emailjs = [
      "EMAILJS_SERVICE_ID",
      "EMAILJS_TEMPLATE_ID",
      "EMAILJS_PUBLIC_KEY",
      "EMAILJS_PRIVATE_KEY",
    ] as const;
    const set = emailjs.filter((key) => config[key] !== undefined);
    if (config.SMTP_URL && set.length > 0) {
      ctx.addIssue({
        code: "custom",
        path: ["SMTP_URL"],
        message: "set either SMTP_URL or the EMAILJS_ variables, not both",
      });
    }
    if (set.length > 0 && set.length < emailjs.length) {
      for (const key of emailjs.filter((k) => config[k] === undefined)) {
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: "is required when any EMAILJS_ variable is set",
        });
      }
    }
  });

export type Config = z.infer<typeof configSchema>;

/** The site's address in links it mails: PUBLIC_URL, or the address the server listens on. */
export function publicUrlOf(config: Pick<Config, "PUBLIC_URL" | "HOST" | "PORT">): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, "");
  const host = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.PORT}`;
}

/** The server's VAPID details for Web Push, or null when notifications are not set up. */
export function vapidOf(
  config: Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "MAIL_FROM">,
): { publicKey: string; privateKey: string; subject: string } | null {
  if (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY) return null;
  return {
    publicKey: config.VAPID_PUBLIC_KEY,
    privateKey: config.VAPID_PRIVATE_KEY,
    subject: config.VAPID_SUBJECT ?? `mailto:${config.MAIL_FROM}`,
  };
}

/** The WhatsApp Business Platform's settings, or null when WhatsApp is not set up. */
export interface WhatsAppSettings {
  graphUrl: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  verifyToken: string;
}

export function whatsappOf(
  config: Pick<Config, (typeof WHATSAPP_SETTINGS)[number]>,
): WhatsAppSettings | null {
  const {
    WHATSAPP_GRAPH_URL: graphUrl,
    WHATSAPP_PHONE_NUMBER_ID: phoneNumberId,
    WHATSAPP_ACCESS_TOKEN: accessToken,
    WHATSAPP_APP_SECRET: appSecret,
    WHATSAPP_VERIFY_TOKEN: verifyToken,
  } = config;
  if (!graphUrl || !phoneNumberId || !accessToken || !appSecret || !verifyToken) return null;
  return { graphUrl: graphUrl.replace(/\/+$/, ""), phoneNumberId, accessToken, appSecret, verifyToken };
}

export class ConfigError extends Error {}

/** The periods the server keeps to, as the privacy policy states them. */
export function retentionPeriodsOf(config: Config): RetentionPeriods {
  return {
    closedEnquiryDays: config.RETENTION_DAYS_CLOSED,
    vitalsDays: config.RETENTION_DAYS_VITALS,
    backupKeep: config.BACKUP_KEEP,
  };
}

/** Parses the environment once; a bad value throws an error naming each variable at fault. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
}
