import { teamText } from "../../console/content";
import { teamMessages } from "../../domain/team";
import { createStaff, signIn } from "./support/console";
import { anEnquiry } from "./support/order-form";
import { forgiveFailedRequests } from "./support/forms";
import { accessibilityViolations, expect, test, viewportOf, widths } from "./support/fixtures";

test("the rule's form shows only the chosen mode's controls, refuses 'in turn' with nobody ticked, and offers to assign the waiting enquiries", async ({
  page,
  request,
  pageErrors,
}, testInfo) => {
  test.setTimeout(60_000);
  await page.setViewportSize(viewportOf(widths.mobile));
  const owner = await createStaff("owner");
  const member = await createStaff("member");
  const placed = await request.post("/api/enquiries", { data: anEnquiry() });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: string };
  await signIn(page, owner);
  await page.goto("/admin/team");
  const section = page.getByRole("region", { name: teamText.assignmentHeading });

  await section.getByRole("radio", { name: teamText.assignmentKinds.none }).check();
  await expect(section.getByLabel(teamText.retailerTo)).toHaveCount(0);
  await expect(section.getByRole("group", { name: teamText.turnMembers })).toHaveCount(0);
  await section.getByRole("radio", { name: teamText.assignmentKinds.buyer }).check();
  await expect(section.getByLabel(teamText.retailerTo)).toBeVisible();
  await expect(section.getByRole("group", { name: teamText.turnMembers })).toHaveCount(0);
  await section.getByRole("radio", { name: teamText.assignmentKinds.turns }).check();
  await expect(section.getByLabel(teamText.retailerTo)).toHaveCount(0);
  const turns = section.getByRole("group", { name: teamText.turnMembers });
  await expect(turns).toBeVisible();

  // In turn, with nobody ticked: refused, saying why.
  for (const box of await turns.getByRole("checkbox").all()) await box.uncheck();
  await section.getByRole("button", { name: teamText.saveAssignment }).click();
  await expect(section.getByRole("alert")).toHaveText(teamMessages.turnsNeedMembers);
  forgiveFailedRequests(pageErrors, /status of 400/);
  await expect(page.getByText(teamText.backlogOffer)).toHaveCount(0);

  await turns.getByRole("checkbox", { name: member.email }).check();
  await section.getByRole("button", { name: teamText.saveAssignment }).click();
  await expect(page.getByText(teamText.backlogOffer)).toBeVisible();
  expect(await accessibilityViolations(page)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("assignment-offer-375.png"), fullPage: true });
  await page.getByRole("button", { name: teamText.backlogAssign }).click();
  await expect(page.getByText(/given an owner by the rule\.$/)).toBeVisible();

  // The waiting enquiry now has an owner, with the line in its history.
  await page.goto(`/admin/enquiries/${id}`);
  await expect(page.getByRole("region", { name: teamText.ownerHeading })).toContainText(member.email);
});
