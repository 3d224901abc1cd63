import { afterEach, expect, test, vi } from "vitest";
import { DOCUMENT_API_ROUTES, documentMessages, type IssuedDocument } from "../../domain/invoice";
import { addStaff, consoleRequest, signIn } from "../../tests/support/console-app";
import { FILLED_FACTS } from "../../tests/support/company-facts";
import { anEnquiry } from "../../tests/support/enquiry-builder";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import type * as Render from "../documents/render";

// The documents' thread answering "busy" (its queue full) or "stopped" (it died mid-document) is
// what this file is about; how the thread comes to say so is tested in render-thread.test.ts.
const renderFailure = vi.hoisted(() => ({ reason: "busy" as "busy" | "stopped" | "failed" }));
vi.mock("../documents/render", async (original) => {
  const actual = await original<typeof Render>();
  return {
    ...actual,
    renderDocumentPdf: () =>
      Promise.reject(new actual.DocumentRenderError(renderFailure.reason, "The documents' renderer is busy")),
  };
});

let testApp: TestApp | undefined;
afterEach(async () => {
  await testApp?.close();
  testApp = undefined;
});

test("a PDF the documents' thread cannot make now answers 503 with a retry time; the document stays issued", async () => {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  const { app } = testApp;
  await addStaff(app, "sales@example.com", "member");
  const published = await app.store.companyFacts.publish({
    facts: { ...FILLED_FACTS, billing: { ...FILLED_FACTS.billing, merchantUpiId: "aarogya@icici" } },
    baseVersion: null,
    by: "sales@example.com",
    now: new Date(),
  });
  if (published === "conflict") throw new Error("The facts could not be published");
  const enquiry = await app.store.enquiries.add(anEnquiry({ Name: "Meera Stores", Mobile: "9811122233" }));
  const changed = await app.store.work.changeStatus(enquiry.id, {
    to: "Confirmed",
    expectedVersion: 0,
    staffEmail: "sales@example.com",
    at: new Date(),
  });
  if (changed.outcome !== "changed") throw new Error(changed.outcome);
  const sales = await signIn(app, "sales@example.com");
  const issued = await consoleRequest(
    app,
    sales,
    "POST",
    DOCUMENT_API_ROUTES.enquiryDocuments.replace(":id", enquiry.id),
    {
      kind: "tax-invoice",
      language: "en",
      buyer: {
        name: "Meera Stores",
        address: {
          lines: ["Shop 4, Lajpat Nagar Market"],
          city: "New Delhi",
          stateCode: "07",
          pin: "110024",
        },
        shippingAddress: null,
        gstin: null,
        email: "meera.stores@example.com",
        mobile: "9811122233",
      },
      lines: [{ quantity: 30, unitPricePaise: null, discountPaise: 0 }],
      clickKey: "click-busy-1",
    },
  );
  expect(issued.statusCode).toBe(201);
  const invoice = issued.json<{ document: IssuedDocument }>().document;
  const pdfPath = DOCUMENT_API_ROUTES.pdf.replace(":id", invoice.id);

  for (const reason of ["busy", "stopped"] as const) {
    renderFailure.reason = reason;
    const answer = await consoleRequest(app, sales, "GET", pdfPath);
    expect(answer.statusCode).toBe(503);
    expect(answer.headers["retry-after"]).toBe("10");
    expect(answer.json()).toEqual({ error: documentMessages.renderBusy });
  }
  // A document the renderer cannot make at all is a fault of ours, not a wait: the usual 500.
  renderFailure.reason = "failed";
  expect((await consoleRequest(app, sales, "GET", pdfPath)).statusCode).toBe(500);

  const listed = await consoleRequest(
    app,
    sales,
    "GET",
    DOCUMENT_API_ROUTES.enquiryDocuments.replace(":id", enquiry.id),
  );
  expect(listed.json<{ documents: IssuedDocument[] }>().documents.map((document) => document.number)).toEqual(
    [invoice.number],
  );
});
