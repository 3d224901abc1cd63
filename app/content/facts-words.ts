/**
 * The company's facts said in words, in each language: its working hours (one figure for the FAQ,
 * the first-contact promise and the customer-care line), its delivery time and its unit price.
 */
import type { CompanyFacts, Weekday } from "../../domain/company-facts";
import type { Language } from "../../domain/contract";

const DAY_NAMES: Record<Language, readonly string[]> = {
  en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
  hi: ["रविवार", "सोमवार", "मंगलवार", "बुधवार", "गुरुवार", "शुक्रवार", "शनिवार"],
};

/** Monday first, as a week is said. */
const WEEK: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

/** "Monday to Saturday", "Monday, Wednesday and Friday"; «सोमवार से शनिवार». */
export function workingDaysText(days: readonly Weekday[], language: Language): string {
  const ordered = WEEK.filter((day) => days.includes(day));
  const names = ordered.map((day) => DAY_NAMES[language][day]!);
  const first = WEEK.indexOf(ordered[0]!);
  const contiguous = ordered.every((day, index) => WEEK.indexOf(day) === first + index);
  if (ordered.length >= 3 && contiguous) {
    return language === "en" ? `${names[0]} to ${names.at(-1)}` : `${names[0]} से ${names.at(-1)}`;
  }
  if (names.length === 1) return names[0]!;
  const and = language === "en" ? " and " : " और ";
  return `${names.slice(0, -1).join(", ")}${and}${names.at(-1)}`;
}

function clock(time: string): { hour: number; minute: number } {
  const [hour = 0, minute = 0] = time.split(":").map(Number);
  return { hour, minute };
}

/** "10 am", "7:30 pm". */
function englishTime(time: string): string {
  const { hour, minute } = clock(time);
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${twelve}${minute ? `:${String(minute).padStart(2, "0")}` : ""} ${hour < 12 ? "am" : "pm"}`;
}

/** «सुबह 10», «शाम 7:30»: the part of the day and the hour on a twelve-hour clock. */
function hindiTime(time: string): string {
  const { hour, minute } = clock(time);
  const part = hour < 12 ? "सुबह" : hour < 16 ? "दोपहर" : hour < 20 ? "शाम" : "रात";
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return `${part} ${twelve}${minute ? `:${String(minute).padStart(2, "0")}` : ""}`;
}

/** "Monday to Saturday, 10 am to 7 pm (IST)"; «सोमवार से शनिवार, सुबह 10 से शाम 7 बजे तक». */
export function workingHoursText(hours: CompanyFacts["workingHours"], language: Language): string {
  const days = workingDaysText(hours.days, language);
  return language === "en"
    ? `${days}, ${englishTime(hours.opens)} to ${englishTime(hours.closes)} (IST)`
    : `${days}, ${hindiTime(hours.opens)} से ${hindiTime(hours.closes)} बजे तक`;
}

/** "3 to 7 working days"; «3 से 7 कामकाजी दिन». */
export function deliveryDaysText(delivery: CompanyFacts["delivery"], language: Language): string {
  const { minDays, maxDays } = delivery;
  if (language === "en") {
    return minDays === maxDays
      ? `${minDays} working day${minDays === 1 ? "" : "s"}`
      : `${minDays} to ${maxDays} working days`;
  }
  return minDays === maxDays ? `${minDays} कामकाजी दिन` : `${minDays} से ${maxDays} कामकाजी दिन`;
}
