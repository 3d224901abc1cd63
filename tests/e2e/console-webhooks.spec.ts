import { consoleMessages } from "../../domain/console";
import { expect, test, accessibilityViolations, viewportOf } from "./support/fixtures";
import { createStaff, signIn } from "./support/console";
import { serverOfItsOwn } from "./support/own-server";
import { startWebhookReceiver } from "../support/webhook-receiver";

// A server of its own: webhooks may go to the receiver this test starts on 127.0.0.1.
const own = serverOfItsOwn("webhooks", () => ({ WEBHOOKS_ALLOW_PRIVATE: "true" }));

test("an owner adds an endpoint by keyboard, sees its secret once, and a test event arrives signed and is listed as delivered", async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  let secret = "";
  const receiver = await startWebhookReceiver(() => secret);
  try {
    const owner = await createStaff("owner", own.databaseUrl);
    await page.setViewportSize(viewportOf(1280));
    await signIn(page, owner, own.baseUrl);

    await page.goto(`${own.baseUrl}/admin/webhooks`);
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expect(page.getByText("No endpoints yet.")).toBeVisible();

    // Keyboard only: the address typed, one more event ticked with Space, sent with Enter.
    await page.getByLabel("Endpoint URL").focus();
    await page.keyboard.type(receiver.url);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("checkbox", { name: "Enquiry received" })).toBeFocused();
    await expect(page.getByRole("checkbox", { name: "Enquiry received" })).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Space");
    await expect(page.getByRole("checkbox", { name: "Status changed" })).toBeChecked();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Add endpoint" })).toBeFocused();
    await page.keyboard.press("Enter");

    const secretShown = page.getByTestId("webhook-secret");
    await expect(secretShown).toHaveText(/^whsec_/);
    secret = (await secretShown.textContent()) ?? "";
    await expect(
      page.getByRole("heading", { name: `Signing secret for 127.0.0.1:${receiver.port}` }),
    ).toBeVisible();
    await expect(page.getByText("Enquiry received, Status changed · Enabled")).toBeVisible();

    for (const width of [375, 768, 1280]) {
      await page.setViewportSize(viewportOf(width));
      if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`webhooks-secret-${width}.png`), fullPage: true });
    }

    await page.getByRole("button", { name: "I have copied it" }).focus();
    await page.keyboard.press("Enter");
    await expect(secretShown).toHaveCount(0);
    // Shown once: nothing on the page, reloaded, carries it again.
    await page.reload();
    await expect(page.getByRole("button", { name: "Send test event" })).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(6));

    await page.getByRole("button", { name: "Send test event" }).focus();
    await page.keyboard.press("Enter");
    await receiver.waitFor(() => receiver.received.length === 1);
    expect(receiver.received[0]).toMatchObject({ verified: true, answer: "ok" });
    const webhookId = receiver.received[0]!.id;

    const deliveries = page.getByRole("region", { name: `Deliveries to 127.0.0.1:${receiver.port}` });
    await expect(deliveries.getByText("Delivered")).toBeVisible();
    await expect(deliveries.getByText(webhookId)).toBeVisible();
    await expect(deliveries.getByText(/HTTP 200/)).toBeVisible();

    for (const width of [375, 768, 1280]) {
      await page.setViewportSize(viewportOf(width));
      if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
      await page.screenshot({
        path: testInfo.outputPath(`webhooks-deliveries-${width}.png`),
        fullPage: true,
      });
    }

    // Send again: the same webhook-id arrives a second time, signed.
    await deliveries.getByRole("button", { name: `Send again: Test event, ${webhookId}` }).focus();
    await page.keyboard.press("Enter");
    await receiver.waitFor(() => receiver.received.length === 2);
    expect(receiver.received[1]).toMatchObject({ id: webhookId, verified: true });
  } finally {
    await receiver.close();
  }
});

test("a member of staff who is not an owner sees no Webhooks link and is told the page is not theirs", async ({
  page,
}) => {
  // An owner first: without one the console asks for one to be created.
  await createStaff("owner", own.databaseUrl);
  const member = await createStaff("member", own.databaseUrl);
  await signIn(page, member, own.baseUrl);
  await expect(page.getByRole("link", { name: "Webhooks" })).toHaveCount(0);
  await page.goto(`${own.baseUrl}/admin/webhooks`);
  await expect(page.getByRole("alert")).toHaveText(consoleMessages.forbidden);
});
