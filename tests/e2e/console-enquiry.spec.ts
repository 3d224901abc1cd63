import type { APIRequestContext, Page } from "@playwright/test";
import { deliveryLabels } from "../../console/content";
import { consoleMessages } from "../../domain/console";
import { API_PATHS } from "../../domain/contract";
import { createStaff, signIn } from "./support/console";
import { expect, test } from "./support/fixtures";
import { forgiveFailedRequests, uniqueTag } from "./support/forms";
import { mailsTo, waitForMail } from "./support/mail";

const COMPANY_ADDRESS = "orders@collarise.example";

/** Places an enquiry through the public API, as the order form does, and answers its name. */
async function placeEnquiry(request: APIRequestContext, first: string): Promise<string> {
  const name = `${first} ${uniqueTag()}`;
  const placed = await request.post(API_PATHS.enquiries, {
    data: {
      Name: name,
      Email: `${first.toLowerCase()}.${uniqueTag()}@example.in`,
      Mobile: "9811122233",
      Quantity: 4,
      RetailerSelfUse: "Self Use",
    },
  });
  expect(placed.status()).toBe(201);
  return name;
}

async function openEnquiry(page: Page, name: string) {
  await page.goto("/admin");
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

test("two people change the same enquiry at once: the later is told, sees the other's change, and can try again", async ({
  page,
  browser,
  request,
  pageErrors,
}) => {
  test.setTimeout(60_000);
  const name = await placeEnquiry(request, "Farah");
  const owner = await createStaff("owner");
  const colleague = await createStaff("member");
  await signIn(page, owner);
  await openEnquiry(page, name);

  // A colleague, on another device, has the same enquiry open and marks it Contacted first.
  const other = await browser.newPage();
  await signIn(other, colleague);
  await openEnquiry(other, name);
  await other.getByLabel("New status").selectOption("Contacted");
  await other.getByRole("button", { name: "Change status" }).click();
  await expect(other.getByRole("region", { name: "History" })).toContainText("New → Contacted");
  await other.close();

  // The owner's page still shows New; their change is refused, not laid over the colleague's.
  await page.getByLabel("New status").selectOption("Declined");
  await page.getByLabel("Why was it lost?").selectOption("Other");
  await page.getByLabel("Note with the change (optional)").fill("Out of stock in her area");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("alert")).toHaveText(consoleMessages.statusConflict);
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("New → Contacted");
  await expect(history).toContainText(colleague.email);
  await expect(history).not.toContainText("Declined");
  await expect(page.locator(".page-head .status")).toHaveText("Contacted");
  await expect(page.getByLabel("New status")).toHaveValue("Contacted");
  // What was typed is kept, so trying again takes one press.
  await expect(page.getByLabel("Note with the change (optional)")).toHaveValue("Out of stock in her area");

  // Declined again: the reason chosen is kept too.
  await page.getByLabel("New status").selectOption("Declined");
  await expect(page.getByLabel("Why was it lost?")).toHaveValue("other");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status")).toContainText(consoleMessages.statusChanged);
  await expect(history).toContainText("Contacted → Declined");
  await expect(history).toContainText("Out of stock in her area");
  forgiveFailedRequests(pageErrors, /409/);
});

test("Send again mails the company a second copy of an enquiry's e-mail", async ({ page, request }) => {
  test.setTimeout(60_000);
  const name = await placeEnquiry(request, "Gautam");
  const subject = new RegExp(`from ${name}$`);
  await waitForMail(COMPANY_ADDRESS, subject);

  const owner = await createStaff("owner");
  await signIn(page, owner);
  await openEnquiry(page, name);
  const mails = page.getByRole("region", { name: "E-mails" });
  // The visitor's acknowledgement is listed too: this is the company's e-mail.
  const companyMail = mails.getByRole("listitem").filter({ hasText: "Company's e-mail" });
  await expect(companyMail).toContainText(deliveryLabels.sent);

  await companyMail.getByRole("button", { name: "Send again" }).click();
  await expect(page.getByRole("status")).toContainText(consoleMessages.resendQueued);
  await expect
    .poll(
      async () =>
        (await mailsTo(COMPANY_ADDRESS)).filter((mail) => subject.test(mail.parsed.subject ?? "")).length,
      { message: "a second copy of the company's mail", timeout: 15_000 },
    )
    .toBe(2);
  // Once it is sent again, the page shows it sent, by the second attempt.
  await page.reload();
  await expect(companyMail).toContainText(deliveryLabels.sent);
  await expect(companyMail).toContainText("2 attempts");
});
