/**
 * The company's working hours are one figure: an owner publishes new ones on the console's Company
 * page and, without a restart, the next enquiry's first-contact target, the dashboard's "answered
 * within the target" and the FAQ on the landing page all follow them, on a SQLite file and on the
 * Firestore emulator. Needs the build (`npm run build`, BUILD_DIR): the FAQ is the page the
 * server renders again from the published facts.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from "vitest";
import type { CompanyFacts } from "../../domain/company-facts";
import { ADMIN_API_ROUTES } from "../../domain/console";
import { COMPANY_API_ROUTES, type FactsInForce } from "../../domain/company-facts-api";
import type { DashboardData } from "../../domain/dashboard";
import { firstContactDueAt } from "../../domain/team";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { firestoreSandbox } from "../../tests/support/store-sandboxes";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { projectRoot } from "../../tests/support/server-process";

// Enquiries are stamped with the clock the test sets.
vi.mock("../store/event-clock", () => ({ eventTime: () => new Date() }));

const buildDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build");

/** An instant given as IST wall-clock time. */
const ist = (local: string) => new Date(`${local}+05:30`);

/** Monday to Friday, 09:00–18:00 IST, first contact within 2 working hours. */
const WEEKDAY_HOURS: CompanyFacts["workingHours"] = {
  days: [1, 2, 3, 4, 5],
  opens: "09:00",
  closes: "18:00",
  firstContactHours: 2,
};

interface Deployment {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** Environment for an app on a new, empty database. */
  env(): Record<string, string>;
}

function sqliteDeployment(): Deployment {
  // buildTestApp gives every app a SQLite file of its own.
  return { name: "SQLite", setUp: async () => {}, tearDown: async () => {}, env: () => ({}) };
}

function firestoreDeployment(): Deployment {
  const sandbox = firestoreSandbox("working-hours");
  let count = 0;
  return {
    name: "Firestore (emulator)",
    setUp: () => sandbox.setUp(),
    tearDown: () => sandbox.tearDown(),
    env: () => ({ DATABASE_URL: `firestore://demo-working-hours-${(count += 1)}` }),
  };
}

describe.each([sqliteDeployment(), firestoreDeployment()])(
  "working hours published on $name",
  (deployment) => {
    let testApp: TestApp | undefined;
    beforeAll(() => deployment.setUp());
    afterAll(() => deployment.tearDown());
    afterEach(async () => {
      vi.useRealTimers();
      await testApp?.close();
      testApp = undefined;
    });

    test("an owner publishes Monday to Friday, 09:00–18:00, first contact within 2 hours: the next enquiry, the dashboard and the FAQ follow without a restart", async () => {
      expect(
        existsSync(join(buildDir, "page-render", "index.js")),
        `build the site first (BUILD_DIR=${buildDir})`,
      ).toBe(true);
      // Friday 27 November 2026, 17:15 in Delhi. Only the clock is fixed: timers run.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(ist("2026-11-27T17:15:00"));
      testApp = await buildTestApp({
        LOG_LEVEL: "silent",
        SITE_DIR: join(buildDir, "client"),
        ...deployment.env(),
      });
      const { app } = testApp;
      await addStaff(app, "owner@example.com", "owner");
      const owner = await signIn(app, "owner@example.com");
      const post = async (Name: string) => {
        const posted = await app.inject({
          method: "POST",
          url: "/api/enquiries",
          payload: { ...anEnquiry({ Name, Quantity: 6, RetailerSelfUse: "Retailer" }), lang: "en" },
        });
        expect(posted.statusCode).toBe(201);
        return posted.json<{ id: string }>().id;
      };
      const dueOf = async (id: string) =>
        (await consoleRequest(app, owner, "GET", `/enquiries/${id}`)).json<{
          team: { dueAt: string | null };
        }>().team.dueAt;

      // Under the build's default hours (10:00–19:00, Monday to Saturday, 4 hours): due on Saturday at 12:15.
      const before = await post("Asha Verma");
      expect(await dueOf(before)).toBe(ist("2026-11-28T12:15:00").toISOString());

      const published = await consoleRequest(app, owner, "POST", COMPANY_API_ROUTES.company, {
        baseVersion: null,
        facts: { ...FILLED_FACTS, workingHours: WEEKDAY_HOURS },
      });
      expect(published.statusCode).toBe(201);
      expect(published.json<FactsInForce>().facts.workingHours).toEqual(WEEKDAY_HOURS);

      // The next enquiry: 45 minutes on Friday, 1 hour 15 on Monday from 09:00.
      const after = await post("Ravi Kumar");
      const due = await dueOf(after);
      expect(due).toBe(ist("2026-11-30T10:15:00").toISOString());
      expect(due).toBe(firstContactDueAt(ist("2026-11-27T17:15:00"), WEEKDAY_HOURS).toISOString());
      // The enquiry stored before keeps the target it was given.
      expect(await dueOf(before)).toBe(ist("2026-11-28T12:15:00").toISOString());

      // Monday at 11:00: Ravi's enquiry is answered after 2 h 45 of working time, Asha's after 2 h 45
      // too (Saturday is no working day now). Within 4 hours both; within 2, neither.
      vi.setSystemTime(ist("2026-11-30T11:00:00"));
      // The weekend ended Friday's session: the owner signs in again on Monday.
      const monday = await signIn(app, "owner@example.com");
      for (const id of [before, after]) {
        const changed = await consoleRequest(app, monday, "POST", `/enquiries/${id}/status`, {
          status: "Contacted",
          version: 0,
        });
        expect(changed.statusCode).toBe(200);
      }
      const dashboard = (await consoleRequest(app, monday, "GET", "/dashboard")).json<DashboardData>();
      expect(dashboard.firstContact).toMatchObject({
        received: 2,
        contacted: 2,
        targetHours: 2,
        withinTarget: 0,
        medianWorkingMinutes: 165,
      });

      // The console counts its follow-up presets in the hours the server answers with the session.
      const me = await consoleRequest(app, monday, "GET", ADMIN_API_ROUTES.me);
      expect(me.json<{ workingHours: CompanyFacts["workingHours"] }>().workingHours).toEqual(WEEKDAY_HOURS);

      // The landing page, rendered again from the published facts, states the same figure.
      await app.publishedPages?.checkNow();
      const page = await app.inject({ method: "GET", url: "/" });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("Within 2 working hours, by a call or a message");
      expect(page.body).toContain("Monday to Friday, 9 am to 6 pm (IST). Our customer care answers");
      expect(page.body).not.toContain("Within 4 working hours");
    });
  },
);
