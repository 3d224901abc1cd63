import type { APIRequestContext, Page } from "@playwright/test";
import { ADMIN_API_PREFIX } from "../../../domain/console";
import { API_PATHS } from "../../../domain/contract";
import type { EnquirySource } from "../../../domain/enquiry-source";
import { TEAM_API_ROUTES, type TeamMember } from "../../../domain/team";
import { expect } from "./fixtures";
import { lettersOffTheRows, uniqueTag } from "./forms";

const FIRST_NAMES = ["Meera", "Aman", "Priya", "Kabir", "Sana", "Rohit", "Isha", "Dev", "Nisha", "Arjun"];
const SURNAMES = ["Sharma", "Iyer", "Khan", "Reddy", "Gupta", "Nair", "Mehta", "Singh"];

/**
 * Places `count` enquiries through the public API, each a different buyer (name, mailbox, mobile),
 * all named with `tag` so a search finds exactly them; every third a Retailer, every other one from
 * Instagram. Answers their ids and names, in the order placed.
 */
export async function placeEnquiries(
  request: APIRequestContext,
  tag: string,
  count: number,
  baseUrl = "",
): Promise<{ id: string; name: string }[]> {
  const placed: { id: string; name: string }[] = [];
  for (let n = 0; n < count; n++) {
    const name = `${FIRST_NAMES[n % FIRST_NAMES.length]} ${SURNAMES[n % SURNAMES.length]} ${tag}`;
    const source: EnquirySource | undefined = n % 2 === 0 ? { utmSource: "instagram" } : undefined;
    const response = await request.post(`${baseUrl}${API_PATHS.enquiries}`, {
      data: {
        Name: name,
        Email: `buyer.${uniqueTag()}@example.in`,
        Mobile: `9${String(100_000_000 + Math.floor(Math.random() * 899_999_999)).slice(0, 9)}`,
        Quantity: 6 + ((n * 7) % 40),
        RetailerSelfUse: n % 3 === 0 ? "Retailer" : "Self Use",
        ...(source ? { source } : {}),
      },
    });
    expect(response.status(), await response.text()).toBe(201);
    placed.push({ id: ((await response.json()) as { id: string }).id, name });
  }
  return placed;
}

/** A word of letters no other test's names hold, so a search for it finds one test's enquiries. */
export function nameTag(): string {
  return `Zq${lettersOffTheRows(5)}`;
}

/** A member's id, as the console's own page reads the team. */
export async function memberId(page: Page, email: string): Promise<string> {
  const origin = new URL(page.url()).origin;
  const members = (await (
    await page.request.get(`${origin}${ADMIN_API_PREFIX}${TEAM_API_ROUTES.members}`)
  ).json()) as TeamMember[];
  const member = members.find((each) => each.email === email);
  if (!member) throw new Error(`${email} is not on the staff`);
  return member.id;
}

/** How many of the list's enquiries are wholly in sight: inside the window, above a fixed bottom bar. */
export async function enquiriesInFirstScreen(page: Page): Promise<number> {
  return page.evaluate(() => {
    const bottomBar = document.querySelector<HTMLElement>(".main-nav");
    const barTop =
      bottomBar && getComputedStyle(bottomBar).position === "fixed"
        ? bottomBar.getBoundingClientRect().top
        : window.innerHeight;
    const limit = Math.min(window.innerHeight, barTop);
    return [...document.querySelectorAll("table.inbox tbody tr")].filter((row) => {
      const box = row.getBoundingClientRect();
      return box.height > 0 && box.top >= 0 && box.bottom <= limit;
    }).length;
  });
}
