import { readFile } from "node:fs/promises";
import { orderForm } from "../../app/content/forms";
import { anchors } from "../../app/content/site";
import { CONSOLE_TITLE, callText, consoleText, pushText, sessionDialogText } from "../../console/content";
import { ADMIN_API_PREFIX, CONSOLE_BASE_PATH, consoleMessages } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { createStaff, signIn, signInForm } from "./support/console";
import {
  accessibilityViolations,
  expect,
  test,
  viewportOf,
  waitForHydration,
  widths,
} from "./support/fixtures";
import { forgiveFailedRequests, uniqueTag } from "./support/forms";
import { subscribeAndConfirm } from "./support/mail";

test("an owner sees an enquiry arrive without a reload, marks it Contacted with a note, exports it and signs out", async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const owner = await createStaff("owner");
  await signIn(page, owner);
  await page.getByRole("link", { name: "Inbox" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();

  // A visitor places an order enquiry through the public form, in a browser of their own.
  const visitor = await browser.newPage();
  const name = `Meera Iyer ${uniqueTag()}`;
  await visitor.goto(`/#${anchors.buyNow}`);
  const form = visitor.locator(`#${anchors.buyNow} form`).filter({
    has: visitor.getByRole("button", { name: orderForm.submit }),
  });
  await form.scrollIntoViewIfNeeded();
  await waitForHydration(form);
  await form.getByLabel(orderForm.labels.Name, { exact: true }).fill(name);
  await form.getByLabel(orderForm.labels.Email, { exact: true }).fill(`meera.${uniqueTag()}@example.in`);
  await form.getByLabel(orderForm.labels.Mobile, { exact: true }).fill("9812345678");
  await form.getByLabel(orderForm.labels.Quantity, { exact: true }).fill("7");
  await form.getByLabel(orderForm.labels.RetailerSelfUse, { exact: true }).selectOption("Self Use");
  await form.getByRole("button", { name: orderForm.submit }).click();
  // The form waits up to 8 s for its proof of work (PROOF_WAIT_MS) before it sends.
  await expect(visitor.getByText("Order Received Successfully").first()).toBeVisible({ timeout: 15_000 });
  await visitor.close();

  // It appears in the open inbox by itself, and the tab title counts it.
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toBeVisible({ timeout: 15_000 });
  await expect(row).toContainText("Self Use");
  await expect(row).toContainText("New");
  await expect(page).toHaveTitle(/^\(\d+\) Inbox · Collarise console$/);

  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:+919812345678");
  const reference = (await page.locator(".meta .reference").textContent()) ?? "";
  expect(reference).toMatch(/^[0-9A-F]{8}$/);
  // A reply is written on the page, not in a mail program: the Reply action leads to its box.
  await expect(page.getByRole("link", { name: "Reply" })).toHaveAttribute("href", "#reply-text");
  // WhatsApp offers the templates in the visitor's language, each opening the chat with it merged.
  await page.getByRole("button", { name: "WhatsApp" }).click();
  const firstReply = page.getByRole("link", { name: "First reply" });
  await expect(firstReply).toHaveAttribute("href", new RegExp(`text=.*${reference}`));
  await expect(firstReply).toHaveAttribute("href", /^https:\/\/wa\.me\/919812345678\?text=Hello%20Meera%2C/);
  await page.getByRole("button", { name: "WhatsApp" }).click();

  const note = `Called, will confirm tomorrow ${uniqueTag()}`;
  await page.getByLabel("New status").selectOption("Contacted");
  await page.getByLabel("Note with the change (optional)").fill(note);
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status")).toContainText(consoleMessages.statusChanged);
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("New → Contacted");
  await expect(history).toContainText(note);
  await expect(history).toContainText(owner.email);

  // The CSV of the Contacted filter holds it, and its name says so.
  await page.getByRole("link", { name: "← Inbox" }).click();
  // The inbox's filter, a list box: the enquiry's page, until it goes, has a section named Status.
  await page.getByRole("combobox", { name: "Status", exact: true }).selectOption("Contacted");
  // The row reads Contacted in every view already: the link is what says the filter has applied.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", /[?&]status=Contacted(&|$)/);
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Contacted");
  const downloading = page.waitForEvent("download");
  await exportLink.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^enquiries-(?:[a-z0-9-]+-)?contacted-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.startsWith("\uFEFF")).toBe(true);
  expect(csv).toContain(name);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText(consoleMessages.signedOut)).toBeVisible();
  await expect(signInForm(page).submit).toBeVisible();
});

test("keyboard only: sign in and change an enquiry's status", async ({ page, request }) => {
  const owner = await createStaff("owner");
  const name = `Kabir Singh ${uniqueTag()}`;
  const placed = await request.post(API_PATHS.enquiries, {
    data: {
      Name: name,
      Email: `kabir.${uniqueTag()}@example.in`,
      Mobile: "9898989898",
      Quantity: 3,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(placed.ok()).toBe(true);

  await page.goto("/admin/sign-in");
  await expect(signInForm(page).submit).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(signInForm(page).email).toBeFocused();
  await page.keyboard.type(owner.email);
  await page.keyboard.press("Tab");
  await page.keyboard.type(owner.password);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();

  await page.goto("/admin");
  const link = page.getByRole("link", { name });
  await expect(link).toBeVisible();
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const select = page.getByLabel("New status");
  await select.focus();
  await select.selectOption("Confirmed");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Note with the change (optional)")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Next step (optional)")).toBeFocused();
  await page.keyboard.type("Dispatch on Monday");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Change status" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("region", { name: "History" })).toContainText("New → Confirmed");
});

test("a call's outcome on a phone: a busy line is history only, an answered call moves New to Contacted, and the page shows the status and the due time", async ({
  page,
  request,
}, testInfo) => {
  // The console opens once an owner exists; this test must not count on another having made one.
  await createStaff("owner");
  const member = await createStaff("member");
  const name = `Ravi Menon ${uniqueTag()}`;
  const placed = await request.post(API_PATHS.enquiries, {
    data: {
      Name: name,
      Email: `ravi.${uniqueTag()}@example.in`,
      Mobile: "9812312312",
      Quantity: 6,
      RetailerSelfUse: "Self Use",
    },
  });
  expect(placed.ok()).toBe(true);
  await page.setViewportSize({ width: widths.mobile, height: 812 });
  await signIn(page, member);
  await page.goto("/admin");
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  const summary = page.getByRole("region", { name });
  const history = page.getByRole("region", { name: "History" });

  // The Call link opens the dialler and asks how the call went: four answers, each a touch target.
  const call = page.getByRole("link", { name: callText.call });
  await expect(call).toHaveAttribute("href", "tel:+919812312312");
  // This browser has no dialler: the tel: link's navigation is held back, the page's own handling is not.
  await page.evaluate(() =>
    document.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
      },
      true,
    ),
  );
  await call.click();
  const outcomes = page.getByRole("group", { name: callText.question });
  await expect(outcomes).toBeVisible();
  for (const label of Object.values(callText.outcomes)) {
    const box = await outcomes.getByRole("button", { name: label }).boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
  }
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("enquiry-call-outcome-375.png") });

  // Busy: recorded in history, the status stays New, and it is due again by the rule.
  await outcomes.getByRole("button", { name: callText.outcomes.busy }).click();
  await expect(page.getByRole("status")).toContainText("Call recorded. New, due");
  await expect(outcomes).toBeHidden();
  await expect(history).toContainText("Call: busy");
  await expect(summary.locator(".status")).toHaveText("New");

  // Answered, by keyboard: contact, and New moves to Contacted with its line.
  await call.click();
  const answered = outcomes.getByRole("button", { name: callText.outcomes.answered });
  await answered.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status")).toContainText("Call recorded. Contacted, due");
  await expect(summary.locator(".status")).toHaveText("Contacted");
  await expect(history).toContainText("New → Contacted");
  await expect(history).toContainText("Contacted by a call");
});

test("a staff account does not see staff management and cannot open it", async ({ page }) => {
  // The console opens once an owner exists; this test must not count on another having made one.
  await createStaff("owner");
  const staff = await createStaff("member");
  await signIn(page, staff);
  const nav = page.getByRole("navigation", { name: "Console" });
  await expect(nav.getByRole("link", { name: "Subscribers" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Activity" })).toHaveCount(0);
  await page.goto("/admin/staff");
  await expect(page.getByRole("alert")).toHaveText(consoleMessages.forbidden);
  await page.goto("/admin/activity");
  await expect(page.getByRole("alert")).toHaveText(consoleMessages.forbidden);
});

test("opening the console without a session leads to sign-in and back where the person was going", async ({
  page,
  pageErrors,
}) => {
  // The console opens once an owner exists; this test must not count on another having made one.
  await createStaff("owner");
  const staff = await createStaff("member");
  await page.goto("/admin/subscribers");
  await expect(page).toHaveURL(/\/admin\/sign-in\?next=%2Fsubscribers$/);
  const form = signInForm(page);
  await form.email.fill(staff.email);
  await form.password.fill(`${staff.password}-wrong`);
  await form.submit.click();
  await expect(page.getByRole("alert")).toHaveText(consoleMessages.signInFailed);
  await form.password.fill(staff.password);
  await form.submit.click();
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  forgiveFailedRequests(pageErrors, /401/);
});

test("a session that ends while the console is open asks the person to sign in again on the page they went to", async ({
  page,
  context,
  pageErrors,
}) => {
  // The console opens once an owner exists; this test must not count on another having made one.
  await createStaff("owner");
  const staff = await createStaff("member");
  await signIn(page, staff);
  const nav = page.getByRole("navigation", { name: "Console" });
  await nav.getByRole("link", { name: "Security" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Security" })).toBeVisible();
  // The page has finished asking the server whether this device can have notifications.
  await expect(page.getByText(pushText.checking)).toHaveCount(0);
  await context.clearCookies();
  await nav.getByRole("link", { name: "Subscribers" }).click();
  const dialog = page.getByRole("dialog", { name: sessionDialogText.title });
  await expect(dialog).toContainText(sessionDialogText.endedBanner);
  await expect(page).toHaveURL(/\/admin\/subscribers$/);
  await dialog.getByLabel(sessionDialogText.password).fill(staff.password);
  await dialog.getByRole("button", { name: sessionDialogText.signIn }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  // The list the page asked for when the session had ended came once signed in, with no error.
  await expect(page.getByText(consoleText.noSubscribers).or(page.locator("ul.rows"))).toBeVisible();
  await expect(page.getByRole("alert")).toHaveCount(0);
  forgiveFailedRequests(pageErrors, /401/);
});

test("a subscriber is found by search and removed after a confirmation", async ({ page, request }) => {
  // The console opens once an owner exists; this test must not count on another having made one.
  await createStaff("owner");
  const staff = await createStaff("member");
  const email = `reader.${uniqueTag()}@example.in`;
  const unconfirmed = `unconfirmed.${uniqueTag()}@example.in`;
  await subscribeAndConfirm(request, email);
  expect((await request.post(API_PATHS.subscribers, { data: { email: unconfirmed } })).ok()).toBe(true);
  await signIn(page, staff);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Subscribers" }).click();
  // The inbox has a search box too: type only once the subscribers' page is there.
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  // An address never confirmed is not a subscriber.
  await page.getByLabel("Search").fill(unconfirmed);
  await expect(page.getByText("No subscribers match.")).toBeVisible();
  await page.getByLabel("Search").fill(email);
  const row = page.getByRole("listitem").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Remove ${email}` }).click();
  await row.getByRole("button", { name: "Cancel" }).click();
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: `Remove ${email}` }).click();
  await row.getByRole("button", { name: "Yes, remove" }).click();
  await expect(page.getByRole("status").filter({ hasText: consoleMessages.subscriberRemoved })).toBeVisible();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  await page.getByLabel("Search").fill(email);
  await expect(page.getByText("No subscribers match.")).toBeVisible();
});

for (const width of [widths.mobile, widths.desktop]) {
  test(`every console page has no accessibility violations at ${width} px`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewportOf(width));
    const owner = await createStaff("owner");
    const name = `Priya Nair ${uniqueTag()}`;
    await request.post(API_PATHS.enquiries, {
      data: {
        Name: name,
        Email: `priya.${uniqueTag()}@example.in`,
        Mobile: "9123456780",
        Quantity: 40,
        RetailerSelfUse: "Retailer",
      },
    });

    await page.goto("/admin/sign-in");
    await expect(signInForm(page).submit).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`sign-in-${width}.png`), fullPage: true });

    await signIn(page, owner);
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.goto("/admin");
    await expect(page.getByRole("link", { name })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`inbox-${width}.png`), fullPage: true });

    await page.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`detail-${width}.png`), fullPage: true });

    for (const [path, heading] of [
      ["/admin/subscribers", "Subscribers"],
      ["/admin/activity", "Activity"],
      ["/admin/staff", "Staff"],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText("Loading…")).toHaveCount(0);
      expect(await accessibilityViolations(page), path).toEqual([]);
    }
  });
}

test("the public pages and their scripts say nothing of the console", async ({ request }) => {
  for (const path of ["/", "/privacy-policy"]) {
    const html = await (await request.get(path)).text();
    // Entry scripts are named in the page (the page script and its islands, under /assets/islands/).
    const scripts = [
      ...new Set([...html.matchAll(/\/assets\/(?:islands\/)?[\w.-]+\.js/g)].map((match) => match[0])),
    ];
    expect(scripts.length, `${path} loads scripts`).toBeGreaterThan(0);
    const texts = [html];
    // Follow the imports the entry scripts name, so lazily loaded chunks are read too.
    const seen = new Set<string>();
    const queue = [...scripts];
    while (queue.length > 0) {
      const script = queue.shift()!;
      if (seen.has(script)) continue;
      seen.add(script);
      const answer = await request.get(script);
      expect(answer.status(), script).toBe(200);
      const body = await answer.text();
      texts.push(body);
      // A chunk names another beside it ("./x.js") or from the site's root ("assets/islands/x.js").
      for (const match of body.matchAll(/["'`]((?:\.\/|\/?assets\/(?:islands\/)?)[\w.-]+\.js)["'`]/g)) {
        const named = match[1]!;
        queue.push(
          named.startsWith("./")
            ? new URL(named, `http://site${script}`).pathname
            : `/${named.replace(/^\//, "")}`,
        );
      }
    }
    // The islands' own chunks are among those read, not the page script alone.
    expect(seen.size, `${path}'s scripts and what they import`).toBeGreaterThan(scripts.length);
    for (const text of texts) {
      expect(text).not.toContain(CONSOLE_BASE_PATH);
      expect(text).not.toContain(ADMIN_API_PREFIX);
      expect(text).not.toContain(CONSOLE_TITLE);
      expect(text).not.toContain(consoleMessages.signInFailed);
    }
  }
});

test("a request from another origin is refused even with a valid session cookie", async ({ page }) => {
  const owner = await createStaff("owner");
  await signIn(page, owner);
  // The signed-in browser's own cookie, sent by a page of another site that posts to the console.
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  expect(cookie).not.toBe("");
  const fromElsewhere = await page.request.delete(`${ADMIN_API_PREFIX}/session`, {
    headers: { cookie, origin: "https://attacker.example" },
  });
  expect(fromElsewhere.status()).toBe(403);
  expect(await fromElsewhere.json()).toEqual({ error: consoleMessages.crossOrigin });

  // Nothing changed: the session still works from the console itself.
  const me = await page.request.get(`${ADMIN_API_PREFIX}/me`, { headers: { cookie } });
  expect(me.status()).toBe(200);
  expect((await me.json()).staff.email).toBe(owner.email);
});
