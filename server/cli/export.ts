import { ENQUIRY_FIELD_SPECS, enquiryFieldValue } from "../../domain/enquiry";
/**
 * Operators' export of what the site has stored.
 *
 *   npm run export -- enquiries [--format json|csv]
 *   npm run export -- subscribers [--format json|csv]
 *   npm run export -- vitals [--format table|json]
 *   npm run export -- gstr1 --month 2026-11 --section b2b|b2cl|b2cs|cdnr|cdnur|hsn-b2b|hsn-b2c
 *   npm run export -- gstr1 --month 2026-11 --tally
 *
 * Reads the service's environment file and DATABASE_URL like the server (command.ts) and writes to
 * standard output.
 */
import { publicUrlOf, type Config } from "../config";
import { NewsletterLinks } from "../newsletter/links";
import {
  commandConfig,
  ENV_FILE_USAGE,
  parseArguments,
  readArguments,
  runCommand,
  UsageError,
  withStore,
} from "./command";
import type { Store, VitalSummary } from "../store";
import { toCsv } from "./csv";
import { GSTR1_SECTIONS, gstr1Csv, tallyXml, type Gstr1Section } from "../../domain/accounts";
import { ACCOUNTS_MONTH } from "../../domain/invoice";
import { accountantMonth } from "../documents/accountant-month";

export const USAGE = `Usage:
  npm run export -- enquiries [--format json|csv] [--env-file <path>]
  npm run export -- subscribers [--format json|csv] [--env-file <path>]
  npm run export -- vitals [--format table|json] [--env-file <path>]
  npm run export -- gstr1 --month <YYYY-MM> --section b2b|b2cl|b2cs|cdnr|cdnur|hsn-b2b|hsn-b2c [--env-file <path>]
  npm run export -- gstr1 --month <YYYY-MM> --tally [--env-file <path>]

${ENV_FILE_USAGE}
Reads DATABASE_URL (default sqlite:./data/site.db) and writes to standard output.
JSON is the default for enquiries and subscribers; a table for vitals. Subscribers are the
confirmed addresses, each with its one-click unsubscribe link (made with PUBLIC_URL).
gstr1 writes a month's tax invoices and credit notes (IST calendar month) as one table of
GSTR-1 in the CSV the GST portal's offline tool imports, or with --tally as vouchers Tally
imports (XML); docs/invoices.md describes both.`;

const FORMATS = {
  enquiries: ["json", "csv"],
  subscribers: ["json", "csv"],
  vitals: ["table", "json"],
} as const;
type Kind = keyof typeof FORMATS;

/** What the accountant asks for: one GSTR-1 table of a month, or the month's Tally vouchers. */
type AccountsRequest = { month: string } & ({ section: Gstr1Section } | { tally: true });

type ExportRequest =
  | { kind: Kind; format: string; envFile: string | undefined }
  | { kind: "gstr1"; accounts: AccountsRequest; envFile: string | undefined };

function parse(argv: string[]): ExportRequest {
  const parsed = readArguments(argv, {
    format: { type: "string" },
    month: { type: "string" },
    section: { type: "string" },
    tally: { type: "boolean" },
  });
  const [kind, ...extra] = parsed.positionals;
  if (!kind) throw new UsageError("Say what to export: enquiries, subscribers, vitals or gstr1.");
  if (kind === "gstr1") {
    if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
    const { month, section, tally } = parsed.values;
    if (!month || !ACCOUNTS_MONTH.test(month)) throw new UsageError("Give the month as --month YYYY-MM.");
    const envFile = parsed.values["env-file"];
    if (tally) {
      if (section) throw new UsageError("Give either --section or --tally, not both.");
      return { kind, accounts: { month, tally: true }, envFile };
    }
    if (!section || !(GSTR1_SECTIONS as readonly string[]).includes(section)) {
      throw new UsageError(`Give the table as --section ${GSTR1_SECTIONS.join("|")}, or --tally.`);
    }
    return { kind, accounts: { month, section: section as Gstr1Section }, envFile };
  }
  if (!Object.hasOwn(FORMATS, kind)) throw new UsageError(`Unknown export "${kind}".`);
  if (extra.length > 0) throw new UsageError(`Unexpected argument "${extra[0]}".`);
  const formats: readonly string[] = FORMATS[kind as Kind];
  const format = parsed.values.format ?? formats[0]!;
  if (!formats.includes(format)) {
    throw new UsageError(`The ${kind} export has no format "${format}"; use ${formats.join(" or ")}.`);
  }
  return { kind: kind as Kind, format, envFile: parsed.values["env-file"] };
}

async function enquiries(store: Store, format: string): Promise<string> {
  const records = (await store.enquiries.list()).map(({ id, receivedAt, language, enquiry }) => ({
    id,
    receivedAt,
    language,
    ...enquiry,
  }));
  if (format === "json") return `${JSON.stringify(records, null, 2)}\n`;
  return toCsv<(typeof records)[number]>(
    [
      { header: "id", value: (r) => r.id },
      { header: "receivedAt", value: (r) => r.receivedAt },
      { header: "language", value: (r) => r.language },
      ...ENQUIRY_FIELD_SPECS.map((spec) => ({
        header: spec.csvHeader.cli,
        value: (r: (typeof records)[number]) => enquiryFieldValue(r, spec.name),
      })),
    ],
    records,
  );
}

/**
 * The confirmed addresses, each with its own one-click unsubscribe link: a newsletter sent from a
 * mailing program must carry it, in the mail and in its List-Unsubscribe header.
 */
async function subscribers(store: Store, format: string, config: Config): Promise<string> {
  const links = new NewsletterLinks(store.keys, publicUrlOf(config));
  const records = await Promise.all(
    (await store.subscribers.list()).map(async ({ id, email, subscribedAt, unsubscribeNonce }) => ({
      id,
      email,
      subscribedAt,
      unsubscribeUrl: await links.unsubscribeUrl({ subscriberId: id, unsubscribeNonce }),
    })),
  );
  if (format === "json") return `${JSON.stringify(records, null, 2)}\n`;
  return toCsv<(typeof records)[number]>(
    [
      { header: "id", value: (r) => r.id },
      { header: "email", value: (r) => r.email },
      { header: "subscribedAt", value: (r) => r.subscribedAt },
      { header: "unsubscribeUrl", value: (r) => r.unsubscribeUrl },
    ],
    records,
  );
}

/** CLS is a unitless score; the other metrics are milliseconds. */
function formatP75({ metric, p75 }: VitalSummary): string {
  return metric === "CLS" ? p75.toFixed(3) : `${Math.round(p75)} ms`;
}

async function vitals(store: Store, format: string): Promise<string> {
  const summary = await store.vitals.summarize();
  if (format === "json") return `${JSON.stringify(summary, null, 2)}\n`;
  if (summary.length === 0) return "No page-speed samples yet.\n";
  const rows = [
    ["Page", "Metric", "Samples", "p75"],
    ...summary.map((s) => [s.page, s.metric, String(s.count), formatP75(s)]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  const line = (row: string[]) =>
    row
      .map((cell, column) => (column >= 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!)))
      .join("  ")
      .trimEnd();
  return `${[line(rows[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n")}\n`;
}

/** The month's tax invoices and credit notes as one GSTR-1 table, or as Tally's vouchers. */
async function accounts(store: Store, request: AccountsRequest): Promise<string> {
  const documents = await accountantMonth(store, request.month);
  if ("tally" in request) return tallyXml(documents, request.month);
  return gstr1Csv(documents, request.month, request.section);
}

async function main(argv: string[]): Promise<number> {
  const parsed = parseArguments(() => parse(argv), USAGE);
  if (!("request" in parsed)) return parsed.exitCode;
  const { request } = parsed;
  const config = commandConfig(request.envFile);
  return withStore(config, async (store) => {
    if (request.kind === "gstr1") {
      process.stdout.write(await accounts(store, request.accounts));
      return 0;
    }
    const exporters = { enquiries, subscribers, vitals };
    process.stdout.write(await exporters[request.kind](store, request.format, config));
    return 0;
  });
}

runCommand(() => main(process.argv.slice(2)));
