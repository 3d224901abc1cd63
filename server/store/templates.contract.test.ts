import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { TemplateInput } from "../../domain/templates";
import { storeAdapters } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";

const whatsApp = (name: string, language: "en" | "hi" = "en"): TemplateInput => ({
  channel: "whatsapp",
  language,
  name,
  subject: null,
  body: "Hello {firstName}, about your enquiry {reference}.",
  whatsappTemplate: null,
});
const email: TemplateInput = {
  channel: "email",
  language: "hi",
  name: "पहला जवाब",
  subject: "आपकी पूछताछ (संदर्भ {reference})",
  body: "नमस्ते {firstName},\n\nधन्यवाद।",
  whatsappTemplate: null,
};
const at = new Date("2030-05-01T04:30:00.000Z");
const later = new Date("2030-05-01T05:00:00.000Z");

/** The reply and WhatsApp templates, one contract on both adapters. */
describe.each(storeAdapters("templates"))("templates on the $name store", (adapter) => {
  let store: Store;
  beforeAll(() => adapter.setUp());
  afterAll(() => adapter.tearDown());
  afterEach(async () => {
    await store?.close();
  });

  test("the first templates are added once in the store's life, in the order given", async () => {
    store = await adapter.open();
    expect(await store.templates.seedStarters([email, whatsApp("First reply")], at)).toBe(true);
    expect(await store.templates.seedStarters([whatsApp("Again")], later)).toBe(false);
    const listed = await store.templates.list();
    expect(listed).toEqual([
      { ...email, id: expect.any(String), version: 1, updatedAt: at.toISOString(), updatedBy: null },
      {
        ...whatsApp("First reply"),
        id: expect.any(String),
        version: 1,
        updatedAt: at.toISOString(),
        updatedBy: null,
      },
    ]);
    // Removed, they do not come back.
    for (const template of listed) expect(await store.templates.remove(template.id, 1)).toBe("removed");
    expect(await store.templates.seedStarters([email], later)).toBe(false);
    expect(await store.templates.list()).toEqual([]);
  });

  test("a store seeded before the documents' templates existed gets them once at its next listing; one whose first seed held them gets none twice", async () => {
    store = await adapter.open();
    const invoice: TemplateInput = { ...whatsApp("Invoice"), purpose: "invoice" };
    const starters = [email, whatsApp("First reply"), invoice];
    // Seeded before there were documents' templates: its replies only.
    expect(await store.templates.seed("replies", [email], at)).toBe(true);
    expect(await store.templates.seedStarters(starters, later)).toBe(true);
    expect(await store.templates.seedStarters(starters, later)).toBe(false);
    expect((await store.templates.list()).map((template) => [template.name, template.purpose])).toEqual([
      [email.name, undefined],
      ["Invoice", "invoice"],
    ]);
    // Removed, the documents' templates do not come back either.
    const added = (await store.templates.list()).find((template) => template.name === "Invoice");
    expect(await store.templates.remove(added!.id, 1)).toBe("removed");
    expect(await store.templates.seedStarters(starters, later)).toBe(false);
    expect((await store.templates.list()).map((template) => template.name)).toEqual([email.name]);
  });

  test("a store whose first seed already held the documents' templates is not given them again", async () => {
    store = await adapter.open();
    const invoice: TemplateInput = { ...whatsApp("Invoice"), purpose: "invoice" };
    expect(await store.templates.seed("replies", [email, invoice], at)).toBe(true);
    expect(await store.templates.seedStarters([email, whatsApp("First reply"), invoice], later)).toBe(false);
    expect((await store.templates.list()).map((template) => template.name)).toEqual([email.name, "Invoice"]);
  });

  test("an owner adds templates up to the most kept, and each lists with who changed it", async () => {
    store = await adapter.open();
    const first = await store.templates.add(whatsApp("Price"), { by: "owner@example.com", at, max: 2 });
    expect(first).toEqual({
      ...whatsApp("Price"),
      id: expect.any(String),
      version: 1,
      updatedAt: at.toISOString(),
      updatedBy: "owner@example.com",
    });
    expect(await store.templates.add(email, { by: "owner@example.com", at: later, max: 2 })).not.toBeNull();
    expect(
      await store.templates.add(whatsApp("Third"), { by: "owner@example.com", at: later, max: 2 }),
    ).toBeNull();
    expect((await store.templates.list()).map((template) => template.name)).toEqual(["Price", email.name]);
  });

  test("a WhatsApp template keeps its approval in WhatsApp Manager (name, language code, parameters in order) through a change, until removed", async () => {
    store = await adapter.open();
    const approval = {
      name: "order_followup",
      language: "en" as const,
      parameters: ["firstName" as const, "reference" as const],
    };
    const added = await store.templates.add(
      { ...whatsApp("Follow-up"), whatsappTemplate: approval },
      { by: "owner@example.com", at, max: 10 },
    );
    expect(added?.whatsappTemplate).toEqual(approval);
    expect((await store.templates.list())[0]?.whatsappTemplate).toEqual(approval);

    const hindi = { name: "order_followup", language: "hi" as const, parameters: ["reference" as const] };
    const changed = await store.templates.update(
      added!.id,
      { ...whatsApp("Follow-up", "hi"), body: "आपकी पूछताछ {reference}", whatsappTemplate: hindi },
      { expectedVersion: 1, by: "owner@example.com", at: later },
    );
    expect(changed).toMatchObject({ outcome: "changed", template: { whatsappTemplate: hindi, version: 2 } });
    expect((await store.templates.list())[0]?.whatsappTemplate).toEqual(hindi);

    const cleared = await store.templates.update(added!.id, whatsApp("Follow-up"), {
      expectedVersion: 2,
      by: "owner@example.com",
      at: later,
    });
    expect(cleared).toMatchObject({ outcome: "changed", template: { whatsappTemplate: null } });
    expect((await store.templates.list())[0]?.whatsappTemplate).toBeNull();
  });

  test("a template for an invoice or a payment reminder keeps its purpose, seeded or added, through a change that does not name it; a reply's is not written", async () => {
    store = await adapter.open();
    const invoice: TemplateInput = {
      ...whatsApp("Invoice"),
      body: "Dear {buyerName}, your invoice {documentNumber} for {amount}: {paymentLink}",
      purpose: "invoice",
    };
    expect(await store.templates.seedStarters([invoice, whatsApp("First reply")], at)).toBe(true);
    const reminder = await store.templates.add(
      { ...invoice, name: "Payment reminder", purpose: "payment-reminder" },
      { by: "owner@example.com", at: later, max: 10 },
    );
    expect(reminder?.purpose).toBe("payment-reminder");
    const listed = await store.templates.list();
    // The documents' templates after the replies (seedStarters).
    expect(listed.map((template) => [template.name, template.purpose])).toEqual([
      ["First reply", undefined],
      ["Invoice", "invoice"],
      ["Payment reminder", "payment-reminder"],
    ]);
    const approval = {
      name: "invoice_ready",
      language: "en" as const,
      parameters: [
        "buyerName" as const,
        "documentNumber" as const,
        "amount" as const,
        "paymentLink" as const,
      ],
    };
    const { purpose: _purpose, ...withoutPurpose } = invoice;
    const changed = await store.templates.update(
      listed.find((template) => template.name === "Invoice")!.id,
      { ...withoutPurpose, whatsappTemplate: approval },
      { expectedVersion: 1, by: "owner@example.com", at: new Date(later.getTime() + 60_000) },
    );
    expect(changed).toMatchObject({
      outcome: "changed",
      template: { purpose: "invoice", whatsappTemplate: approval, version: 2 },
    });
    expect((await store.templates.list()).find((template) => template.name === "Invoice")).toMatchObject({
      purpose: "invoice",
      whatsappTemplate: approval,
    });
  });

  test("a change or removal based on an older version changes nothing and answers the current one", async () => {
    store = await adapter.open();
    const added = await store.templates.add(whatsApp("Follow-up"), { by: "asha@example.com", at, max: 10 });
    const id = added!.id;
    const changed = await store.templates.update(
      id,
      { ...whatsApp("Follow-up", "hi"), body: "नमस्ते {firstName}" },
      { expectedVersion: 1, by: "ravi@example.com", at: later },
    );
    expect(changed).toEqual({
      outcome: "changed",
      template: {
        ...whatsApp("Follow-up", "hi"),
        body: "नमस्ते {firstName}",
        id,
        version: 2,
        updatedAt: later.toISOString(),
        updatedBy: "ravi@example.com",
      },
    });
    // Asha saves what she opened at version 1: refused, with Ravi's version to compare.
    const stale = await store.templates.update(id, whatsApp("Mine"), {
      expectedVersion: 1,
      by: "asha@example.com",
      at: later,
    });
    expect(stale).toEqual({
      outcome: "conflict",
      current: changed.outcome === "changed" ? changed.template : null,
    });
    expect(await store.templates.remove(id, 1)).toBe("conflict");
    expect((await store.templates.list())[0]?.name).toBe("Follow-up");
    expect(await store.templates.remove(id, 2)).toBe("removed");
    expect(await store.templates.remove(id, 2)).toBe("not-found");
    expect(await store.templates.update(id, whatsApp("Gone"), { expectedVersion: 2, by: "x", at })).toEqual({
      outcome: "not-found",
    });
  });

  test("of two owners saving one version at once, one change is kept and the other is told", async () => {
    store = await adapter.open();
    const added = await store.templates.add(whatsApp("Both"), { by: "asha@example.com", at, max: 10 });
    const results = await Promise.all(
      ["Asha's", "Ravi's"].map((name) =>
        store.templates.update(added!.id, whatsApp(name), { expectedVersion: 1, by: name, at: later }),
      ),
    );
    expect(results.map((result) => result.outcome).sort()).toEqual(["changed", "conflict"]);
    const [kept] = await store.templates.list();
    expect(kept?.version).toBe(2);
    expect(results.find((result) => result.outcome === "changed")).toMatchObject({
      template: { name: kept?.name },
    });
  });
});
