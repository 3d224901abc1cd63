import { expect, test } from "vitest";
import type { TemplateInput } from "../../domain/templates";
import { bothStores } from "../../tests/support/store-sandboxes";
import type { Store } from "./store";

/**
 * The templates' changes (server/work/template-changes.ts) scripted on both stores: additions up
 * to the most kept, changes and removals on the right and a stale version, a purpose kept through
 * a change; every answer and the list after, store-neutral (ids become names). Both stores must
 * give the same, written out below.
 */

const onBothStores = bothStores("template-sequences");

const at = (minutes: number) => new Date(Date.parse("2026-03-10T04:30:00Z") + minutes * 60_000);
const input = (name: string, extra: Partial<TemplateInput> = {}): TemplateInput => ({
  channel: "email",
  language: "en",
  name,
  subject: `About ${name}`,
  body: `Hello {{firstName}}, ${name}.`,
  ...extra,
});
const OWNER = "owner@example.com";

async function script(store: Store) {
  const names = new Map<string, string>();
  const neutral = (value: unknown): unknown =>
    JSON.parse(JSON.stringify(value), (key, field: unknown) =>
      key === "id" && typeof field === "string" ? (names.get(field) ?? "(unknown)") : field,
    );
  const add = async (name: string, minutes: number, extra: Partial<TemplateInput> = {}) => {
    const added = await store.templates.add(input(name, extra), { by: OWNER, at: at(minutes), max: 3 });
    if (added) names.set(added.id, name);
    return added;
  };
  const answers: unknown[] = [];
  const first = await add("first", 1);
  const reminder = await add("reminder", 2, {
    purpose: "payment-reminder",
    channel: "whatsapp",
    subject: null,
  });
  answers.push(first, reminder, await add("third", 3), await add("fourth", 4));
  const change = { by: "asha@example.com", at: at(5) };
  answers.push(
    await store.templates.update(String(first?.id), input("first, changed"), {
      ...change,
      expectedVersion: 1,
    }),
    await store.templates.update(String(first?.id), input("stale"), { ...change, expectedVersion: 1 }),
    await store.templates.update(
      String(reminder?.id),
      input("reminder, changed", { channel: "whatsapp", subject: null }),
      {
        ...change,
        expectedVersion: 1,
      },
    ),
    await store.templates.update("no-such-template", input("none"), { ...change, expectedVersion: 1 }),
    await store.templates.remove(String(first?.id), 1),
    await store.templates.remove(String(first?.id), 2),
    await store.templates.remove(String(first?.id), 2),
    await add("fourth, now there is room", 6),
  );
  return neutral({ answers, list: await store.templates.list() });
}

test("additions, changes and removals of templates give the same answers and list on both stores", async () => {
  const states = await onBothStores(script);
  /** A template as stored: made from `input(name)`, at the minute given, by whom. */
  const stored = (
    name: string,
    version: number,
    minutes: number,
    by: string,
    extra: Partial<TemplateInput> = {},
  ) => ({
    ...input(name, extra),
    id: name.replace(", changed", ""),
    version,
    updatedAt: at(minutes).toISOString(),
    updatedBy: by,
    whatsappTemplate: null,
  });
  const reminder = { purpose: "payment-reminder", channel: "whatsapp", subject: null } as const;
  const firstChanged = { ...stored("first, changed", 2, 5, "asha@example.com") };
  const reminderChanged = stored("reminder, changed", 2, 5, "asha@example.com", reminder);
  const room = stored("fourth, now there is room", 1, 6, OWNER);
  const expected = {
    answers: [
      stored("first", 1, 1, OWNER),
      stored("reminder", 1, 2, OWNER, reminder),
      stored("third", 1, 3, OWNER),
      // Three are the most kept.
      null,
      { outcome: "changed", template: firstChanged },
      { outcome: "conflict", current: firstChanged },
      // Its purpose is kept though the change does not name it.
      { outcome: "changed", template: reminderChanged },
      { outcome: "not-found" },
      "conflict",
      "removed",
      "not-found",
      room,
    ],
    list: [reminderChanged, stored("third", 1, 3, OWNER), room],
  };
  expect(states[0]).toEqual(expected);
  expect(states[1]).toEqual(expected);
});
