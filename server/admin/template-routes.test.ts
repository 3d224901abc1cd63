import { afterEach, describe, expect, test } from "vitest";
import { ADMIN_API_PREFIX, consoleMessages } from "../../domain/console";
import {
  checkTemplate,
  TEMPLATE_API_ROUTES,
  templateMessages,
  TEMPLATES_MAX,
  type ReplyTemplate,
  type TemplateInput,
} from "../../domain/templates";
import { addStaff, consoleRequest, signIn, TEST_HOST, TEST_ORIGIN } from "../../tests/support/console-app";
import { buildTestApp, type TestApp } from "../../tests/support/test-app";
import { DEFAULT_TEMPLATES } from "../templates/default-templates";
import { apiMessages } from "../routes/api-errors";

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const one = (id: string) => TEMPLATE_API_ROUTES.template.replace(":id", id);

async function start() {
  const testApp: TestApp = await buildTestApp();
  cleanups.push(() => testApp.close());
  const { app } = testApp;
  await addStaff(app, "owner@example.com", "owner");
  await addStaff(app, "member@example.com", "member");
  return {
    app,
    owner: await signIn(app, "owner@example.com"),
    member: await signIn(app, "member@example.com"),
  };
}

const hindiWhatsApp: TemplateInput = {
  channel: "whatsapp",
  language: "hi",
  name: "दोबारा संपर्क",
  subject: null,
  body: "नमस्ते {firstName}, आपकी पूछताछ {reference} के बारे में।",
};

describe("the console's template routes", () => {
  test("any member lists the templates, which start as the console's first ones; only an owner changes them", async () => {
    const { app, owner, member } = await start();
    const listed = await consoleRequest(app, member, "GET", TEMPLATE_API_ROUTES.templates);
    expect(listed.statusCode).toBe(200);
    const items = listed.json<{ items: ReplyTemplate[] }>().items;
    expect(
      items.map(({ channel, language, name, subject, body, purpose }) => ({
        channel,
        language,
        name,
        subject,
        body,
        ...(purpose ? { purpose } : {}),
      })),
    ).toEqual(DEFAULT_TEMPLATES);
    const id = items[0]!.id;
    const refusals = [
      await consoleRequest(app, member, "POST", TEMPLATE_API_ROUTES.templates, { ...hindiWhatsApp }),
      await consoleRequest(app, member, "PUT", one(id), { ...hindiWhatsApp, version: 1 }),
      await consoleRequest(app, member, "DELETE", `${one(id)}?version=1`),
    ];
    for (const refused of refusals) {
      expect([refused.statusCode, refused.json()]).toEqual([403, { error: consoleMessages.forbidden }]);
    }
    const anonymous = await app.inject({
      method: "GET",
      url: `${ADMIN_API_PREFIX}${TEMPLATE_API_ROUTES.templates}`,
      headers: { host: TEST_HOST, origin: TEST_ORIGIN },
    });
    expect(anonymous.statusCode).toBe(401);
    // Listed again: the first templates are not added twice.
    const again = await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates);
    expect(again.json<{ items: ReplyTemplate[] }>().items).toHaveLength(DEFAULT_TEMPLATES.length);
  });

  test("an owner adds, changes and removes a Hindi template, each in the activity log", async () => {
    const { app, owner } = await start();
    const added = await consoleRequest(app, owner, "POST", TEMPLATE_API_ROUTES.templates, {
      ...hindiWhatsApp,
    });
    expect(added.statusCode).toBe(201);
    const template = added.json<{ template: ReplyTemplate }>().template;
    expect(template).toMatchObject({ ...hindiWhatsApp, version: 1, updatedBy: "owner@example.com" });

    const changed = await consoleRequest(app, owner, "PUT", one(template.id), {
      ...hindiWhatsApp,
      body: "  नमस्ते {firstName}, {product} की आपकी पूछताछ {reference}।  ",
      version: 1,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ template: ReplyTemplate }>().template).toMatchObject({
      version: 2,
      body: "नमस्ते {firstName}, {product} की आपकी पूछताछ {reference}।",
    });

    const removed = await consoleRequest(app, owner, "DELETE", `${one(template.id)}?version=2`);
    expect(removed.statusCode).toBe(204);
    const activity = await app.store.activity.list({ limit: 10 });
    expect(activity.items.slice(0, 3).map(({ action, target }) => [action, target])).toEqual([
      ["template-removed", hindiWhatsApp.name],
      ["template-changed", hindiWhatsApp.name],
      ["template-added", hindiWhatsApp.name],
    ]);
  });

  test("a template with an unknown field is refused with the field named, in English and Hindi alike, and nothing changes", async () => {
    const { app, owner } = await start();
    const before = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    const refused = await consoleRequest(app, owner, "POST", TEMPLATE_API_ROUTES.templates, {
      ...hindiWhatsApp,
      body: "नमस्ते {firstname}, आपका ऑर्डर {orderTotal} का है।",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      error: templateMessages.unknownField("body", "firstname", "firstName"),
      field: "body",
    });
    expect(refused.json<{ error: string }>().error).toContain("{firstname}");

    const inSubject = await consoleRequest(app, owner, "PUT", one(before[0]!.id), {
      channel: "email",
      language: "en",
      name: "First reply",
      subject: "Your order {orderTotal}",
      body: "Hello {firstName}",
      version: 1,
    });
    expect(inSubject.statusCode).toBe(400);
    expect(inSubject.json()).toEqual({
      error: templateMessages.unknownField("subject", "orderTotal"),
      field: "subject",
    });
    const after = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    expect(after).toEqual(before);
  });

  test("bad input gets a clear answer: empty parts, too long, a wrong shape, a control character", async () => {
    const { app, owner } = await start();
    const post = (body: Record<string, unknown>) =>
      consoleRequest(app, owner, "POST", TEMPLATE_API_ROUTES.templates, body);
    expect((await post({ ...hindiWhatsApp, name: "  " })).json()).toEqual({
      error: templateMessages.nameEmpty,
      field: "name",
    });
    expect((await post({ ...hindiWhatsApp, channel: "email", subject: "" })).json()).toEqual({
      error: templateMessages.subjectEmpty,
      field: "subject",
    });
    expect((await post({ ...hindiWhatsApp, body: "x".repeat(1_001) })).json()).toEqual({
      error: templateMessages.bodyTooLong(1_000),
      field: "body",
    });
    expect((await post({ ...hindiWhatsApp, body: "{ a stray brace" })).json()).toEqual({
      error: templateMessages.strayBrace("body"),
      field: "body",
    });
    const wrongShape = await post({ ...hindiWhatsApp, channel: "sms" });
    expect([wrongShape.statusCode, wrongShape.json()]).toEqual([400, { error: apiMessages.badRequest }]);
    const control = await post({ ...hindiWhatsApp, name: "First\u0007reply" });
    expect(control.statusCode).toBe(400);
    // A message keeps its lines.
    expect((await post({ ...hindiWhatsApp, body: "नमस्ते {firstName},\n\nधन्यवाद।" })).statusCode).toBe(201);
    const refusedNoChange = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    expect(refusedNoChange).toHaveLength(DEFAULT_TEMPLATES.length + 1);
  });

  test("a template with a right-to-left override in its subject or its message is refused, naming the part, and nothing changes", async () => {
    const { app, owner } = await start();
    const before = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    const email = {
      channel: "email",
      language: "en",
      name: "Bank details",
      subject: "Your order {reference}",
      body: "Please pay to account 4321 0987.",
    };
    // "4321 \u202E0987" shows as "4321 7890" to the buyer who reads it.
    const inSubject = await consoleRequest(app, owner, "POST", TEMPLATE_API_ROUTES.templates, {
      ...email,
      subject: "Your order \u202E{reference}",
    });
    expect([inSubject.statusCode, inSubject.json()]).toEqual([
      400,
      { error: templateMessages.unreadable("subject"), field: "subject" },
    ]);
    const inBody = await consoleRequest(app, owner, "PUT", one(before[0]!.id), {
      ...email,
      body: "Please pay to account 4321 \u202E0987.",
      version: 1,
    });
    expect([inBody.statusCode, inBody.json()]).toEqual([
      400,
      { error: templateMessages.unreadable("body"), field: "body" },
    ]);
    const after = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    expect(after).toEqual(before);
    // The console's first templates pass the same check.
    for (const template of DEFAULT_TEMPLATES)
      expect(checkTemplate(template), template.name).toMatchObject({ ok: true });
  });

  test("a change based on an older version is refused with 409 and the current template; the most kept is enforced", async () => {
    const { app, owner } = await start();
    const [first] = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    const body = { ...first!, body: "Hello {firstName}, thanks." };
    expect(
      (await consoleRequest(app, owner, "PUT", one(first!.id), { ...body, version: 1 })).statusCode,
    ).toBe(200);
    const stale = await consoleRequest(app, owner, "PUT", one(first!.id), {
      ...body,
      name: "Mine",
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      error: templateMessages.conflict,
      template: { version: 2, name: first!.name },
    });
    expect((await consoleRequest(app, owner, "DELETE", `${one(first!.id)}?version=1`)).statusCode).toBe(409);
    expect(
      (await consoleRequest(app, owner, "DELETE", `${one("no-such-template")}?version=1`)).statusCode,
    ).toBe(404);

    for (let made = DEFAULT_TEMPLATES.length; made < TEMPLATES_MAX; made += 1) {
      await app.store.templates.add(hindiWhatsApp, {
        by: "owner@example.com",
        at: new Date(),
        max: TEMPLATES_MAX,
      });
    }
    const tooMany = await consoleRequest(app, owner, "POST", TEMPLATE_API_ROUTES.templates, {
      ...hindiWhatsApp,
    });
    expect([tooMany.statusCode, tooMany.json()]).toEqual([409, { error: templateMessages.tooMany }]);
  });

  test("an owner records a WhatsApp template's approval in WhatsApp Manager: its name, language code and parameters, kept and removable", async () => {
    const { app, owner, member } = await start();
    const approved = {
      channel: "whatsapp",
      language: "en",
      name: "Follow-up after a day",
      subject: null,
      body: "Hello {firstName}, about your enquiry for {quantity}: {company} can deliver this week.",
      whatsappTemplate: {
        name: "order_followup",
        language: "en",
        parameters: ["firstName", "quantity", "company"],
      },
    };
    // A member is refused, and nothing is added.
    const byMember = await consoleRequest(app, member, "POST", TEMPLATE_API_ROUTES.templates, approved);
    expect([byMember.statusCode, byMember.json()]).toEqual([403, { error: consoleMessages.forbidden }]);

    const added = await consoleRequest(app, owner, "POST", TEMPLATE_API_ROUTES.templates, approved);
    expect(added.statusCode).toBe(201);
    const template = added.json<{ template: ReplyTemplate }>().template;
    expect(template.whatsappTemplate).toEqual(approved.whatsappTemplate);
    const listed = (await consoleRequest(app, member, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    expect(listed.find((item) => item.id === template.id)?.whatsappTemplate).toEqual(
      approved.whatsappTemplate,
    );
    // The member cannot change it either.
    const changedByMember = await consoleRequest(app, member, "PUT", one(template.id), {
      ...approved,
      whatsappTemplate: null,
      version: 1,
    });
    expect(changedByMember.statusCode).toBe(403);

    // Withdrawn in WhatsApp Manager: the owner clears it.
    const cleared = await consoleRequest(app, owner, "PUT", one(template.id), {
      ...approved,
      whatsappTemplate: null,
      version: 1,
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json<{ template: ReplyTemplate }>().template).toMatchObject({
      version: 2,
      whatsappTemplate: null,
    });
    const again = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    expect(again.find((item) => item.id === template.id)?.whatsappTemplate).toBeNull();
  });

  test("a bad approval is refused with a clear message naming its part, and nothing changes", async () => {
    const { app, owner } = await start();
    const base = {
      channel: "whatsapp",
      language: "hi",
      name: "दोबारा संपर्क",
      subject: null,
      body: "नमस्ते {firstName}, आपकी पूछताछ {reference} के बारे में।",
    };
    const added = await consoleRequest(app, owner, "POST", TEMPLATE_API_ROUTES.templates, {
      ...base,
      whatsappTemplate: { name: "followup_hi", language: "hi", parameters: ["firstName", "reference"] },
    });
    expect(added.statusCode).toBe(201);
    const id = added.json<{ template: ReplyTemplate }>().template.id;
    const before = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { name: "Order Follow-up", language: "hi", parameters: ["firstName", "reference"] },
        templateMessages.whatsappNameFormat,
        "whatsappName",
      ],
      [
        { name: "", language: "hi", parameters: ["firstName", "reference"] },
        templateMessages.whatsappNameEmpty,
        "whatsappName",
      ],
      [
        { name: "followup_hi", language: "fr", parameters: ["firstName", "reference"] },
        templateMessages.whatsappLanguage,
        "whatsappLanguage",
      ],
      [
        { name: "followup_hi", language: "hi", parameters: ["firstName", "orderTotal"] },
        templateMessages.whatsappParameterUnknown("orderTotal"),
        "whatsappParameters",
      ],
      [
        { name: "followup_hi", language: "hi", parameters: ["reference", "firstName"] },
        templateMessages.whatsappParametersOrder(["firstName", "reference"]),
        "whatsappParameters",
      ],
    ];
    for (const [whatsappTemplate, error, field] of cases) {
      const refused = await consoleRequest(app, owner, "PUT", one(id), {
        ...base,
        whatsappTemplate,
        version: 1,
      });
      expect([refused.statusCode, refused.json()]).toEqual([400, { error, field }]);
    }
    expect(templateMessages.whatsappNameFormat).toContain("lower-case letters, digits and underscores");
    // An e-mail template carries no approval.
    const email = await consoleRequest(app, owner, "POST", TEMPLATE_API_ROUTES.templates, {
      channel: "email",
      language: "en",
      name: "First reply",
      subject: "Your enquiry",
      body: "Hello {firstName}",
      whatsappTemplate: { name: "first_reply", language: "en", parameters: ["firstName"] },
    });
    expect([email.statusCode, email.json()]).toEqual([
      400,
      { error: templateMessages.whatsappOnly, field: "whatsappName" },
    ]);
    const after = (await consoleRequest(app, owner, "GET", TEMPLATE_API_ROUTES.templates)).json<{
      items: ReplyTemplate[];
    }>().items;
    expect(after).toEqual(before);
  });
});
