import { dealMessages } from "../../domain/deal";
import { afterEach, describe, expect, test } from "vitest";
import { BULK_API_ROUTES, BULK_MAX, bulkMessages, type BulkResult } from "../../domain/bulk";
import {
  ADMIN_API_PREFIX,
  ADMIN_API_ROUTES,
  CONSOLE_PAGE_PATHS,
  consoleMessages,
  enquiryReference,
  NOTE_MAX_LENGTH,
  type ActivityEntry,
  type EnquiryDetail,
  type InboxItem,
} from "../../domain/console";
import { textMessages } from "../../domain/enquiry";
import { TEAM_API_ROUTES, type TeamItemFields } from "../../domain/team";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { startMailSink, type MailSink } from "../../tests/support/mail-sink";
import { buildTestApp, waitForEmptyOutbox, type TestApp } from "../../tests/support/test-app";

let testApp: TestApp | undefined;
let sink: MailSink | undefined;
afterEach(async () => {
  await testApp?.close();
  await sink?.close();
  testApp = undefined;
  sink = undefined;
});

type App = TestApp["app"];
const PUBLIC_URL = "https://collarise.example";

/**
 * An app with an owner and two members (Aman and Priya), all signed in, and `count` Retailer
 * enquiries stored, oldest first. With `mail`, the outbox sends through a real SMTP server.
 */
async function bulkTeam(count: number, options: { mail?: boolean; spam?: number } = {}) {
  if (options.mail) sink = await startMailSink();
  testApp = await buildTestApp(
    {
      LOG_LEVEL: "silent",
      ...(sink ? { SMTP_URL: sink.url, NOTIFY_TO: "orders@collarise.example", PUBLIC_URL } : {}),
    },
    sink ? { outbox: { pollIntervalMs: 50 } } : {},
  );
  const { app } = testApp;
  const owner = await addStaff(app, "owner@example.com", "owner");
  const aman = await addStaff(app, "aman@example.com", "member");
  const priya = await addStaff(app, "priya@example.com", "member");
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const spam = index < (options.spam ?? 0);
    const stored = await app.store.enquiries.add(
      anEnquiry({ RetailerSelfUse: "Retailer" }),
      spam ? { screening: { score: 9, reasons: ["link-in-name"], spam: true } } : {},
    );
    ids.push(stored.id);
  }
  return {
    app,
    ids,
    owner,
    aman,
    priya,
    ownerSession: await signIn(app, "owner@example.com"),
    amanSession: await signIn(app, "aman@example.com"),
    priyaSession: await signIn(app, "priya@example.com"),
  };
}

/** The inbox as the console lists it: each enquiry with its version and owner. */
async function inbox(app: App, session: string, query = "") {
  const page = (
    await consoleRequest(app, session, "GET", `${ADMIN_API_ROUTES.enquiries}?limit=100${query}`)
  ).json<{ items: (InboxItem & TeamItemFields)[] }>();
  return new Map(page.items.map((item) => [item.id, item]));
}

/** The chosen enquiries as the inbox showed them: id, version and owner. */
function chosen(shown: Map<string, InboxItem & TeamItemFields>, ids: readonly string[]) {
  return ids.map((id) => {
    const item = shown.get(id);
    if (!item) throw new Error(`${id} is not in the inbox`);
    return { id, version: item.version, ownerId: item.ownerId };
  });
}

async function detail(app: App, session: string, id: string) {
  return (await consoleRequest(app, session, "GET", ADMIN_API_ROUTES.enquiry.replace(":id", id))).json<
    EnquiryDetail & { team: TeamItemFields }
  >();
}

async function activity(app: App, session: string) {
  return (await consoleRequest(app, session, "GET", "/activity"))
    .json<{ items: ActivityEntry[] }>()
    .items.filter((entry) => !entry.action.startsWith("sign-in"));
}

const bulk = (app: App, session: string, body: unknown) =>
  app.inject({
    method: "POST",
    url: `${ADMIN_API_PREFIX}${BULK_API_ROUTES.bulk}`,
    headers: { host: TEST_HOST, origin: TEST_ORIGIN, cookie: session },
    payload: body as Record<string, unknown>,
  });

describe("a bulk assignment", () => {
  test("of 25 where one was changed meanwhile by someone else: 24 are given, the one is named, history and activity on the 24 only", async () => {
    const { app, ids, aman, ownerSession, priyaSession } = await bulkTeam(25);
    const shown = await inbox(app, ownerSession);
    const changed = ids[7] as string;
    // Priya marks one Contacted after the owner's list was loaded.
    const meanwhile = await consoleRequest(
      app,
      priyaSession,
      "POST",
      ADMIN_API_ROUTES.enquiryStatus.replace(":id", changed),
      { status: "Contacted", version: shown.get(changed)?.version },
    );
    expect(meanwhile.statusCode).toBe(200);

    const response = await bulk(app, ownerSession, {
      items: chosen(shown, ids),
      action: { kind: "assign", ownerId: aman.id },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<BulkResult>();
    const given = ids.filter((id) => id !== changed);
    expect(result.done).toEqual(given.map((id) => ({ id, reference: enquiryReference(id), version: 0 })));
    expect(result.failed).toEqual([
      { id: changed, reference: enquiryReference(changed), reason: "changed", message: bulkMessages.changed },
    ]);

    for (const id of ids) {
      const page = await detail(app, ownerSession, id);
      const ownerLines = page.history.filter((entry) => entry.kind === "owner");
      if (id === changed) {
        expect(page.team.ownerId).toBeNull();
        expect(ownerLines).toEqual([]);
      } else {
        expect(page.team.ownerId).toBe(aman.id);
        expect(ownerLines).toEqual([
          expect.objectContaining({ staffEmail: "owner@example.com", text: "aman@example.com" }),
        ]);
      }
    }
    const entries = (await activity(app, ownerSession)).filter((entry) => entry.action === "owner-change");
    expect(entries.map((entry) => entry.target).sort()).toEqual(given.map(enquiryReference).sort());
    expect(new Set(entries.map((entry) => entry.actor))).toEqual(new Set(["owner@example.com"]));
  });

  test("one a colleague took after the list was loaded is left with them, and the answer says who owns it", async () => {
    const { app, ids, aman, priya, ownerSession, priyaSession } = await bulkTeam(3);
    const shown = await inbox(app, ownerSession);
    const taken = ids[1] as string;
    const take = await consoleRequest(
      app,
      priyaSession,
      "POST",
      TEAM_API_ROUTES.owner.replace(":id", taken),
      {
        ownerId: priya.id,
        expectedOwnerId: null,
      },
    );
    expect(take.statusCode).toBe(200);

    const result = (
      await bulk(app, ownerSession, {
        items: chosen(shown, ids),
        action: { kind: "assign", ownerId: aman.id },
      })
    ).json<BulkResult>();
    expect(result.done.map((each) => each.id)).toEqual([ids[0], ids[2]]);
    expect(result.failed).toEqual([
      {
        id: taken,
        reference: enquiryReference(taken),
        reason: "changed",
        message: bulkMessages.ownerChanged("priya@example.com"),
      },
    ]);
    expect((await detail(app, ownerSession, taken)).team.ownerId).toBe(priya.id);
  });

  test("a member may hand enquiries to a colleague or to nobody, as on an enquiry's page", async () => {
    const { app, ids, priya, amanSession } = await bulkTeam(2);
    const shown = await inbox(app, amanSession);
    const handed = await bulk(app, amanSession, {
      items: chosen(shown, ids),
      action: { kind: "assign", ownerId: priya.id },
    });
    expect(handed.statusCode).toBe(200);
    expect(handed.json<BulkResult>().failed).toEqual([]);
    const nobody = await bulk(app, amanSession, {
      items: chosen(await inbox(app, amanSession), ids),
      action: { kind: "assign", ownerId: null },
    });
    expect(nobody.json<BulkResult>().done.map((each) => each.id)).toEqual(ids);
    const lines = (await detail(app, amanSession, ids[0] as string)).history
      .filter((entry) => entry.kind === "owner")
      .map((entry) => [entry.fromOwner ?? null, entry.text ?? null]);
    expect(lines).toEqual([
      [null, "priya@example.com"],
      ["priya@example.com", null],
    ]);
  });

  test("the new owner gets one mail naming the five, over a real SMTP conversation, with no buyer's address or mobile", async () => {
    const { app, ids, aman, ownerSession } = await bulkTeam(5, { mail: true });
    // The company's mail of each enquiry, then the one list to Aman: every mail the outbox sends.
    await waitForEmptyOutbox(testApp!);
    const result = (
      await bulk(app, ownerSession, {
        items: chosen(await inbox(app, ownerSession), ids),
        action: { kind: "assign", ownerId: aman.id },
      })
    ).json<BulkResult>();
    expect(result.done).toHaveLength(5);
    await waitForEmptyOutbox(testApp!);
    await sink!.waitForMails(5 + 1);

    const toAman = sink!.mails.filter((mail) => mail.envelopeTo.includes("aman@example.com"));
    expect(toAman).toHaveLength(1);
    const mail = toAman[0]!;
    expect(mail.parsed.subject).toBe("owner@example.com handed you 5 order enquiries");
    const text = mail.parsed.text ?? "";
    for (const id of ids) {
      expect(text).toContain(enquiryReference(id));
      expect(text).toContain(`${PUBLIC_URL}${CONSOLE_PAGE_PATHS.enquiry(id)}`);
    }
    const stored = await Promise.all(ids.map((id) => app.store.enquiryWork.get(id)));
    for (const record of stored) {
      expect(text).not.toContain(record!.enquiry.Email);
      expect(text).not.toContain(record!.enquiry.Mobile);
    }
  });
});

describe("a bulk status change", () => {
  test("each gets its own line with the note and a new version; one changed since is named and left", async () => {
    const { app, ids, ownerSession, amanSession } = await bulkTeam(4);
    const shown = await inbox(app, ownerSession);
    const changed = ids[2] as string;
    // Aman declines one after the owner's list was loaded.
    await consoleRequest(app, amanSession, "POST", ADMIN_API_ROUTES.enquiryStatus.replace(":id", changed), {
      status: "Declined",
      version: 0,
      lostReason: "no-response",
    });

    const response = await bulk(app, ownerSession, {
      items: chosen(shown, ids),
      action: { kind: "status", to: "Contacted", note: "  Sent the price list on WhatsApp  " },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<BulkResult>();
    const contacted = ids.filter((id) => id !== changed);
    expect(result.done).toEqual(contacted.map((id) => ({ id, reference: enquiryReference(id), version: 1 })));
    expect(result.failed.map((each) => [each.id, each.reason])).toEqual([[changed, "changed"]]);
    for (const id of contacted) {
      const page = await detail(app, ownerSession, id);
      expect(page.status).toBe("Contacted");
      expect(page.history.map((entry) => [entry.kind, entry.from, entry.to, entry.text])).toEqual([
        ["status", "New", "Contacted", "Sent the price list on WhatsApp"],
      ]);
    }
    expect((await detail(app, ownerSession, changed)).status).toBe("Declined");
    const entries = (await activity(app, ownerSession)).filter(
      (entry) => entry.action === "status-change" && entry.actor === "owner@example.com",
    );
    expect(entries.map((entry) => entry.target).sort()).toEqual(contacted.map(enquiryReference).sort());
  });

  test("declined with why the sales were lost: each is Declined with the reason and its own line", async () => {
    const { app, ids, ownerSession } = await bulkTeam(3);
    const response = await bulk(app, ownerSession, {
      items: chosen(await inbox(app, ownerSession), ids),
      action: { kind: "status", to: "Declined", lostReason: "only-asking" },
    });
    expect(response.json<BulkResult>().failed).toEqual([]);
    for (const id of ids) {
      const page = await detail(app, ownerSession, id);
      expect(page.status).toBe("Declined");
      expect(page.history.map((entry) => [entry.kind, entry.to, entry.text])).toEqual([
        ["status", "Declined", undefined],
        ["deal", undefined, "Lost: Only asking"],
      ]);
      expect((await app.store.deals.get(id))?.lostReason).toBe("only-asking");
    }
  });

  test("filed as spam: each is Spam with its line, and leaves the inbox's All", async () => {
    const { app, ids, ownerSession, amanSession } = await bulkTeam(3);
    const result = (
      await bulk(app, amanSession, {
        items: chosen(await inbox(app, amanSession), ids.slice(0, 2)),
        action: { kind: "spam" },
      })
    ).json<BulkResult>();
    expect(result).toEqual({
      done: ids.slice(0, 2).map((id) => ({ id, reference: enquiryReference(id), version: 1 })),
      failed: [],
    });
    for (const id of ids.slice(0, 2)) {
      const page = await detail(app, ownerSession, id);
      expect(page.status).toBe("Spam");
      expect(page.history.map((entry) => [entry.staffEmail, entry.from, entry.to])).toEqual([
        ["aman@example.com", "New", "Spam"],
      ]);
    }
    expect([...(await inbox(app, ownerSession)).keys()]).toEqual([ids[2]]);
  });

  test("not spam: those filed as spam are filed as New and mailed to the company; one that is not spam is named", async () => {
    const { app, ids, ownerSession } = await bulkTeam(3, { spam: 2 });
    const spam = await inbox(app, ownerSession, "&status=Spam");
    expect([...spam.keys()].sort()).toEqual(ids.slice(0, 2).sort());
    const shown = new Map([...spam, ...(await inbox(app, ownerSession))]);

    const result = (
      await bulk(app, ownerSession, { items: chosen(shown, ids), action: { kind: "not-spam" } })
    ).json<BulkResult>();
    expect(result.done).toEqual(
      ids.slice(0, 2).map((id) => ({ id, reference: enquiryReference(id), version: 1 })),
    );
    expect(result.failed).toEqual([
      {
        id: ids[2],
        reference: enquiryReference(ids[2] as string),
        reason: "not-spam",
        message: bulkMessages.notSpam,
      },
    ]);
    for (const id of ids.slice(0, 2)) {
      const page = await detail(app, ownerSession, id);
      expect(page.status).toBe("New");
      expect(page.history.map((entry) => [entry.from, entry.to])).toEqual([["Spam", "New"]]);
      expect(page.notifications.map((each) => each.kind)).toEqual(["company"]);
    }
    const entries = (await activity(app, ownerSession)).filter((entry) => entry.action === "status-change");
    expect(entries.map((entry) => entry.target).sort()).toEqual(ids.slice(0, 2).map(enquiryReference).sort());
  });
});

describe("refused whole, changing nothing", () => {
  test("a body that is not enquiries with one known action gets a message saying what is wrong", async () => {
    const { app, ids, ownerSession, amanSession } = await bulkTeam(2);
    const items = chosen(await inbox(app, ownerSession), ids);
    const first = items[0]!;
    const cases: [unknown, string][] = [
      [{}, bulkMessages.unclear],
      [{ items, action: { kind: "archive" } }, bulkMessages.unclear],
      [{ items, action: { kind: "assign" } }, bulkMessages.unclear],
      [{ items: "all", action: { kind: "spam" } }, bulkMessages.unclear],
      [{ items: [{ id: first.id, version: "0" }], action: { kind: "spam" } }, bulkMessages.unclear],
      [{ items: [{ id: first.id }], action: { kind: "spam" } }, bulkMessages.unclear],
      [{ items: [], action: { kind: "spam" } }, bulkMessages.none],
      [
        {
          items: Array.from({ length: BULK_MAX + 1 }, (_, index) => ({ id: `e-${index}`, version: 0 })),
          action: { kind: "spam" },
        },
        bulkMessages.tooMany,
      ],
      [{ items: [first, first], action: { kind: "spam" } }, bulkMessages.twice],
      [{ items, action: { kind: "status", to: "Closed" } }, bulkMessages.statusUnknown],
      [
        { items, action: { kind: "assign", ownerId: "00000000-0000-4000-8000-000000000000" } },
        bulkMessages.ownerUnknown,
      ],
      [
        { items, action: { kind: "status", to: "Contacted", note: "x".repeat(NOTE_MAX_LENGTH + 1) } },
        bulkMessages.noteTooLong,
      ],
      [{ items, action: { kind: "status", to: "Contacted", note: "price\u0000list" } }, textMessages.control],
      // Declined says why the sales were lost, as on an enquiry's page.
      [{ items, action: { kind: "status", to: "Declined" } }, dealMessages.lostReasonRequired],
      [
        { items, action: { kind: "status", to: "Declined", lostReason: "cheap" } },
        dealMessages.lostReasonRequired,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await bulk(app, amanSession, body);
      expect([response.statusCode, response.json()]).toEqual([400, { error: message }]);
    }
    for (const id of ids) {
      const page = await detail(app, ownerSession, id);
      expect([page.status, page.version, page.history, page.team.ownerId]).toEqual(["New", 0, [], null]);
    }
    expect(await activity(app, ownerSession)).toEqual([]);
  });

  test("without a session, or from another site, nothing is changed", async () => {
    const { app, ids, aman, ownerSession } = await bulkTeam(1);
    const body = {
      items: chosen(await inbox(app, ownerSession), ids),
      action: { kind: "assign", ownerId: aman.id },
    };
    const anonymous = await app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}${BULK_API_ROUTES.bulk}`,
      headers: { host: TEST_HOST, origin: TEST_ORIGIN },
      payload: body,
    });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { error: consoleMessages.sessionEnded }]);
    const elsewhere = await app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}${BULK_API_ROUTES.bulk}`,
      headers: { host: TEST_HOST, origin: "https://elsewhere.example", cookie: ownerSession },
      payload: body,
    });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([403, { error: consoleMessages.crossOrigin }]);
    const noOrigin = await app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}${BULK_API_ROUTES.bulk}`,
      headers: { host: TEST_HOST, cookie: ownerSession },
      payload: body,
    });
    expect(noOrigin.statusCode).toBe(403);
    const page = await detail(app, ownerSession, ids[0] as string);
    expect([page.history, page.team.ownerId]).toEqual([[], null]);
  });
});
