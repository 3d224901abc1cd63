import { afterEach, describe, expect, test } from "vitest";
import { ADMIN_API_PREFIX, consoleMessages } from "../../domain/console";
import type { DashboardData } from "../../domain/dashboard";
import type { Enquiry } from "../../domain/enquiry";
import { istDate } from "../../domain/working-hours";
import { apiMessages } from "../routes/api-errors";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

async function start() {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  return testApp.app;
}

const buyer = (Name: string, Quantity: number, RetailerSelfUse: Enquiry["RetailerSelfUse"]): Enquiry => ({
  Name,
  Email: `${Name.split(" ")[0]?.toLowerCase()}@example.com`,
  Mobile: "9876543210",
  Quantity,
  RetailerSelfUse,
});

describe("the dashboard's API", () => {
  test("answers nobody without a session, and refuses a range it does not offer", async () => {
    const app = await start();
    for (const path of ["/dashboard", "/dashboard.csv", "/dashboard?days=90"]) {
      const response = await app.inject({ url: `${ADMIN_API_PREFIX}${path}` });
      expect({ path, status: response.statusCode, body: response.json() }).toEqual({
        path,
        status: 401,
        body: { error: consoleMessages.sessionEnded },
      });
    }
    await addStaff(app, "staff@example.com", "member");
    const cookie = await signIn(app, "staff@example.com");
    for (const days of ["7", "abc", "30.5", "-30", ""]) {
      for (const path of ["/dashboard", "/dashboard.csv"]) {
        const response = await consoleRequest(app, cookie, "GET", `${path}?days=${days}`);
        expect({ path, days, status: response.statusCode, body: response.json() }).toEqual({
          path,
          days,
          status: 400,
          body: { error: apiMessages.badRequest },
        });
      }
    }
    expect((await app.store.activity.list({ limit: 50 })).items.map((entry) => entry.action)).not.toContain(
      "export",
    );
  });

  test("any member sees the figures of enquiries placed and worked today, and the same figures as a CSV", async () => {
    const app = await start();
    const staff = await addStaff(app, "staff@example.com", "member");
    const cookie = await signIn(app, "staff@example.com");
    const asha = await app.store.enquiries.add(buyer("Asha Verma", 24, "Retailer"));
    const ravi = await app.store.enquiries.add(buyer("Ravi Kumar", 3, "Self Use"));
    // Taking an enquiry is not working on it: "Enquiries worked on per member" leaves it out.
    const taken = await consoleRequest(app, cookie, "POST", `/enquiries/${ravi.id}/owner`, {
      ownerId: staff.id,
      expectedOwnerId: null,
    });
    expect(taken.statusCode).toBe(200);
    const changed = await consoleRequest(app, cookie, "POST", `/enquiries/${asha.id}/status`, {
      status: "Contacted",
      version: 0,
    });
    expect(changed.statusCode).toBe(200);
    // Whoever writes a formula into a member's address finds it defused in the CSV.
    await app.store.work.addNote(asha.id, {
      text: "x",
      staffEmail: "=1+1@example.com",
      at: new Date(),
    });

    const response = await consoleRequest(app, cookie, "GET", "/dashboard");
    expect(response.statusCode).toBe(200);
    const data = response.json<DashboardData>();
    const day = istDate(new Date(asha.receivedAt));
    expect(data.days).toBe(30);
    expect(data.perDay).toHaveLength(30);
    expect(data.perDay.find((entry) => entry.date === day)).toEqual({
      date: day,
      enquiries: { Retailer: 1, "Self Use": 1 },
      quantity: 27,
    });
    expect(data.funnel.counts).toEqual({
      New: 1,
      Contacted: 1,
      Confirmed: 0,
      Fulfilled: 0,
      Declined: 0,
      Duplicate: 0,
      Spam: 0,
    });
    expect(data.firstContact).toMatchObject({ received: 2, contacted: 1, targetHours: 4 });
    expect(data.breakdowns.members).toEqual([
      { key: "=1+1@example.com", enquiries: 1 },
      { key: "staff@example.com", enquiries: 1 },
    ]);
    expect(
      (await consoleRequest(app, cookie, "GET", "/dashboard?days=90")).json<DashboardData>().perDay,
    ).toHaveLength(90);

    const csv = await consoleRequest(app, cookie, "GET", "/dashboard.csv?days=30");
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toBe(
      `attachment; filename="dashboard-30-days-${data.to}.csv"`,
    );
    expect(csv.body.startsWith("\uFEFFfigure,period,item,value\r\n")).toBe(true);
    const lines = csv.body.split("\r\n");
    expect(lines).toContain(`Enquiries per day,${day},Retailer,1`);
    expect(lines).toContain(`Enquiries per day,${day},Self Use,1`);
    expect(lines).toContain(`Where the enquiries stand,${data.from}/${data.to},Contacted,1`);
    expect(lines).toContain(`First contact,${data.from}/${data.to},Contacted,1`);
    expect(lines).toContain(`Enquiries worked on per member,${data.from}/${data.to},staff@example.com,1`);
    expect(lines).toContain(`Enquiries worked on per member,${data.from}/${data.to},'=1+1@example.com,1`);
    // 30 days × 2 buyer types, every day listed even when nothing came.
    expect(lines.filter((line) => line.startsWith("Enquiries per day,"))).toHaveLength(60);
    const [exported] = (await app.store.activity.list({ limit: 10 })).items.filter(
      (entry) => entry.action === "export",
    );
    expect(exported).toMatchObject({ actor: "staff@example.com", target: "dashboard, 30 days" });
  });
});
