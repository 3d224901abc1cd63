import { afterEach, describe, expect, test } from "vitest";
import { ADMIN_API_ROUTES, type EnquiryDetail, type InboxPage } from "../../domain/console";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe("an older enquiry's Name in the console's API", () => {
  test("one stored before the unreadable-character rule is listed and shown neutralised, never as typed", async () => {
    const testApp: TestApp = await buildTestApp();
    cleanups.push(() => testApp.close());
    const { app } = testApp;
    // Stored as it came, as enquiries were before the rule refused such a Name.
    const stored = await app.store.enquiries.add(anEnquiry({ Name: "\u202EKiran\u3164Rao\u{1D159}" }), {
      acknowledge: false,
      language: "en",
    });
    await addStaff(app, "priya@example.com", "member");
    const cookie = await signIn(app, "priya@example.com");
    const inbox = (await consoleRequest(app, cookie, "GET", ADMIN_API_ROUTES.enquiries)).json<InboxPage>();
    expect(inbox.items.map((item) => item.Name)).toEqual(["Kiran Rao"]);
    const detail = await consoleRequest(
      app,
      cookie,
      "GET",
      ADMIN_API_ROUTES.enquiry.replace(":id", stored.id),
    );
    expect(detail.json<EnquiryDetail>().enquiry.Name).toBe("Kiran Rao");
  });
});
