import type { Page } from "@playwright/test";
import { teamText } from "../../console/content";
import { ADMIN_API_PREFIX, enquiryReference } from "../../domain/console";
import { TEAM_API_ROUTES, teamMessages, type TeamMember } from "../../domain/team";
import { IST_OFFSET_MINUTES } from "../../domain/working-hours";
import { type ConsoleAccount, createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";
import { linksIn, mailsTo, waitForMail } from "./support/mail";
import { anEnquiry, fill, openOrderForm } from "./support/order-form";

/** Focuses a control and presses a key on it: the console steps use the keyboard only. */
async function press(page: Page, locator: ReturnType<Page["locator"]>, key = "Enter") {
  await locator.focus();
  await expect(locator).toBeFocused();
  await page.keyboard.press(key);
}

/** `hoursAgo` hours before now, as a datetime-local value in IST. */
function istInputHoursAgo(hoursAgo: number): string {
  return new Date(Date.now() - hoursAgo * 3_600_000 + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16);
}

async function idOf(page: Page, email: string): Promise<string> {
  const members = (await (
    await page.request.get(`${ADMIN_API_PREFIX}${TEAM_API_ROUTES.members}`)
  ).json()) as TeamMember[];
  const member = members.find((each) => each.email === email);
  if (!member) throw new Error(`${email} is not on the staff`);
  return member.id;
}

test.describe.configure({ mode: "serial" });

test("a Retailer's enquiry reaches its member's mail and inbox, is taken by the other, given a follow-up and shows as overdue", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await createStaff("owner");
  const retailerMember: ConsoleAccount = await createStaff("member");
  const selfUseMember: ConsoleAccount = await createStaff("member");

  // The owner sets the rule on the console's Alerts and assignment page, by keyboard.
  await signIn(page, owner);
  await page.goto("/admin");
  await press(page, page.getByRole("link", { name: teamText.settingsLink }));
  await expect(page.getByRole("heading", { level: 1, name: teamText.pageTitle })).toBeVisible();
  await press(page, page.getByRole("radio", { name: teamText.assignmentKinds.buyer }), "Space");
  const retailerTo = page.getByLabel(teamText.retailerTo);
  await retailerTo.focus();
  await retailerTo.selectOption({ label: retailerMember.email });
  const selfUseTo = page.getByLabel(teamText.selfUseTo);
  await selfUseTo.focus();
  await selfUseTo.selectOption({ label: selfUseMember.email });
  await press(page, page.getByRole("button", { name: teamText.saveAssignment }));
  await expect(page.getByRole("status")).toContainText(teamMessages.ruleSaved);

  try {
    // A visitor places a Retailer enquiry on the public page.
    const visitor = await browser.newPage();
    const form = await openOrderForm(visitor);
    const enquiry = anEnquiry();
    await fill(form, enquiry);
    await form.placeOrder.click();
    // The form waits up to 8 s for its proof of work (PROOF_WAIT_MS) before it sends.
    await expect(visitor.getByText("Order Received Successfully").first()).toBeVisible({ timeout: 15_000 });
    await visitor.close();

    // Its member (who hears of enquiries assigned to them) is mailed, with a link into the console; the other is not.
    const mail = await waitForMail(retailerMember.email, new RegExp(enquiry.Name));
    const link = linksIn(mail).find((url) => url.pathname.startsWith("/admin/enquiries/"));
    expect(link, "a link to the enquiry in the console").toBeDefined();
    const id = decodeURIComponent(link!.pathname.split("/").at(-1) ?? "");
    expect(mail.parsed.subject).toContain(enquiryReference(id));
    expect((await mailsTo(selfUseMember.email)).filter((each) => each.raw.includes(enquiry.Name))).toEqual(
      [],
    );

    // It is in the Retailer member's inbox, under Mine.
    const retailerPage = await browser.newPage();
    await signIn(retailerPage, retailerMember);
    await press(
      retailerPage,
      retailerPage.getByRole("button", { name: new RegExp(`^${teamText.views.mine}`) }),
    );
    const row = retailerPage.getByRole("row").filter({ hasText: enquiry.Name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(teamText.ownerShort(retailerMember.email));
    await retailerPage.close();

    // The Self Use member opens the mail's link and takes it.
    const selfUsePage = await browser.newPage();
    await signIn(selfUsePage, selfUseMember);
    await selfUsePage.goto(link!.pathname);
    await expect(selfUsePage.getByRole("heading", { level: 1, name: enquiry.Name })).toBeVisible();
    const team = selfUsePage.getByRole("region", { name: teamText.ownerHeading });
    await expect(team).toContainText(retailerMember.email);
    await press(selfUsePage, team.getByRole("button", { name: teamText.take }));
    await expect(team).toContainText(`${teamText.ownerIs}: ${selfUseMember.email}`);
    await expect(selfUsePage.getByRole("region", { name: "History" })).toContainText(
      `Owner ${retailerMember.email} → ${selfUseMember.email}`,
    );

    // A follow-up an hour ago with its next step: it is overdue at once.
    const when = team.getByLabel(teamText.followUpAt);
    await when.focus();
    await when.fill(istInputHoursAgo(1));
    // The date-and-time field's own parts take Tab: the next step is focused directly.
    const nextStep = team.getByLabel(teamText.nextStep);
    await nextStep.focus();
    await selfUsePage.keyboard.type("Call about the retailer price");
    await selfUsePage.keyboard.press("Enter");
    await expect(selfUsePage.getByRole("status")).toContainText(teamMessages.followUpSaved);
    // When it is due shows beside the buyer, at the top of the page.
    await expect(selfUsePage.getByRole("region", { name: enquiry.Name })).toContainText("Overdue since");

    await press(selfUsePage, selfUsePage.getByRole("link", { name: "← Inbox" }));
    await press(
      selfUsePage,
      selfUsePage.getByRole("button", { name: new RegExp(`^${teamText.views.overdue}`) }),
    );
    const overdue = selfUsePage.getByRole("row").filter({ hasText: enquiry.Name });
    await expect(overdue).toContainText("Overdue since");
    await expect(overdue).toContainText("Call about the retailer price");
    await expect(overdue).toContainText(teamText.ownerShort(selfUseMember.email));
    await selfUsePage.close();
  } finally {
    // The shared test server goes back to leaving enquiries unassigned.
    const reset = await page.request.put(`${ADMIN_API_PREFIX}${TEAM_API_ROUTES.assignment}`, {
      data: { rule: { kind: "none" } },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(reset.status()).toBe(200);
  }
});

/** Phone, tablet and desktop widths the screenshots are taken at; axe runs at the first and last. */
const SCREENSHOT_WIDTHS = [widths.mobile, 768, widths.desktop] as const;

for (const width of SCREENSHOT_WIDTHS) {
  test(`the team's console pages at ${width} px: no accessibility violations, and screenshots`, async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(viewportOf(width));
    const member = await createStaff("owner");
    await signIn(page, member);
    const memberId = await idOf(page, member.email);
    const enquiry = anEnquiry();
    const placed = await request.post("/api/enquiries", {
      data: { ...enquiry, Quantity: 24 },
    });
    expect(placed.status()).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    const origin = { origin: new URL(page.url()).origin };
    await page.request.post(`${ADMIN_API_PREFIX}/enquiries/${id}/owner`, {
      data: { ownerId: memberId, expectedOwnerId: null },
      headers: origin,
    });
    await page.request.post(`${ADMIN_API_PREFIX}/enquiries/${id}/follow-up`, {
      data: {
        followUpAt: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        nextStep: "Send the price list",
      },
      headers: origin,
    });

    await page.goto("/admin?view=mine");
    await expect(page.getByRole("row").filter({ hasText: enquiry.Name })).toBeVisible();
    if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`team-inbox-${width}.png`), fullPage: true });

    await page.goto(`/admin/enquiries/${id}`);
    // The next step is on the first screen, beside the buyer.
    await expect(page.getByRole("region", { name: enquiry.Name })).toContainText("Send the price list");
    if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`team-enquiry-${width}.png`), fullPage: true });

    await page.goto("/admin/team");
    await expect(page.getByRole("heading", { level: 2, name: teamText.assignmentHeading })).toBeVisible();
    if (width !== 768) expect(await accessibilityViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath(`team-settings-${width}.png`), fullPage: true });
  });
}
