import { quantityText } from "../../domain/company-facts";
import { brand } from "../../domain/brand";
import { BUYER_ADDRESS_REFUSED, CONSOLE_PAGE_PATHS, enquiryReference } from "../../domain/console";
import { isWhatsAppEnquiry, NOT_GIVEN } from "../../domain/enquiry";
import type {
  DigestContent,
  DigestItem,
  DigestOwed,
  DigestOwedInvoice,
  DigestRefusal,
  DigestSection,
} from "../../domain/team";
import { OVERDUE_BUCKETS, type OverdueBucket } from "../../domain/invoice";
import { rupees } from "../../domain/money";
import type { HandedOnItem, HandedOnList } from "../../domain/bulk";
import { escapeHtml } from "../html";
import { ANSWERS_PER_ENQUIRY_PER_DAY } from "../lifecycle/conversation";
import type { PendingStaffNotification, StaffLinkMail } from "../store/store";
import { enquirySubject, mailFieldRows, singleLine, type EnquiryMail } from "./mail-content";
import { istDayLabel, istTime } from "./mail-time";

type MemberAlert = Extract<PendingStaffNotification, { kind: "member-alert" }>;

/** Before the start of a buyer's answer, in its owner's alert. */
const ANSWER_QUOTE_LEAD = "They wrote:";

/** The console's page of one enquiry, as a member opens it from a mail: PUBLIC_URL + /admin/enquiries/<id>. */
export function consoleEnquiryUrl(publicUrl: string, enquiryId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${CONSOLE_PAGE_PATHS.enquiry(enquiryId)}`;
}

export { istTime } from "./mail-time";

const paragraphHtml = (text: string) => `<p>${escapeHtml(text)}</p>`;

/**
 * A staff mail's HTML: readable on a phone (the viewport is the screen's width, one column no
 * wider than a line of text, links and text large enough to tap and read).
 */
function page(title: string, body: string[]): string {
  return [
    "<!doctype html>",
    `<html lang="en"><head><meta charset="utf-8">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:12px;font-family:sans-serif;font-size:16px;line-height:1.5">',
    '<div style="max-width:36em;margin:0 auto">',
    ...body,
    "</div>",
    "</body></html>",
  ].join("\n");
}

/**
 * A member's alert about one enquiry (a new one, one handed to them, the buyer's answer to one
 * they own, or the day's answers beyond the cap set aside): its fields and the link to it in the
 * console. An answer's alert quotes its start (answerQuote), as plain text; the member reads the
 * whole answer, and replies, in the console.
 */
export function memberAlertMail(notification: MemberAlert, publicUrl: string): EnquiryMail {
  const { enquiry, enquiryId } = notification;
  const link = consoleEnquiryUrl(publicUrl, enquiryId);
  const rows = mailFieldRows(enquiry);
  const reference = enquiryReference(enquiryId);
  const intro = notification.setAside
    ? `More answers to your enquiry ${reference} arrived today than the console keeps in a day ` +
      `(${ANSWERS_PER_ENQUIRY_PER_DAY}). The ones beyond that were set aside in the company's mailbox, ` +
      `not added to the enquiry: look there if one matters.`
    : notification.answered
      ? `The buyer answered your enquiry ${reference} ${notification.channel === "whatsapp" ? "on WhatsApp" : "by e-mail"}. Read the answer, and reply, on the enquiry's page.`
      : notification.handedOnBy
        ? `${notification.handedOnBy} handed you the order enquiry ${reference} for ${brand.productFullName}. It is yours now.`
        : isWhatsAppEnquiry(enquiry)
          ? `A new enquiry ${reference} for ${brand.productFullName} arrived on WhatsApp. WhatsApp gives no e-mail address, quantity or buyer type: those are not given.`
          : `A new order enquiry ${reference} for ${brand.productFullName} arrived through the website.`;
  const subject = notification.setAside
    ? `[${reference}] Answers set aside in the mailbox: ${enquirySubject(enquiry)}`
    : notification.answered
      ? `[${reference}] The buyer answered: ${enquirySubject(enquiry)}`
      : notification.handedOnBy
        ? `[${reference}] Handed to you: ${enquirySubject(enquiry)}`
        : `[${reference}] ${enquirySubject(enquiry)}`;
  const quote = notification.answered && notification.quote ? notification.quote : null;
  const quoteLines = quote ? quote.split("\n") : [];
  const text = [
    intro,
    "",
    ...(quote ? [`${ANSWER_QUOTE_LEAD}`, ...quoteLines.map((line) => (line ? `> ${line}` : ">")), ""] : []),
    ...rows.map(([label, value]) => `${label}: ${value}`),
    "",
    `Open it in the console: ${link}`,
    "",
  ].join("\n");
  const html = page(subject, [
    paragraphHtml(intro),
    ...(quote
      ? [
          paragraphHtml(ANSWER_QUOTE_LEAD),
          `<blockquote style="margin:0 0 1em;padding:0 0 0 12px;border-left:3px solid #c8b8a6">${quoteLines
            .map((line) => escapeHtml(line))
            .join("<br>")}</blockquote>`,
        ]
      : []),
    "<table>",
    ...rows.map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding-right:12px">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
    ),
    "</table>",
    `<p><a href="${escapeHtml(link)}">Open ${escapeHtml(enquiryReference(enquiryId))} in the console</a></p>`,
  ]);
  return { subject, text, html };
}

/**
 * The one mail a member gets for the enquiries handed to them in one bulk action: who handed them
 * on, then each enquiry by reference, first name, quantity and buyer type with its link, oldest
 * first, and the console's link. No e-mail address or mobile number.
 */
export function handedOnListMail(list: HandedOnList, publicUrl: string): EnquiryMail {
  const count = list.items.length;
  const subject = `${list.handedOnBy} handed you ${count} order enquiries`;
  const intro = `${list.handedOnBy} handed you ${count} order enquiries for ${brand.productFullName}. They are yours now.`;
  const inbox = `${publicUrl.replace(/\/+$/, "")}${CONSOLE_PAGE_PATHS.inbox}`;
  const line = (item: HandedOnItem) => {
    const who = item.firstName ? `${item.firstName}, ` : "";
    return `${item.reference}: ${who}${orderText(item)}, received ${istTime(item.receivedAt)}`;
  };
  const text = [
    intro,
    "",
    ...list.items.map((item) => `- ${line(item)}: ${consoleEnquiryUrl(publicUrl, item.id)}`),
    "",
    `The console: ${inbox}`,
    "",
  ].join("\n");
  const html = page(subject, [
    paragraphHtml(intro),
    "<ul>",
    ...list.items.map(
      (item) =>
        `<li><a href="${escapeHtml(consoleEnquiryUrl(publicUrl, item.id))}">${escapeHtml(line(item))}</a></li>`,
    ),
    "</ul>",
    `<p><a href="${escapeHtml(inbox)}">Open the console</a></p>`,
  ]);
  return { subject, text, html };
}

/** The digest's sections, in the order a member works them: their own first, then nobody's. */
const DIGEST_SECTIONS = [
  { key: "overdue", title: "Your overdue" },
  { key: "dueToday", title: "Your due today" },
  { key: "unownedOverdue", title: "Overdue, nobody owns it" },
  { key: "unownedDueToday", title: "Due today, nobody owns it" },
  { key: "awayDue", title: "Due work of members away" },
] as const;

/**
 * "12 sachets, Retailer"; for an enquiry started on WhatsApp, which gives neither: "on WhatsApp,
 * quantity not given".
 */
function orderText(item: Pick<DigestItem, "Quantity" | "RetailerSelfUse">): string {
  if (item.Quantity === null || item.RetailerSelfUse === null) return `on WhatsApp, quantity ${NOT_GIVEN}`;
  return `${quantityText(item.Quantity, "en")}, ${item.RetailerSelfUse}`;
}

const EMPTY_SECTION: DigestSection = { count: 0, items: [] };

function itemLine(item: DigestItem): string {
  const who = item.firstName ? `${item.firstName}, ` : "";
  const due = item.dueAt ? `due ${istTime(item.dueAt)}` : `received ${istTime(item.receivedAt)}`;
  const late = item.notContacted ? " (not contacted yet)" : "";
  return `${item.reference}: ${who}${orderText(item)}, ${due}${late}`;
}

/** The ages of what is owed, as the owner's digest heads them. */
const OWED_AGES: Readonly<Record<OverdueBucket, string>> = {
  "0-7": "0–7 days",
  "8-30": "8–30 days",
  "over-30": "Over 30 days",
};

const invoicesText = (count: number) => `${count} ${count === 1 ? "invoice" : "invoices"}`;
const daysText = (days: number) => `${days} ${days === 1 ? "day" : "days"}`;

/**
 * The owner's section of what is owed: each age's count and balance, then the invoices owed for
 * over 30 days by number, the buyer's first name, the balance and the days since the invoice,
 * each with its enquiry's link.
 */
function owedSection(owed: DigestOwed, publicUrl: string): { text: string[]; html: string[] } {
  const count = OVERDUE_BUCKETS.reduce((sum, bucket) => sum + owed.buckets[bucket].count, 0);
  const total = OVERDUE_BUCKETS.reduce((sum, bucket) => sum + owed.buckets[bucket].balancePaise, 0);
  const title = `Invoices owed (${count}, ${rupees(total / 100)})`;
  const ages = OVERDUE_BUCKETS.map((bucket) => {
    const { count: inAge, balancePaise } = owed.buckets[bucket];
    return `${OWED_AGES[bucket]}: ${invoicesText(inAge)}, ${rupees(balancePaise / 100)}`;
  });
  const line = (invoice: DigestOwedInvoice) =>
    `${invoice.number} (${invoice.reference}${invoice.firstName ? `, ${invoice.firstName}` : ""}): ` +
    `${rupees(invoice.balancePaise / 100)} owed for ${daysText(invoice.daysOwed)}`;
  const overTitle = `Owed for over 30 days (${owed.buckets["over-30"].count})`;
  const text = [title, ...ages.map((age) => `- ${age}`), ""];
  const html = [
    `<h2>${escapeHtml(title)}</h2>`,
    "<ul>",
    ...ages.map((age) => `<li>${escapeHtml(age)}</li>`),
    "</ul>",
  ];
  if (owed.over30.length > 0) {
    text.push(overTitle);
    html.push(`<h2>${escapeHtml(overTitle)}</h2>`, "<ul>");
    for (const invoice of owed.over30) {
      const link = consoleEnquiryUrl(publicUrl, invoice.enquiryId);
      text.push(`- ${line(invoice)}: ${link}`);
      html.push(`<li><a href="${escapeHtml(link)}">${escapeHtml(line(invoice))}</a></li>`);
    }
    const more = owed.buckets["over-30"].count - owed.over30.length;
    if (more > 0) {
      text.push(`- and ${more} more in the console`);
      html.push(`<li>and ${more} more in the console</li>`);
    }
    text.push("");
    html.push("</ul>");
  }
  return { text, html };
}

/**
 * A member's 09:00 digest: their own overdue and due today, then the team's that nobody owns,
 * oldest first, each with the buyer's first name, quantity and buyer type and its link into the
 * console. Its subject carries the team's counts as the console's Overdue and Due today show them
 * that morning, with the member's share. An owner's also says what is owed by age (owedSection).
 * No e-mail address or mobile number is in it.
 */
export function digestMail(content: DigestContent, publicUrl: string): EnquiryMail {
  const section = (key: (typeof DIGEST_SECTIONS)[number]["key"]): DigestSection =>
    (content[key] as DigestSection | undefined) ?? EMPTY_SECTION;
  const team = content.team ?? { overdue: section("overdue").count, dueToday: section("dueToday").count };
  const day = istDayLabel(content.day);
  const subject =
    `${brand.productName} enquiries for ${day}: ` +
    `Overdue ${team.overdue} (${section("overdue").count} yours), ` +
    `Due today ${team.dueToday} (${section("dueToday").count} yours)`;
  const text: string[] = [`Good morning. Your ${brand.productName} enquiries for ${day}.`, ""];
  const html: string[] = [paragraphHtml(`Good morning. Your ${brand.productName} enquiries for ${day}.`)];
  for (const { key, title } of DIGEST_SECTIONS) {
    const { count, items } = section(key);
    if (count === 0) continue;
    text.push(`${title} (${count})`);
    html.push(`<h2>${escapeHtml(title)} (${count})</h2>`, "<ul>");
    for (const item of items) {
      const link = consoleEnquiryUrl(publicUrl, item.id);
      text.push(`- ${itemLine(item)}: ${link}`);
      html.push(`<li><a href="${escapeHtml(link)}">${escapeHtml(itemLine(item))}</a></li>`);
    }
    const more = count - items.length;
    if (more > 0) {
      text.push(`- and ${more} newer in the console`);
      html.push(`<li>and ${more} newer in the console</li>`);
    }
    text.push("");
    html.push("</ul>");
  }
  const refused = content.addressRefused;
  if (refused && refused.count > 0) {
    // The buyer never got the company's mail: the owner checks the address with them (by phone).
    const title = `${BUYER_ADDRESS_REFUSED} (${refused.count})`;
    const line = (item: DigestRefusal) =>
      `${item.reference}${item.firstName ? `: ${item.firstName}` : ""}, refused ${istTime(item.refusedAt)}`;
    text.push(title);
    html.push(`<h2>${escapeHtml(title)}</h2>`, "<ul>");
    for (const item of refused.items) {
      const link = consoleEnquiryUrl(publicUrl, item.id);
      text.push(`- ${line(item)}: ${link}`);
      html.push(`<li><a href="${escapeHtml(link)}">${escapeHtml(line(item))}</a></li>`);
    }
    text.push("");
    html.push("</ul>");
  }
  if (content.owed) {
    const owed = owedSection(content.owed, publicUrl);
    text.push(...owed.text);
    html.push(...owed.html);
  }
  const extra =
    content.spamFiled > 0
      ? [
          `Suspected spam filed in the last 24 hours: ${content.spamFiled}. None of it was mailed; ` +
            `the console's Spam filter shows each with its reasons, and Not spam files a genuine one as New.`,
        ]
      : [];
  text.push(...extra, `The console: ${publicUrl.replace(/\/+$/, "")}${CONSOLE_PAGE_PATHS.inbox}`, "");
  html.push(...extra.map(paragraphHtml));
  html.push(
    `<p><a href="${escapeHtml(`${publicUrl.replace(/\/+$/, "")}${CONSOLE_PAGE_PATHS.inbox}`)}">Open the console</a></p>`,
  );
  return { subject, text: text.join("\n"), html: page(subject, html) };
}

/**
 * An invitation to the console, or a link to set a new password an owner sent: who sent it (their
 * display name, else their address), the link, how long it works, and that it works once.
 */
export function staffLinkMail(link: StaffLinkMail, url: string): EnquiryMail {
  const invitation = link.purpose === "invitation";
  const subject = invitation
    ? `You are invited to the ${brand.productName} sales console`
    : `Set a new password for the ${brand.productName} sales console`;
  const by = link.sentByName ? singleLine(link.sentByName) : null;
  const lines = [
    invitation
      ? `${by ?? "An owner"} invited you to the console where ${brand.productName}'s sales team works its order enquiries.`
      : `${by ?? "An owner of the console"} sent you a link to set a new password for the ${brand.productName} sales console. Your sessions have ended.`,
    `Open this link to set your password, then sign in with your e-mail address and it. The link works once, until ${istTime(link.expiresAt)} (IST).`,
  ];
  const ignore = "If you did not expect this mail, you can ignore it.";
  const text = [...lines, "", url, "", ignore, ""].join("\n");
  const html = page(subject, [
    ...lines.map(paragraphHtml),
    `<p><a href="${escapeHtml(url)}">Set your password</a></p>`,
    paragraphHtml(ignore),
  ]);
  return { subject, text, html };
}
