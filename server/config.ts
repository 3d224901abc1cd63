import { z } from "zod";
import { brand } from "../domain/brand";
import { parseRetentionSetting, type RetentionPeriods } from "../domain/retention";

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

export const configSchema = z
  .object({
    PORT: optional(port).default(3000),
    HOST: optional(z.string().min(1)).default("127.0.0.1"),
    LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])).default(
      "info",
    ),
    /** Behind a reverse proxy, take the client's address from X-Forwarded-For (for rate limits). */
    TRUST_PROXY: optional(booleanFlag).default(false),
    SITE_DIR: optional(z.string().min(1)).default("build/client"),
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
    /** Also mail the visitor an acknowledgement with the enquiry's reference (SMTP only). */
    ACKNOWLEDGE_VISITORS: optional(booleanFlag).default(false),
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
    if (config.ACKNOWLEDGE_VISITORS && !config.SMTP_URL) {
      ctx.addIssue({ code: "custom", path: ["ACKNOWLEDGE_VISITORS"], message: "needs SMTP_URL" });
    }
    if (config.SMTP_URL && !config.NOTIFY_TO) {
      ctx.addIssue({ code: "custom", path: ["NOTIFY_TO"], message: "is required when SMTP_URL is set" });
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
