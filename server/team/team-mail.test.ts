import { afterEach, describe, expect, test } from "vitest";
import { CONSOLE_PAGE_PATHS, enquiryReference, type EnquiryDetail } from "../../domain/console";
import { textMessages } from "../../domain/enquiry";
import { TEAM_API_ROUTES, teamMessages } from "../../domain/team";
import { nextIstHour } from "../../domain/working-hours";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { startMailSink, type MailSink } from "../../tests/support/mail-sink";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../../tests/support/test-app";

let sink: MailSink | undefined;
let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  await sink?.close();
  testApp = undefined;
  sink = undefined;
});

const PUBLIC_URL = "https://collarise.example";
const COMPANY = "orders@collarise.example";
const MAIL_FROM = "sales@collarise.example";
const DAY_MS = 86_400_000;

const enquiry = (Name: string, RetailerSelfUse: "Retailer" | "Self Use") => ({
  Name,
  Email: `${Name.split(" ")[0]?.toLowerCase()}@example.in`,
  Mobile: "9876543210",
  Quantity: 6,
  RetailerSelfUse,
});

/**
 * The last 09:05 IST before now: a morning whose digest may still be sent, and whose mail the
 * outbox, on the real clock, finds due (between 09:00 and 09:05 IST that is yesterday's).
 */
function thisMorning(): Date {
  const now = new Date();
  const morning = new Date(nextIstHour(now, 9).getTime() - DAY_MS + 5 * 60_000);
  return morning.getTime() < now.getTime() ? morning : new Date(morning.getTime() - DAY_MS);
}

async function team(now?: () => Date) {
  sink = await startMailSink();
  testApp = await buildTestApp(
    { LOG_LEVEL: "silent", SMTP_URL: sink.url, NOTIFY_TO: COMPANY, PUBLIC_URL, MAIL_FROM },
    { outbox: { pollIntervalMs: 50 }, ...(now ? { digest: { now } } : {}) },
  );
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  const retail = await addStaff(app, "retail@example.com", "member");
  const home = await addStaff(app, "home@example.com", "member");
  const cookies = {
    owner: await signIn(app, "owner@example.com"),
    retail: await signIn(app, "retail@example.com"),
    home: await signIn(app, "home@example.com"),
  };
  return { app, retail, home, cookies };
}

const mailsTo = (address: string) => (sink?.mails ?? []).filter((mail) => mail.envelopeTo.includes(address));

describe("the team's mail, over a real SMTP conversation", () => {
  test("each member is mailed the new enquiries they chose, the company every one, and the link opens the right enquiry", async () => {
    const { app, retail, home, cookies } = await team();
    const rule = { kind: "buyer", Retailer: retail.id, "Self Use": home.id };
    // Only an owner sets the rule.
    expect(
      (await consoleRequest(app, cookies.retail, "PUT", TEAM_API_ROUTES.assignment, { rule })).statusCode,
    ).toBe(403);
    expect(
      (await consoleRequest(app, cookies.owner, "PUT", TEAM_API_ROUTES.assignment, { rule })).statusCode,
    ).toBe(200);
    // retail hears of its own (the default); home asks for Retailer ones only; the owner for none.
    await consoleRequest(app, cookies.home, "PUT", TEAM_API_ROUTES.alerts, { alerts: "Retailer" });
    await consoleRequest(app, cookies.owner, "PUT", TEAM_API_ROUTES.alerts, { alerts: "none" });
    expect(
      (await consoleRequest(app, cookies.home, "PUT", TEAM_API_ROUTES.alerts, { alerts: "some" })).statusCode,
    ).toBe(400);

    const post = async (body: ReturnType<typeof enquiry>) =>
      (await app.inject({ method: "POST", url: "/api/enquiries", payload: body })).json<{ id: string }>().id;
    const shop = await post(enquiry("Ravi Kumar", "Retailer"));
    const self = await post(enquiry("Meena Iyer", "Self Use"));
    await waitForEmptyOutbox(testApp!);
    // Every mail the outbox sent, parsed: the company's two and one alert to each of two members.
    await sink!.waitForMails(4);

    expect(mailsTo(COMPANY)).toHaveLength(2);
    expect(mailsTo("owner@example.com")).toHaveLength(0);
    expect(mailsTo("retail@example.com").map((mail) => mail.enquiryId)).toEqual([shop]);
    expect(mailsTo("home@example.com").map((mail) => mail.enquiryId)).toEqual([shop]);

    const alert = mailsTo("retail@example.com")[0]!;
    expect(alert.parsed.subject).toContain(enquiryReference(shop));
    // Answering the alert writes to the mailbox the console reads, never to the buyer.
    expect(alert.parsed.replyTo?.value).toEqual([{ address: MAIL_FROM, name: "" }]);
    expect(alert.raw).not.toMatch(/^Reply-To:.*ravi@example\.in/im);
    const link = `${PUBLIC_URL}${CONSOLE_PAGE_PATHS.enquiry(shop)}`;
    expect(alert.parsed.text).toContain(link);
    const opened = await consoleRequest(
      app,
      cookies.retail,
      "GET",
      new URL(link).pathname.replace("/admin", ""),
    );
    expect(opened.json<EnquiryDetail>().reference).toBe(enquiryReference(shop));
    void self;
  });

  test("a next step with a control character or too long is refused and changes nothing", async () => {
    const { app, cookies } = await team();
    const id = (
      await app.inject({ method: "POST", url: "/api/enquiries", payload: enquiry("Ravi Kumar", "Retailer") })
    ).json<{ id: string }>().id;
    const path = TEAM_API_ROUTES.followUp.replace(":id", id);
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const bell = await consoleRequest(app, cookies.retail, "POST", path, {
      followUpAt: at,
      nextStep: "Call\u0007back",
    });
    expect(bell.statusCode).toBe(400);
    expect(bell.json()).toEqual({ error: textMessages.control });
    const long = await consoleRequest(app, cookies.retail, "POST", path, {
      followUpAt: at,
      nextStep: "x".repeat(141),
    });
    expect(long.json()).toEqual({ error: teamMessages.nextStepTooLong });
    const fields = (await app.store.team.fieldsOf([id])).get(id);
    expect(fields).toMatchObject({ followUpAt: null, nextStep: null, touched: false });
  });

  test("the 09:00 digest goes to the member with something due, once, with links to each enquiry", async () => {
    const morning = thisMorning();
    const { app, retail, cookies } = await team(() => morning);
    const rule = { kind: "buyer", Retailer: retail.id, "Self Use": retail.id };
    await consoleRequest(app, cookies.owner, "PUT", TEAM_API_ROUTES.assignment, { rule });
    const id = (
      await app.inject({ method: "POST", url: "/api/enquiries", payload: enquiry("Ravi Kumar", "Retailer") })
    ).json<{ id: string }>().id;
    const due = new Date(morning.getTime() - 3_600_000).toISOString();
    const set = await consoleRequest(
      app,
      cookies.retail,
      "POST",
      TEAM_API_ROUTES.followUp.replace(":id", id),
      {
        followUpAt: due,
        nextStep: "Call back",
      },
    );
    expect(set.statusCode).toBe(200);
    await waitForEmptyOutbox(testApp!);

    await Promise.all([app.team.digests.runOnce(), app.team.digests.runOnce()]);
    await app.team.digests.runOnce();
    await waitForEmptyOutbox(testApp!);
    // The company's mail, the member's alert and one digest.
    await sink!.waitForMails(3);

    const digests = (sink?.mails ?? []).filter((mail) => /Overdue \d/.test(mail.parsed.subject ?? ""));
    expect(digests.map((mail) => mail.envelopeTo)).toEqual([["retail@example.com"]]);
    // The subject's counts are the console's Overdue and Due today, with the member's share.
    expect(digests[0]!.parsed.subject).toContain("Overdue 1 (1 yours), Due today 0 (0 yours)");
    // Its day as people read it on Delhi's clock, not an ISO date; a Message-ID that names it once.
    const day = new Intl.DateTimeFormat("en-IN", {
      timeZone: "Asia/Kolkata",
      weekday: "short",
      day: "numeric",
      month: "short",
      year: "numeric",
    }).format(morning);
    expect(digests[0]!.parsed.subject).toContain(`Collarise enquiries for ${day}: `);
    expect(digests[0]!.parsed.subject).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(digests[0]!.parsed.messageId).toMatch(/^<digest-\d{4}-\d{2}-\d{2}-[^@]+@collarise\.example>$/);
    // Readable on a phone: the screen's width, one column.
    const html = digests[0]!.parsed.html || "";
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).not.toContain("<table");
    expect(html).toMatch(/max-width:36em/);
    const text = digests[0]!.parsed.text ?? "";
    expect(text).toContain("Your overdue (1)");
    // The buyer's first name, never the whole name, address or mobile.
    expect(text).toContain(`${enquiryReference(id)}: Ravi, 6 sachets, Retailer`);
    expect(text).toContain(`${PUBLIC_URL}${CONSOLE_PAGE_PATHS.enquiry(id)}`);
    expect(text).not.toContain("Kumar");
  });
});
