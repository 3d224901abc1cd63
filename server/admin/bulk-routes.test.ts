import { afterEach, describe, expect, test } from "vitest";
import { BULK_API_ROUTES, BULK_MAX, bulkMessages, type BulkResult } from "../../domain/bulk";
import { ADMIN_API_ROUTES, enquiryReference, type EnquiryDetail, type InboxPage } from "../../domain/console";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

/** An app with an owner and two members, signed in, and `count` enquiries stored (oldest first). */
async function bulkTeam(count: number) {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  const { app } = testApp;
  const owner = await addStaff(app, "owner@example.com", "owner");
  const aman = await addStaff(app, "aman@example.com", "member");
  const priya = await addStaff(app, "priya@example.com", "member");
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    ids.push((await app.store.enquiries.add(anEnquiry({ RetailerSelfUse: "Retailer" }))).id);
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

type App = TestApp["app"];

/** The inbox's first page as the console shows it: each enquiry with its version and owner. */
async function inbox(app: App, session: string) {
  const page = (await consoleRequest(app, session, "GET", `${ADMIN_API_ROUTES.enquiries}?limit=100`)).json<
    InboxPage & { items: (InboxPage["items"][number] & { ownerId: string | null })[] }
  >();
  return new Map(page.items.map((item) => [item.id, item]));
}

async function detail(app: App, session: string, id: string) {
  return (await consoleRequest(app, session, "GET", ADMIN_API_ROUTES.enquiry.replace(":id", id))).json<
    EnquiryDetail & { team: { ownerId: string | null } }
  >();
}

const bulk = (app: App, session: string, body: Record<string, unknown>) =>
  consoleRequest(app, session, "POST", BULK_API_ROUTES.bulk, body);

describe("a bulk assignment", () => {
  test("of 25 where one was changed meanwhile by someone else: 24 are given, the one is named, history on the 24 only", async () => {
    const { app, ids, aman, priya, ownerSession, priyaSession } = await bulkTeam(25);
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
      items: ids.map((id) => ({ id, version: shown.get(id)?.version })),
      action: { kind: "assign", ownerId: aman.id },
    });
    expect(response.statusCode).toBe(200);
    const result = response.json<BulkResult>();
    expect(result.done.map((each) => each.id)).toEqual(ids.filter((id) => id !== changed));
    expect(result.done.every((each) => each.reference === enquiryReference(each.id))).toBe(true);
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
    expect(priya.id).not.toBe(aman.id);
  });
});

test("BULK_MAX is the contract's 500", () => {
  expect(BULK_MAX).toBe(500);
});
