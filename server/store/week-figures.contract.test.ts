import { afterEach, describe, expect, test, vi } from "vitest";
import type { DashboardData } from "../../domain/dashboard";
import { ADMIN_API_ROUTES } from "../../domain/console";
import type { Enquiry } from "../../domain/enquiry";
import { INBOX_VIEWS, TEAM_API_ROUTES, type InboxView, type ViewCountsPayload } from "../../domain/team";
import { ENQUIRY_STATUSES, isWork, type EnquiryStatus } from "../../domain/status";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { appStoreAdapters } from "../../tests/support/store-sandboxes";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { digestMail } from "../notify/team-mail";
import { dayDigests } from "../team/digest-schedule";

// Enquiries are stamped with the clock the test sets (the event clock would otherwise keep every
// stamp after the last one this process made, whatever the clock says).
vi.mock("./event-clock", () => ({ eventTime: () => new Date() }));

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

/** "Now" for every figure: Friday 11 December 2026, 09:30 IST, after the morning's digest hour. */
const NOW = ist("2026-12-11T09:30:00");
const OWNER = "omar@collarise.example";
const ASHA = "asha@collarise.example";
const BILAL = "bilal@collarise.example";

/**
 * One working week of a team of three (Monday 7 to Friday 11 December 2026, IST), built through
 * the work layer, then read the way people read it: the inbox's tabs (the API the console calls),
 * the dashboard, the 09:00 digest mail and the CSV export. The same enquiries must give the same
 * numbers everywhere:
 * - the inbox's All (its status counts, spam and duplicates aside) = the dashboard's headline =
 *   the sum of its "Enquiries per day", and the owners' rows of the dashboard add up to it too;
 * - each view's tab count = the rows listed in that view = the rows of its CSV export;
 * - the digest's subject says the team's Overdue and Due today as the tabs say them; its sections
 *   are the overdue and due today of the member and of nobody, split as the tabs' lists are;
 * - won and lost count neither the duplicate nor spam; first contact and "worked on" count no
 *   spam or duplicate.
 */
describe.each(appStoreAdapters("week-figures"))("one week's figures on $name", (adapter) => {
  const running: TestApp[] = [];
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all(running.splice(0).map((testApp) => testApp.close()));
  });

  test("the inbox's tabs, the dashboard, the owner's digest and the CSV give the same numbers for one week", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(ist("2026-12-07T09:00:00"));
    const testApp = await buildTestApp({ LOG_LEVEL: "silent", ...adapter.env() });
    running.push(testApp);
    const { app } = testApp;
    const store = app.store;
    const owner = await addStaff(app, OWNER, "owner");
    const asha = await addStaff(app, ASHA, "member");
    const bilal = await addStaff(app, BILAL, "member");

    const receive = async (at: string, fields: Partial<Enquiry> = {}, spam = false) => {
      vi.setSystemTime(ist(at));
      return store.enquiries.add(
        anEnquiry(fields),
        spam ? { screening: { score: 9, reasons: ["link-in-name", "no-proof-of-work"], spam: true } } : {},
      );
    };
    const give = async (id: string, to: { id: string }, by: string, at: string) =>
      expect(
        await store.work.setOwner(id, { ownerId: to.id, expectedOwnerId: null, staffEmail: by, at: ist(at) }),
      ).toBe("changed");
    const status = async (
      id: string,
      change: { to: EnquiryStatus; version: number; by: string; at: string; followUpAt?: string },
      extra: { lostReason?: "price"; duplicateOf?: string } = {},
    ) =>
      expect(
        await store.work.changeStatus(id, {
          to: change.to,
          expectedVersion: change.version,
          staffEmail: change.by,
          at: ist(change.at),
          ...(change.followUpAt ? { followUpAt: ist(change.followUpAt) } : {}),
          ...extra,
        }),
      ).toMatchObject({ outcome: "changed" });
    const versionOf = async (id: string) => (await store.enquiryWork.get(id))?.version ?? 0;

    // Monday: one contacted by phone with a follow-up on Saturday; one contacted with a follow-up
    // on Wednesday that nobody kept (overdue).
    const called = await receive("2026-12-07T10:00:00", { Quantity: 30 });
    await give(called.id, asha, ASHA, "2026-12-07T10:05:00");
    await store.work.recordContact(called.id, {
      channel: "call",
      outcome: "answered",
      staffEmail: ASHA,
      at: ist("2026-12-07T11:00:00"),
    });
    expect(
      await store.work.setFollowUp(called.id, {
        followUpAt: ist("2026-12-12T11:00:00"),
        nextStep: "Send the price list",
        staffEmail: ASHA,
        at: ist("2026-12-07T11:01:00"),
      }),
    ).toBe("changed");
    const overdue = await receive("2026-12-07T12:00:00", { Quantity: 10, RetailerSelfUse: "Retailer" });
    await give(overdue.id, asha, ASHA, "2026-12-07T12:05:00");
    await status(overdue.id, {
      to: "Contacted",
      version: await versionOf(overdue.id),
      by: ASHA,
      at: "2026-12-07T13:00:00",
      followUpAt: "2026-12-09T11:00:00",
    });

    // Tuesday: one the buyer answered on Thursday after Asha's call (waiting on us, due since the
    // answer); one won and fulfilled.
    const answered = await receive("2026-12-08T10:00:00", { Quantity: 12 });
    await give(answered.id, asha, ASHA, "2026-12-08T10:05:00");
    await store.work.recordContact(answered.id, {
      channel: "call",
      outcome: "answered",
      staffEmail: ASHA,
      at: ist("2026-12-08T11:00:00"),
    });
    const [stored] = await store.work.addAnswers([
      {
        enquiryId: answered.id,
        messageId: "<answer-week-1@mail.example>",
        inReplyTo: null,
        references: [],
        from: "buyer@mail.example",
        subject: "Re: Your enquiry",
        text: "Please send 12 more.",
        at: ist("2026-12-10T15:00:00"),
        attachments: 0,
        truncated: false,
        quoteTrimmed: false,
        verified: true,
      },
    ]);
    expect(stored).toBe("added");
    const buyer = { Name: "Rekha Gupta", Mobile: "9810012345", Email: "rekha@example.in" };
    const won = await receive("2026-12-08T11:00:00", { ...buyer, Quantity: 60, RetailerSelfUse: "Retailer" });
    await give(won.id, asha, ASHA, "2026-12-08T11:05:00");
    await status(won.id, {
      to: "Confirmed",
      version: await versionOf(won.id),
      by: ASHA,
      at: "2026-12-08T12:00:00",
    });
    await status(won.id, {
      to: "Fulfilled",
      version: await versionOf(won.id),
      by: ASHA,
      at: "2026-12-10T12:00:00",
    });

    // Wednesday: one lost on price; the won buyer's form sent again, closed as its duplicate; one
    // Bilal contacted, due today while he is away; one nobody touched (its first contact overdue).
    const lost = await receive("2026-12-09T10:00:00", { Quantity: 6 });
    await give(lost.id, asha, ASHA, "2026-12-09T10:05:00");
    await status(
      lost.id,
      { to: "Declined", version: await versionOf(lost.id), by: ASHA, at: "2026-12-09T12:00:00" },
      { lostReason: "price" },
    );
    const repeat = await receive("2026-12-09T10:10:00", {
      ...buyer,
      Quantity: 60,
      RetailerSelfUse: "Retailer",
    });
    await status(
      repeat.id,
      { to: "Duplicate", version: await versionOf(repeat.id), by: ASHA, at: "2026-12-09T12:30:00" },
      { duplicateOf: won.id },
    );
    const awayWork = await receive("2026-12-09T10:20:00", { Quantity: 24 });
    await give(awayWork.id, bilal, BILAL, "2026-12-09T10:25:00");
    await status(awayWork.id, {
      to: "Contacted",
      version: await versionOf(awayWork.id),
      by: BILAL,
      at: "2026-12-09T11:00:00",
      followUpAt: "2026-12-11T12:00:00",
    });
    await store.members.setAwayUntil(bilal.id, "2026-12-11");
    await receive("2026-12-09T10:30:00", { Quantity: 3 });

    // Thursday: one filed as spam by hand after it was mailed, one filed as spam by its score.
    const byHand = await receive("2026-12-10T18:00:00", { Quantity: 1 });
    await status(byHand.id, {
      to: "Spam",
      version: await versionOf(byHand.id),
      by: ASHA,
      at: "2026-12-10T18:30:00",
    });
    await receive("2026-12-10T20:00:00", { Name: "Win now evil.example", Quantity: 999 }, true);

    // Friday: one early this morning, nobody's yet (due this afternoon).
    await receive("2026-12-11T08:00:00", { Quantity: 2 });

    vi.setSystemTime(NOW);
    const cookie = await signIn(app, ASHA);
    const get = async (path: string) => {
      const response = await consoleRequest(app, cookie, "GET", path);
      expect(response.statusCode, path).toBe(200);
      return response;
    };

    // The inbox's tabs as the console shows them to Asha: All and each status from the listing's
    // counts (spam and duplicates under their own status, not in All), the views from the team's counts.
    const inbox = (await get(ADMIN_API_ROUTES.enquiries)).json<{ counts: Record<EnquiryStatus, number> }>();
    const all = ENQUIRY_STATUSES.filter(isWork).reduce((sum, each) => sum + inbox.counts[each], 0);
    expect(all).toBe(8);
    expect(inbox.counts).toEqual({
      New: 2,
      Contacted: 4,
      Confirmed: 0,
      Fulfilled: 1,
      Declined: 1,
      Duplicate: 1,
      Spam: 2,
    });
    const tabs = (await get(TEAM_API_ROUTES.counts)).json<ViewCountsPayload>();
    // Mine: her open work (the called, the overdue, the answered). Unassigned: the two nobody owns.
    // Overdue: the follow-up nobody kept, the buyer's answer, the first contact missed on Wednesday.
    // Due today: Bilal's follow-up at noon and this morning's first contact at 14:00.
    // Waiting on us: the buyer who answered last, and the two nobody has contacted.
    expect(tabs).toEqual({ mine: 3, unassigned: 2, overdue: 3, dueToday: 2, waiting: 3 });

    // Each view lists as many as its tab says, and its CSV has one row for each.
    const tabOf: Record<InboxView, keyof ViewCountsPayload> = {
      mine: "mine",
      unassigned: "unassigned",
      overdue: "overdue",
      "due-today": "dueToday",
      waiting: "waiting",
    };
    const csvRows = async (query: string) => {
      const lines = (await get(`${ADMIN_API_ROUTES.enquiriesCsv}${query}`)).body.split("\r\n");
      return lines.slice(1).filter((line) => line !== "").length;
    };
    for (const view of INBOX_VIEWS) {
      const listed = (await get(`${ADMIN_API_ROUTES.enquiries}?view=${view}&limit=100`)).json<{
        items: unknown[];
      }>();
      expect({ view, listed: listed.items.length, csv: await csvRows(`?view=${view}`) }).toEqual({
        view,
        listed: tabs[tabOf[view]],
        csv: tabs[tabOf[view]],
      });
    }
    expect(await csvRows("")).toBe(all);
    expect(await csvRows("?status=New")).toBe(inbox.counts.New);
    expect(await csvRows("?status=Spam")).toBe(inbox.counts.Spam);

    // The dashboard: the days add up to the headline, which is the inbox's All.
    const dashboard = (await get("/dashboard?days=30")).json<DashboardData>();
    const week = dashboard.perDay
      .filter((day) => day.date >= "2026-12-07")
      .map((day) => [day.date, day.enquiries.Retailer + day.enquiries["Self Use"], day.quantity]);
    expect(week).toEqual([
      ["2026-12-07", 2, 40],
      ["2026-12-08", 2, 72],
      ["2026-12-09", 3, 33],
      ["2026-12-10", 0, 0],
      ["2026-12-11", 1, 2],
    ]);
    const perDayTotal = dashboard.perDay.reduce(
      (sum, day) => sum + day.enquiries.Retailer + day.enquiries["Self Use"],
      0,
    );
    expect({ headline: dashboard.funnel.genuine, perDay: perDayTotal }).toEqual({
      headline: all,
      perDay: all,
    });
    expect(dashboard.funnel.counts).toEqual(inbox.counts);
    // First contact: of the 8, six were contacted (a call, or a status change), the two nobody
    // touched were not; the spam filed by hand is no contact.
    expect(dashboard.firstContact).toMatchObject({ received: all, contacted: 6 });
    // Won and lost: the fulfilled order against the one lost on price; the duplicate is neither.
    expect([dashboard.sales.won, dashboard.sales.decided]).toEqual([1, 2]);
    // Worked on: Asha's five (the duplicate and the spam she filed aside), Bilal's one.
    expect(dashboard.breakdowns.members).toEqual([
      { key: ASHA, enquiries: 5 },
      { key: BILAL, enquiries: 1 },
    ]);
    // By owner now: her five, his one, and the two nobody owns (the Unassigned tab's two), adding up to All.
    expect(dashboard.breakdowns.owners).toEqual([
      { key: ASHA, enquiries: 5 },
      { key: "Unassigned", enquiries: tabs.unassigned },
      { key: BILAL, enquiries: 1 },
    ]);

    // The owner's 09:00 digest: the team's Overdue and Due today as the tabs say them; what nobody
    // owns, as the Unassigned tab splits it; Bilal's due work while he is away; the spam line counts
    // only the enquiry filed by its score (the one filed by hand was mailed on arrival).
    const due = await dayDigests(store, NOW);
    const content = due?.digests.find((digest) => digest.staffId === owner.id)?.content;
    expect(content).toBeDefined();
    const mail = digestMail(content!, "https://collarise.example");
    expect(mail.subject).toBe(
      `Collarise enquiries for Fri, 11 Dec, 2026: Overdue ${tabs.overdue} (0 yours), Due today ${tabs.dueToday} (0 yours)`,
    );
    const headings = mail.text.split("\n").filter((line) => /^[A-Z].*\(\d+\)$/.test(line));
    expect(headings).toEqual([
      "Overdue, nobody owns it (1)",
      "Due today, nobody owns it (1)",
      "Due work of members away (1)",
    ]);
    expect(mail.text).toContain("Suspected spam filed in the last 24 hours: 1.");
    // Asha's own digest: her two overdue, as her Mine and Overdue tabs show them.
    const hers = due?.digests.find((digest) => digest.staffId === asha.id)?.content;
    expect([hers?.overdue.count, hers?.dueToday.count]).toEqual([2, 0]);
  });
});
