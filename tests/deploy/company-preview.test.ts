/**
 * The console's preview of a page with facts not yet published (`npm run build` first: it renders
 * with the build's page renderer): any signed-in member sees the page as it would read, nothing is
 * written or served, and facts that could not be published are refused with their problems.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_API_PREFIX } from "../../domain/console";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import { COMPANY_PREVIEW_ROUTE } from "../../domain/company-facts-api";
import { CHANGED_FACTS, CHANGED_PAGE_TEXTS } from "../support/changed-facts";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../support/console-app";
import { projectRoot } from "../support/server-process";
import { buildTestApp, type TestApp } from "../support/test-app";

const siteDir = resolve(projectRoot, process.env.BUILD_DIR ?? "build", "client");

let test: TestApp;
let pagesDir: string;
let cookie: string;

beforeAll(async () => {
  pagesDir = join(siteDir, "..", `preview-test-pages-${process.pid}`);
  test = await buildTestApp({ SITE_DIR: siteDir, PAGES_DIR: pagesDir });
  await addStaff(test.app, "member@example.com", "member");
  cookie = await signIn(test.app, "member@example.com");
}, 60_000);

afterAll(async () => {
  await test?.close();
});

const preview = (payload: Record<string, unknown>) =>
  consoleRequest(test.app, cookie, "POST", COMPANY_PREVIEW_ROUTE, payload);

describe("the preview of a page with unpublished facts", () => {
  it("shows a member the Hindi home page as it would read, and publishes nothing", async () => {
    const response = await preview({ facts: CHANGED_FACTS, page: "home-hi" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain(CHANGED_PAGE_TEXTS.street.hi);
    expect(response.body).toContain(CHANGED_PAGE_TEXTS.phone);
    expect(response.body).not.toContain(CHANGED_PAGE_TEXTS.placeholderStreet.hi);
    // Nothing written, and the served page still states the facts in force.
    expect(existsSync(pagesDir)).toBe(false);
    const served = await test.app.inject({ method: "GET", url: "/hi", headers: { host: TEST_HOST } });
    expect(served.body).toContain(CHANGED_PAGE_TEXTS.placeholderStreet.hi);
  }, 60_000);

  it("shows the English privacy policy with the grievance officer named", async () => {
    const response = await preview({ facts: CHANGED_FACTS, page: "privacy" });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("Meera Sharma, Head of Customer Care");
  }, 60_000);

  it("refuses facts that could not be published, naming each problem", async () => {
    const response = await preview({
      facts: { ...PLACEHOLDER_FACTS, fssaiLicence: "1002401100012", gstin: "07AAACB1234C1Z0" },
      page: "home",
    });
    expect(response.statusCode).toBe(400);
    const fields = (response.json<{ problems: { field: string }[] }>().problems ?? []).map(
      (problem) => problem.field,
    );
    expect(fields).toEqual(expect.arrayContaining(["fssaiLicence", "gstin"]));
  });

  it("refuses a record missing its fields, and a page it does not know", async () => {
    expect((await preview({ facts: { phone: "+919812345678" }, page: "home" })).statusCode).toBe(400);
    expect((await preview({ facts: CHANGED_FACTS, page: "about" })).statusCode).toBe(400);
  });

  it("is for signed-in members only", async () => {
    const response = await test.app.inject({
      method: "POST",
      url: `${ADMIN_API_PREFIX}${COMPANY_PREVIEW_ROUTE}`,
      headers: { host: TEST_HOST, origin: TEST_ORIGIN },
      payload: { facts: CHANGED_FACTS, page: "home" },
    });
    expect(response.statusCode).toBe(401);
  });
});
