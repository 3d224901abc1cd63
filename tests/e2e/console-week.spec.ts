import { writeFile } from "node:fs/promises";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, Request } from "@playwright/test";
import { sessionDialogText, teamText } from "../../console/content";
import { enquiryReference } from "../../domain/console";
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
