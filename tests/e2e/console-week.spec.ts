import { writeFile } from "node:fs/promises";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, Request } from "@playwright/test";
import { callText, formatFullTime, inboxText, sessionDialogText, teamText } from "../../console/content";
import { CONSOLE_PAGE_PATHS, enquiryReference } from "../../domain/console";
import { DASHBOARD_FIGURES } from "../../domain/dashboard";
import { duplicateLine, duplicateMessages } from "../../domain/duplicate";
import { IST_OFFSET_MINUTES } from "../../domain/working-hours";
import { unusedPort } from "../support/mail-sink";
import { type ListeningServer, projectRoot, startServer } from "../support/server-process";
import { type ConsoleAccount, createStaff, signIn } from "./support/console";
import { accessibilityViolations, expect, test } from "./support/fixtures";
import { waitForMail } from "./support/mail";

/**
 * A working week in the console, with the server's clock moved from day to day
 * (tests/support/shifted-clock.mjs): a retailer's enquiry from Friday 18:30 IST, handed on untouched
 * on Saturday afternoon, stays late for its new owner and is in their Monday digest until a chat
 * started from the console ends it; confirmed with a follow-up, it falls due on Tuesday; the CSV of
 * the Overdue view holds exactly its rows. The member works on a phone, the owner on a laptop,
 * each with the keyboard only.
 *
 * Then the third round's cases in a week of their own buyers: a call answered on Wednesday makes the
 * enquiry Contacted and due the next working day at the hour it came in, overdue by Thursday
 * noon; the buyer's repeat is closed as a Duplicate of it, out of every work view and of the lost
 * figure; and "n" opens the buyer still waiting on us.
 */

const PHONE = { width: 375, height: 812 };
const LAPTOP = { width: 1280, height: 800 };

/** The instant of an IST wall-clock time on the day `days` after `monday`. */
function istOn(monday: Date, days: number, time: string): Date {
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const day = new Date(monday.getTime() + days * 86_400_000);
  return new Date(
    Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), hours, minutes) -
      IST_OFFSET_MINUTES * 60_000,
  );
}

/** The Monday (as a UTC date) of the week after next: a week wholly in the future. */
function aMondayAhead(): Date {
  const today = new Date();
  const utcDay = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const daysToMonday = (8 - new Date(utcDay).getUTCDay()) % 7 || 7;
  return new Date(utcDay + (daysToMonday + 7) * 86_400_000);
}

async function press(page: Page, locator: ReturnType<Page["locator"]>, key = "Enter") {
  await locator.focus();
  await expect(locator).toBeFocused();
  await page.keyboard.press(key);
}

test.describe.configure({ mode: "serial" });

let server: ListeningServer | undefined;
let clockFile = "";
let databaseUrl = "";
let baseUrl = "";
let port = 0;
const monday = aMondayAhead();

/** Moves the server's clock to `at` (it runs on from there). */
async function setClock(at: Date) {
  await writeFile(clockFile, String(at.getTime() - Date.now()));
}

async function start() {
  server = await startServer(
    {
      PORT: String(port),
      LOG_LEVEL: "error",
      SITE_DIR: process.env.SITE_DIR ?? join(process.env.BUILD_DIR ?? "build", "client"),
      DATABASE_URL: databaseUrl,
      RATE_LIMIT_PER_MINUTE: "1000",
      SMTP_URL: process.env.E2E_SMTP_URL ?? "",
      NOTIFY_TO: "orders@collarise.example",
      MAIL_FROM: "website@collarise.example",
      PUBLIC_URL: baseUrl,
      TEST_CLOCK_FILE: clockFile,
    },
    {
      buildDir: process.env.BUILD_DIR ?? "build",
      inheritOutput: true,
      nodeArgs: ["--import", join(projectRoot, "tests/support/shifted-clock.mjs")],
    },
  );
}

test.beforeAll(async () => {
  test.setTimeout(60_000);
  const dir = await mkdtemp(join(tmpdir(), "collarise-week-"));
  clockFile = join(dir, "clock");
  databaseUrl = `sqlite:${join(dir, "site.db")}`;
  port = await unusedPort();
  baseUrl = `http://127.0.0.1:${port}`;
  await setClock(istOn(monday, 4, "18:30"));
  await start();
});

test.afterAll(async () => {
  await server?.stop();
});

/** The requests each page has sent and not yet had answered. */
const inFlight = new WeakMap<Page, Set<Request>>();

/**
 * Waits until nothing a page asked for is still on its way. With the page's timers paused, nothing
 * new starts by itself: a request sent before the pause (a refresh after the last save) is answered
 * before the server's clock moves on, as it was on the phone before it slept.
 */
async function networkQuiet(page: Page) {
  await expect.poll(() => inFlight.get(page)?.size ?? 0, { timeout: 30_000 }).toBe(0);
}

async function signedIn(
  browser: Browser,
  account: ConsoleAccount,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ viewport });
  // The page's timers run on a clock the test can stop, as a phone's stop while it sleeps.
  await context.clock.install();
  const page = await context.newPage();
  const pending = new Set<Request>();
  page.on("request", (sent) => pending.add(sent));
  page.on("requestfinished", (sent) => pending.delete(sent));
  page.on("requestfailed", (sent) => pending.delete(sent));
  inFlight.set(page, pending);
  await signIn(page, account, baseUrl);
  return page;
}

test("a week: handed on untouched stays late and in the digest until a chat; a follow-up falls due; the CSV is the view", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await createStaff("owner", databaseUrl);
  const member = await createStaff("member", databaseUrl);

  // Friday 18:30 IST: a retailer asks for 60 packs.
  const placed = await request.post(`${baseUrl}/api/enquiries`, {
    data: {
      Name: "Meera Kapoor",
      Email: "meera.kapoor@example.in",
      Mobile: "9812345678",
      Quantity: 60,
      RetailerSelfUse: "Retailer",
    },
  });
  expect(placed.status()).toBe(201);
  const { id } = (await placed.json()) as { id: string };
  const reference = enquiryReference(id);

  // Saturday 14:00: nobody has called; the owner, on a laptop, hands it to the member.
  await setClock(istOn(monday, 5, "14:00"));
  const laptop = await signedIn(browser, owner, LAPTOP);
  await laptop.goto(`${baseUrl}/admin?view=overdue`);
  const row = laptop.getByRole("row").filter({ hasText: "Meera Kapoor" });
  await expect(row).toContainText(teamText.firstContactLate);
  await press(laptop, row.getByRole("link", { name: "Meera Kapoor" }));
  await expect(laptop.getByRole("heading", { level: 1, name: "Meera Kapoor" })).toBeVisible();
  await laptop.getByLabel(teamText.handTo).selectOption({ label: member.email });
  await press(laptop, laptop.getByRole("button", { name: teamText.give }));
  await expect(laptop.getByRole("region", { name: teamText.ownerHeading })).toContainText(
    `${teamText.ownerIs}: ${member.email}`,
  );
  // Still late: handing on is not contact.
  await expect(laptop.getByText(/Nobody has contacted this enquiry yet/)).toBeVisible();
  await expect(laptop.getByRole("listitem").filter({ hasText: `Nobody → ${member.email}` })).toBeVisible();
  expect(await accessibilityViolations(laptop)).toEqual([]);

  // The member hears of it at once.
  const handed = await waitForMail(member.email, /Handed to you/);
  expect(handed.parsed.text).toContain(`${owner.email} handed you the order enquiry ${reference}`);

  // Monday 09:05: the digest lists it as the member's, overdue and not contacted, by first name.
  await setClock(istOn(monday, 7, "09:05"));
  await server?.stop();
  await start();
  // The digest's first look comes 15 s after the start.
  const digest = await waitForMail(member.email, /Overdue 1 \(1 yours\)/, 60_000);
  expect(digest.parsed.text).toContain("Your overdue (1)");
  expect(digest.parsed.text).toContain(`${reference}: Meera, 60 sachets, Retailer`);
  expect(digest.parsed.text).toContain("(not contacted yet)");
  expect(digest.parsed.text).not.toContain("Kapoor");
  // As a phone's mail program shows it.
  const mail = await browser.newPage({ viewport: PHONE });
  await mail.setContent(String(digest.parsed.html));
  await expect(mail.getByRole("link", { name: new RegExp(`${reference}: Meera`) })).toBeVisible();
  await mail.screenshot({ path: test.info().outputPath("digest-375.png"), fullPage: true });
  await mail.close();

  // The member, on a phone, finds it under Mine, late, and starts a WhatsApp chat from the console.
  const phone = await signedIn(browser, member, PHONE);
  await phone.goto(`${baseUrl}/admin?view=mine`);
  await expect(phone.getByRole("row").filter({ hasText: "Meera Kapoor" })).toContainText(
    teamText.firstContactLate,
  );
  await press(phone, phone.getByRole("link", { name: "Meera Kapoor" }));
  const chat = phone.context().waitForEvent("page");
  await press(phone, phone.getByRole("button", { name: "WhatsApp" }));
  await press(phone, phone.getByRole("link", { name: "First reply" }));
  await (await chat).close();
  await expect(phone.getByRole("listitem").filter({ hasText: "Contacted by WhatsApp" })).toBeVisible();
  await expect(phone.getByText(/Nobody has contacted this enquiry yet/)).toHaveCount(0);
  expect(await accessibilityViolations(phone)).toEqual([]);

  // Confirmed, with the next step and a follow-up on Tuesday at 11:00.
  await phone.getByLabel("New status").selectOption("Confirmed");
  await phone.getByLabel("Next step (optional)").fill("Dispatch 60 packs");
  await press(phone, phone.getByRole("button", { name: "Change status" }));
  await expect(phone.locator(".status").first()).toHaveText("Confirmed");
  const tuesday = istOn(monday, 8, "11:00");
  await phone
    .getByLabel(teamText.followUpAt)
    .fill(new Date(tuesday.getTime() + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 16));
  await press(phone, phone.getByRole("button", { name: teamText.saveFollowUp }));
  await expect(phone.getByText("Dispatch 60 packs").first()).toBeVisible();

  // Tuesday 11:30: her session ended overnight (12 idle hours). The page is still open on a phone
  // that slept, its timers stopped, so the conversation's 5-second refresh has not yet found the
  // session ended; she types what the buyer said and adds the note: she signs in again in a dialog,
  // and the note goes through.
  await phone.clock.pauseAt(Date.now() + 1_000);
  await networkQuiet(phone);
  await setClock(istOn(monday, 8, "11:30"));
  const note = "Asked for dispatch on Wednesday";
  await phone.getByLabel("Note", { exact: true }).fill(note);
  await press(phone, phone.getByRole("button", { name: "Add note", exact: true }));
  const dialog = phone.getByRole("dialog", { name: sessionDialogText.title });
  await expect(dialog.getByLabel(sessionDialogText.password)).toBeFocused();
  await phone.keyboard.type(member.password);
  await phone.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(phone.getByRole("region", { name: "History" }).getByText(note)).toHaveCount(1);
  await phone.clock.resume();
  expect(await accessibilityViolations(phone)).toEqual([]);

  // The follow-up is due: the Overdue view and its CSV hold exactly it.
  await phone.goto(`${baseUrl}/admin?view=overdue`);
  const shown = phone.getByRole("row").filter({ has: phone.getByRole("link") });
  await expect(shown).toHaveCount(1);
  await expect(shown).toContainText("Meera Kapoor");
  const csv = await phone.request.get(`${baseUrl}/api/admin/enquiries.csv?view=overdue`);
  const lines = (await csv.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("Meera Kapoor");
  expect(lines[1]).toContain("Dispatch 60 packs");
  expect(lines[1]).toContain(note);

  // Fulfilled: nothing is due any more.
  await phone.goto(`${baseUrl}/admin/enquiries/${id}`);
  await phone.getByLabel("New status").selectOption("Fulfilled");
  await press(phone, phone.getByRole("button", { name: "Change status" }));
  await expect(phone.locator(".status").first()).toHaveText("Fulfilled");
  await phone.goto(`${baseUrl}/admin?view=overdue`);
  await expect(phone.getByRole("row").filter({ hasText: "Meera Kapoor" })).toHaveCount(0);
});

test("a week: an answered call is due the next working day at the hour it came in; a repeat closed as a Duplicate leaves the work and the lost figure; n opens the buyer waiting", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const owner = await createStaff("owner", databaseUrl);
  const member = await createStaff("member", databaseUrl);
  const buyer = {
    Name: "Anjali Rao",
    Email: "anjali.rao@example.in",
    Mobile: "9876512345",
    Quantity: 24,
    RetailerSelfUse: "Self Use",
  };
  const place = async (data: typeof buyer) => {
    const placed = await request.post(`${baseUrl}/api/enquiries`, { data });
    expect(placed.status()).toBe(201);
    return ((await placed.json()) as { id: string }).id;
  };

  // Wednesday 11:00 IST: Anjali asks for 24 sachets.
  await setClock(istOn(monday, 9, "11:00"));
  const first = await place(buyer);

  // The member, on a phone, calls her; the call is answered, no follow-up set.
  const phone = await signedIn(browser, member, PHONE);
  await phone.goto(`${baseUrl}/admin/enquiries/${first}`);
  await expect(phone.getByRole("heading", { level: 1, name: buyer.Name })).toBeVisible();
  const summary = phone.getByRole("region", { name: buyer.Name });
  await expect(summary.locator(".status")).toHaveText("New");
  // This browser has no dialler: the tel: link's navigation is held back, the page's own handling is not.
  await phone.evaluate(() =>
    document.addEventListener(
      "click",
      (event) => {
        if ((event.target as Element).closest('a[href^="tel:"]')) event.preventDefault();
      },
      true,
    ),
  );
  await press(phone, phone.getByRole("link", { name: callText.call }));
  const outcomes = phone.getByRole("group", { name: callText.question });
  await press(phone, outcomes.getByRole("button", { name: callText.outcomes.answered }));
  // Contacted, and due by the rule: the next working day (Thursday) at the hour it came in.
  const thursdayEleven = istOn(monday, 10, "11:00");
  await expect(phone.getByRole("status").filter({ hasText: "Call recorded" })).toHaveText(
    callText.recorded("Contacted", formatFullTime(thursdayEleven.toISOString())),
  );
  await expect(summary.locator(".status")).toHaveText("Contacted");
  await expect(phone.getByRole("region", { name: "History" })).toContainText("New → Contacted");
  expect(await accessibilityViolations(phone)).toEqual([]);
  await phone.screenshot({ path: test.info().outputPath("answered-375.png"), fullPage: true });
  await networkQuiet(phone);
  await phone.context().close();

  // Thursday 11:30: past its due time, it is overdue on the member's phone (her session of
  // Wednesday has ended: she signs in again).
  await setClock(istOn(monday, 10, "11:30"));
  const phoneAgain = await signedIn(browser, member, PHONE);
  await phoneAgain.goto(`${baseUrl}/admin?view=overdue`);
  const firstReference = enquiryReference(first);
  await expect(phoneAgain.getByRole("row").filter({ hasText: buyer.Name })).toContainText("Contacted");
  await phoneAgain.screenshot({ path: test.info().outputPath("overdue-375.png"), fullPage: true });
  // Overdue, not Due today: its time of day has passed.
  await phoneAgain.goto(`${baseUrl}/admin?view=due-today`);
  await networkQuiet(phoneAgain);
  await expect(phoneAgain.getByRole("row").filter({ hasText: buyer.Name })).toHaveCount(0);
  await phoneAgain.context().close();

  // The same Thursday Anjali sends the same request again; and Vikram asks for the first time.
  const again = await place(buyer);
  const againReference = enquiryReference(again);
  const other = { ...buyer, Name: "Vikram Sethi", Email: "vikram.sethi@example.in", Mobile: "9823456781" };
  await place(other);

  // The owner, on a laptop, closes the repeat as a Duplicate of the first, which is suggested.
  const laptop = await signedIn(browser, owner, LAPTOP);
  await laptop.goto(`${baseUrl}/admin/enquiries/${again}`);
  await expect(laptop.getByRole("heading", { level: 1, name: buyer.Name })).toBeVisible();
  await laptop.getByLabel("New status").selectOption("Duplicate");
  await expect(laptop.getByLabel(duplicateMessages.label)).toHaveValue(first);
  await press(laptop, laptop.getByRole("button", { name: "Change status" }));
  await expect(
    laptop.getByRole("region", { name: buyer.Name }).getByRole("link", { name: firstReference }),
  ).toBeVisible();
  await expect(laptop.getByRole("listitem").filter({ hasText: duplicateLine(firstReference) })).toHaveCount(
    1,
  );
  expect(await accessibilityViolations(laptop)).toEqual([]);

  // It leaves every work view: All open, Mine, Unassigned.
  const rows = laptop.getByRole("row").filter({ has: laptop.getByRole("link") });
  await laptop.goto(`${baseUrl}/admin`);
  await expect(rows.filter({ hasText: firstReference })).toHaveCount(1);
  await expect(rows.filter({ hasText: againReference })).toHaveCount(0);
  for (const view of ["mine", "unassigned"] as const) {
    await laptop.goto(`${baseUrl}/admin?view=${view}`);
    await networkQuiet(laptop);
    await expect(rows.filter({ hasText: againReference })).toHaveCount(0);
  }
  await laptop.screenshot({ path: test.info().outputPath("unassigned-1280.png"), fullPage: true });

  // Not lost: the dashboard sets it apart as a duplicate, and Declined counts none.
  await laptop.goto(`${baseUrl}${CONSOLE_PAGE_PATHS.dashboard}`);
  const funnel = laptop.getByRole("region", { name: DASHBOARD_FIGURES.funnel });
  await expect(funnel.getByRole("row", { name: /^Duplicate/ }).getByRole("cell")).toHaveText("1");
  await expect(funnel.getByRole("row", { name: /^Declined/ }).getByRole("cell")).toHaveText("0");
  await laptop.screenshot({ path: test.info().outputPath("dashboard-1280.png"), fullPage: true });

  // Vikram, untouched, is waiting on us; n opens him.
  await laptop.goto(`${baseUrl}/admin?view=waiting`);
  await expect(rows.filter({ hasText: other.Name })).toHaveCount(1);
  await expect(rows.filter({ hasText: buyer.Name })).toHaveCount(0);
  await laptop.goto(`${baseUrl}/admin`);
  await expect(laptop.getByRole("heading", { level: 1, name: inboxText.title })).toBeVisible();
  await laptop.keyboard.press("n");
  await expect(laptop.getByRole("heading", { level: 1, name: other.Name })).toBeVisible();
  await laptop.context().close();
});
