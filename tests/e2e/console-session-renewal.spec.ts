import type { APIRequestContext, Page } from "@playwright/test";
import { sessionDialogText } from "../../console/content";
import { ADMIN_API_PREFIX, consoleMessages, INBOX_POLL_MS } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { totpCodeFor } from "../support/totp";
import { type ConsoleAccount, createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { forgiveFailedRequests, uniqueTag } from "./support/forms";

/** A state-changing call to the console's API must come from the console's own origin. */
function apiCall(request: APIRequestContext) {
  const origin = new URL(test.info().project.use.baseURL ?? "").origin;
  return {
    post: (path: string, data?: unknown) =>
      request.post(`${ADMIN_API_PREFIX}${path}`, { headers: { origin }, data }),
    put: (path: string, data?: unknown) =>
      request.put(`${ADMIN_API_PREFIX}${path}`, { headers: { origin }, data }),
    delete: (path: string) => request.delete(`${ADMIN_API_PREFIX}${path}`, { headers: { origin } }),
    get: (path: string) => request.get(`${ADMIN_API_PREFIX}${path}`),
  };
}

async function placeEnquiry(request: APIRequestContext, first: string): Promise<string> {
  const name = `${first} ${uniqueTag()}`;
  const placed = await request.post(API_PATHS.enquiries, {
    data: {
      Name: name,
      Email: `${first.toLowerCase()}.${uniqueTag()}@example.in`,
      Mobile: "9811122233",
      Quantity: 6,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(placed.status()).toBe(201);
  return name;
}

/** The owner, from another device, ends every session of `member` (the Staff page's "End sessions"). */
async function endSessionsOf(request: APIRequestContext, owner: ConsoleAccount, member: ConsoleAccount) {
  const api = apiCall(request);
  expect((await api.post("/session", { email: owner.email, password: owner.password })).ok()).toBe(true);
  const { items } = (await (await api.get("/staff")).json()) as { items: { id: string; email: string }[] };
  const id = items.find((each) => each.email === member.email)?.id ?? "";
  expect((await api.delete(`/staff/${id}/sessions`)).status()).toBe(204);
}

/** A member signed in on the enquiry `name`'s page, with `note` typed in its Note field. */
async function typingOnEnquiry(page: Page, member: ConsoleAccount, name: string, note: string) {
  await signIn(page, member);
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await page.getByLabel("Note", { exact: true }).fill(note);
}

/** Presses Tab until `name`'s button has the focus, then Enter: the page worked by keyboard. */
async function pressButton(page: Page, name: string) {
  const button = page.getByRole("button", { name, exact: true });
  for (let presses = 0; presses < 20; presses++) {
    if (await button.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press("Tab");
  }
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
}

function sessionDialog(page: Page) {
  return page.getByRole("dialog", { name: sessionDialogText.title });
}

test("a note typed after the session ended is saved as typed once the member signs in again in the dialog", async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  const name = await placeEnquiry(request, "Ishita");
  const owner = await createStaff("owner");
  const member = await createStaff("member");
  const note = `Wants 6 boxes for her shop by Friday ${uniqueTag()}`;
  await typingOnEnquiry(page, member, name, note);
  await endSessionsOf(request, owner, member);

  await pressButton(page, "Add note");
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(sessionDialogText.email)).toHaveValue(member.email);
  await expect(dialog.getByLabel(sessionDialogText.password)).toBeFocused();
  await page.keyboard.type(member.password);
  await page.keyboard.press("Enter");

  await expect(dialog).toBeHidden();
  await expect(page.getByRole("status")).toContainText(consoleMessages.noteAdded);
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText(note);
  await expect(history).toContainText(member.email);
  await expect(page.getByLabel("Note", { exact: true })).toHaveValue("");
  // Saved once, on the server: a fresh load of the page shows it once.
  await page.reload();
  await expect(page.getByRole("region", { name: "History" }).getByText(note)).toHaveCount(1);
  forgiveFailedRequests(pageErrors, /401/);
});

test("a member with two-step sign-in gives the code in the dialog, and their status change, note and next step go through", async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  const name = await placeEnquiry(request, "Naveen");
  await createStaff("owner");
  const member = await createStaff("member");
  const note = `Spoke to him, sending the price list ${uniqueTag()}`;
  await typingOnEnquiry(page, member, name, "");
  await page.getByLabel("New status").selectOption("Contacted");
  await page.getByLabel("Note with the change (optional)").fill(note);
  const nextStep = `Send the price list ${uniqueTag()}`;
  await page.getByLabel("Next step (optional)").fill(nextStep);

  // On their phone, the member turns on two-step sign-in, which ends the session in this browser.
  const api = apiCall(request);
  expect((await api.post("/session", { email: member.email, password: member.password })).ok()).toBe(true);
  const { secret } = (await (await api.post("/me/totp")).json()) as { secret: string };
  const turnedOn = await api.put("/me/totp", { password: member.password, code: await totpCodeFor(secret) });
  expect(turnedOn.ok()).toBe(true);

  await pressButton(page, "Change status");
  const dialog = sessionDialog(page);
  await expect(dialog.getByLabel(sessionDialogText.password)).toBeFocused();
  await page.keyboard.type(member.password);
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel(sessionDialogText.code, { exact: true })).toBeFocused();
  await expect(dialog.getByRole("alert")).toHaveText(consoleMessages.codeRequired);
  await page.keyboard.type(await totpCodeFor(secret, 1));
  await page.keyboard.press("Enter");

  await expect(dialog).toBeHidden();
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("New → Contacted");
  await expect(history).toContainText(note);
  await expect(page.locator(".page-head .status")).toHaveText("Contacted");
  await expect(page.locator(".next-step")).toHaveText(nextStep);
  forgiveFailedRequests(pageErrors, /401/);
});

test("Esc closes the dialog: the note fails as the session ended, stays in its field, and goes once signed in", async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  const name = await placeEnquiry(request, "Tara");
  const owner = await createStaff("owner");
  const member = await createStaff("member");
  const note = `Call back after 4 ${uniqueTag()}`;
  await typingOnEnquiry(page, member, name, note);
  await endSessionsOf(request, owner, member);

  await pressButton(page, "Add note");
  await expect(sessionDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(sessionDialog(page)).toBeHidden();
  await expect(page.getByRole("alert")).toHaveText(consoleMessages.sessionEnded);
  await expect(page.getByLabel("Note", { exact: true })).toHaveValue(note);
  // Focus is back on the button the member pressed.
  await expect(page.getByRole("button", { name: "Add note" })).toBeFocused();

  // The offer to sign in stays on the page.
  await page.getByRole("button", { name: sessionDialogText.signInAgain }).click();
  await expect(sessionDialog(page).getByLabel(sessionDialogText.password)).toBeFocused();
  await page.keyboard.type(member.password);
  await page.keyboard.press("Enter");
  await expect(sessionDialog(page)).toBeHidden();
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("region", { name: "History" })).toContainText(note);
  forgiveFailedRequests(pageErrors, /401/);
});

test("another person signing in at the dialog sends nothing the first typed, and starts from the inbox", async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  const name = await placeEnquiry(request, "Rohan");
  const owner = await createStaff("owner");
  const member = await createStaff("member");
  const colleague = await createStaff("member");
  const note = `Only Meera should say this ${uniqueTag()}`;
  await typingOnEnquiry(page, member, name, note);
  await endSessionsOf(request, owner, member);

  await pressButton(page, "Add note");
  const dialog = sessionDialog(page);
  await dialog.getByLabel(sessionDialogText.email).fill(colleague.email);
  await dialog.getByLabel(sessionDialogText.password).fill(colleague.password);
  await dialog.getByRole("button", { name: sessionDialogText.signIn }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(colleague.email);
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("region", { name: "History" })).not.toContainText(note);
  forgiveFailedRequests(pageErrors, /401/);
});

test("the inbox's live updates meet the ended session once: one dialog, no repeated calls, focus kept, and updates again after sign-in", async ({
  page,
  request,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  const before = await placeEnquiry(request, "Bhavna");
  const owner = await createStaff("owner");
  const member = await createStaff("member");
  await signIn(page, member);
  await expect(page.getByRole("row").filter({ hasText: before })).toBeVisible();
  const search = page.getByLabel("Search");
  await search.focus();
  let refused = 0;
  page.on("response", (response) => {
    if (response.status() === 401) refused += 1;
  });

  await endSessionsOf(request, owner, member);
  // The next check for new enquiries meets the ended session and asks, by itself.
  const dialog = sessionDialog(page);
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  // While it waits, the inbox's checks are held, not sent again every few seconds (its two calls met it once).
  await page.waitForTimeout(INBOX_POLL_MS * 2 + 1_000);
  expect(refused).toBe(2);
  await expect(dialog).toHaveCount(1);

  await page.keyboard.type(member.password);
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  // Focus is back where the person left it.
  await expect(search).toBeFocused();
  // And new enquiries come in again without a reload.
  const after = await placeEnquiry(request, "Bhavna");
  await expect(page.getByRole("row").filter({ hasText: after })).toBeVisible({ timeout: 15_000 });
  forgiveFailedRequests(pageErrors, /401/);
});

for (const width of [widths.mobile, widths.desktop]) {
  test(`the sign-in dialog has no accessibility violations at ${width} px`, async ({
    page,
    request,
    pageErrors,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewportOf(width));
    const name = await placeEnquiry(request, "Zoya");
    const owner = await createStaff("owner");
    const member = await createStaff("member");
    await typingOnEnquiry(page, member, name, "Asked for the Hindi leaflet");
    await endSessionsOf(request, owner, member);
    await page.getByRole("button", { name: "Add note" }).click();
    const dialog = sessionDialog(page);
    await expect(dialog).toBeVisible();
    // The whole of it is on the screen, within the width, without sideways scrolling.
    const box = await dialog.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`session-dialog-${width}.png`) });

    // Tab stays in the dialog, both ways round.
    const signInButton = dialog.getByRole("button", { name: sessionDialogText.signIn });
    await expect(dialog.getByLabel(sessionDialogText.password)).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByRole("button", { name: sessionDialogText.cancel })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(signInButton).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel(sessionDialogText.email)).toBeFocused();
    await page.keyboard.press("Shift+Tab");
    await expect(signInButton).toBeFocused();

    // Cancelled, the offer to sign in stays in sight, and the page can still be read.
    await page.keyboard.press("Escape");
    const offer = page.getByRole("button", { name: sessionDialogText.signInAgain });
    await expect(offer).toBeVisible();
    const offerBox = await offer.boundingBox();
    expect(
      offerBox &&
        offerBox.x + offerBox.width <= width &&
        offerBox.y + offerBox.height <= viewportOf(width).height,
    ).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`session-ended-${width}.png`) });
    forgiveFailedRequests(pageErrors, /401/);
  });
}
