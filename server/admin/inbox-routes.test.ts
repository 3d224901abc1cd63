import { afterEach, describe, expect, test } from "vitest";
import { BULK_MAX, type InboxIds, type InboxPage } from "../../domain/console";
import { TEAM_API_ROUTES } from "../../domain/team";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

/**
 * The inbox's routes: one listing takes every part of the filter combined, the arrivals an open
 * inbox polls for are those its filter shows, and "select all that match" answers the ids and
 * versions of up to BULK_MAX with how many match in all.
 */

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function inbox() {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  const { app } = testApp;
  const me = await addStaff(app, "me@example.com", "member");
  const other = await addStaff(app, "other@example.com", "member");
  const cookie = await signIn(app, "me@example.com");
  const get = async <T>(path: string) => {
    const response = await consoleRequest(app, cookie, "GET", path);
    expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
    return response.json<T>();
  };
  const give = (id: string, ownerId: string) =>
    app.store.work.setOwner(id, { ownerId, staffEmail: "me@example.com", at: new Date() });
  return { app, me, other, cookie, get, give };
}

const names = (page: { items: { Name: string | null }[] }) => page.items.map((item) => item.Name);

describe("the inbox's one listing", () => {
  test("a view, a status, an owner, a buyer, a source and a search combine; the view does not drop the search", async () => {
    const { app, me, other, get, give } = await inbox();
    const mine = await app.store.enquiries.add(
      anEnquiry({ Name: "Aman Sharma", RetailerSelfUse: "Retailer" }),
      {
        source: { utmSource: "instagram" },
      },
    );
    const theirs = await app.store.enquiries.add(
      anEnquiry({ Name: "Bina Sharma", RetailerSelfUse: "Retailer" }),
    );
    const mineToo = await app.store.enquiries.add(
      anEnquiry({ Name: "Chand Verma", RetailerSelfUse: "Self Use" }),
    );
    await give(mine.id, me.id);
    await give(theirs.id, other.id);
    await give(mineToo.id, me.id);
    const record = await app.store.enquiryWork.get(mineToo.id);
    await app.store.work.changeStatus(mineToo.id, {
      to: "Contacted",
      expectedVersion: record!.version,
      staffEmail: "me@example.com",
      at: new Date(),
    });

    expect(names(await get<InboxPage>("/enquiries?view=mine"))).toEqual(["Chand Verma", "Aman Sharma"]);
    expect(names(await get<InboxPage>("/enquiries?view=mine&status=Contacted"))).toEqual(["Chand Verma"]);
    expect(names(await get<InboxPage>("/enquiries?view=mine&q=sharma"))).toEqual(["Aman Sharma"]);
    expect(names(await get<InboxPage>(`/enquiries?owner=${other.id}&q=sharma`))).toEqual(["Bina Sharma"]);
    expect(names(await get<InboxPage>("/enquiries?buyer=Retailer&source=Instagram"))).toEqual([
      "Aman Sharma",
    ]);
    expect(names(await get<InboxPage>(`/enquiries?view=mine&owner=${other.id}`))).toEqual([]);
    const listed = await get<InboxPage>("/enquiries?view=mine&status=Contacted");
    expect(listed.items[0]).toMatchObject({ id: mineToo.id, version: 1, ownerId: me.id });
  });

  test("pages follow their cursor in either order; a cursor of the other order, or a bad part, is refused", async () => {
    const { app, cookie, get } = await inbox();
    for (let n = 0; n < 5; n++) {
      const stored = await app.store.enquiries.add(anEnquiry({ Name: `Buyer ${n}` }));
      if (n % 2 === 0) {
        await app.store.work.setFollowUp(stored.id, {
          followUpAt: new Date(Date.now() + (n + 1) * 3_600_000),
          nextStep: null,
          staffEmail: "me@example.com",
          at: new Date(),
        });
      }
    }
    const seen: (string | null)[] = [];
    let path = "/enquiries?sort=due&limit=2";
    let dueCursor = "";
    for (;;) {
      const page = await get<InboxPage>(path);
      seen.push(...names(page));
      if (!page.nextCursor) break;
      dueCursor ||= page.nextCursor;
      path = `/enquiries?sort=due&limit=2&cursor=${page.nextCursor}`;
    }
    expect(seen).toHaveLength(5);
    expect(new Set(seen).size).toBe(5);
    for (const bad of [
      `/enquiries?cursor=${dueCursor}`,
      "/enquiries?view=later",
      "/enquiries?sort=oldest",
      "/enquiries?status=Waiting",
      `/enquiries?owner=${"x".repeat(65)}`,
      "/enquiries/ids?buyer=Wholesale",
    ]) {
      const refused = await consoleRequest(app, cookie, "GET", bad);
      expect({ bad, status: refused.statusCode }).toEqual({ bad, status: 400 });
    }
  });

  test("an open inbox is told only of the arrivals its filter shows", async () => {
    const { app, get } = await inbox();
    const first = await get<InboxPage>("/enquiries");
    await app.store.enquiries.add(anEnquiry({ Name: "Retail Buyer", RetailerSelfUse: "Retailer" }));
    await app.store.enquiries.add(anEnquiry({ Name: "Home Buyer", RetailerSelfUse: "Self Use" }));
    const since = first.newestCursor ? `&since=${first.newestCursor}` : "";
    expect(names(await get<InboxPage>(`/enquiries/updates?buyer=Retailer${since}`))).toEqual([
      "Retail Buyer",
    ]);
    expect(names(await get<InboxPage>(`/enquiries/updates?view=mine${since}`))).toEqual([]);
    expect(names(await get<InboxPage>(`/enquiries/updates?view=unassigned${since}`))).toEqual([
      "Home Buyer",
      "Retail Buyer",
    ]);
  });
});

describe("select all that match", () => {
  test(`answers the ids and versions of up to ${BULK_MAX} in the inbox's order, and how many match in all`, async () => {
    const { app, me, get, give } = await inbox();
    const stored = [];
    for (let start = 0; start < BULK_MAX + 20; start += 60) {
      stored.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(60, BULK_MAX + 20 - start) }, (_, n) =>
            app.store.enquiries.add(anEnquiry({ Name: `Backlog ${start + n}` })),
          ),
        )),
      );
    }
    const all = await get<InboxIds>("/enquiries/ids?view=unassigned");
    expect(all.total).toBe(BULK_MAX + 20);
    expect(all.items).toHaveLength(BULK_MAX);
    expect(all.items[0]).toEqual({ id: expect.any(String), version: 0, ownerId: null });
    const firstPage = await get<InboxPage>("/enquiries?view=unassigned&limit=3");
    expect(all.items.slice(0, 3).map((item) => item.id)).toEqual(firstPage.items.map((item) => item.id));

    await give(stored[0]!.id, me.id);
    await give(stored[1]!.id, me.id);
    const mine = await get<InboxIds>("/enquiries/ids?view=mine");
    expect(mine).toEqual({
      items: expect.arrayContaining([
        { id: stored[0]!.id, version: 0, ownerId: me.id },
        { id: stored[1]!.id, version: 0, ownerId: me.id },
      ]),
      total: 2,
    });
    expect(await get<InboxIds>(`/enquiries/ids?view=mine&owner=nobody`)).toEqual({ items: [], total: 0 });
    expect((await get<InboxIds>("/enquiries/ids?q=Backlog%2051")).total).toBe(11);
    // The views' counts agree with the listing.
    const counts = await get<{ mine: number; unassigned: number }>(TEAM_API_ROUTES.counts);
    expect(counts).toMatchObject({ mine: 2, unassigned: BULK_MAX + 18 });
  }, 60_000);
});
