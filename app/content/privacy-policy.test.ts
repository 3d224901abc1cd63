import { describe, expect, it } from "vitest";
import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import {
  DEFAULT_RETENTION_PERIODS,
  RETENTION_DAYS_CLOSED,
  RETENTION_DAYS_VITALS,
  retentionPeriodsFrom,
} from "../../domain/retention";
import { whatsappConsentWording } from "../../domain/whatsapp-consent";
import {
  type PrivacyPolicyContent,
  privacyPolicy,
  privacyPolicyFor,
  RETENTION_SECTION_ID,
  WHATSAPP_SECTION_ID,
} from "./privacy-policy";
import { privacyPolicyHi } from "./privacy-policy.hi";
import { retentionPeriods } from "./retention-periods";

type Policy = PrivacyPolicyContent;

function sectionText(policy: Policy, id: string): string {
  const section = policy.sections.find((candidate) => candidate.id === id);
  if (!section) throw new Error(`no section ${id}`);
  return section.blocks
    .flatMap((block) =>
      block.kind === "paragraph"
        ? [block.text]
        : block.items.map((item) => ("lead" in item ? `${item.lead} ${item.text}` : item.text)),
    )
    .join("\n");
}

describe("the privacy policy", () => {
  it("states the periods the build was given, from the same variables the server reads", () => {
    expect(retentionPeriods).toEqual(retentionPeriodsFrom(process.env));
  });

  it("lists its sections in order, the specification's six among them", () => {
    expect(privacyPolicy.sections.map((section) => section.heading)).toEqual([
      "Information We Collect",
      "How We Use the Information",
      "Our Newsletter",
      "WhatsApp Messages",
      "How Long We Keep Your Information",
      "Data Security",
      "Your Rights",
      "Grievance Officer",
      "Changes To This Policy",
      "Contact Us",
    ]);
  });

  it("says how long each kind of data is kept, with the default periods in words", () => {
    const text = sectionText(privacyPolicyFor(DEFAULT_RETENTION_PERIODS), RETENTION_SECTION_ID);
    expect(RETENTION_DAYS_CLOSED).toBe(365);
    expect(RETENTION_DAYS_VITALS).toBe(90);
    expect(text).toMatch(
      /Order enquiries\. Until we have handled your enquiry, and then for one year after we close it/,
    );
    expect(text).toMatch(/Page-speed measurements\. 90 days from when/);
    expect(text).toMatch(
      /Newsletter addresses\. Until you unsubscribe\. An address that is never confirmed, 7 days\./,
    );
    expect(text).toMatch(/Backups\. .*only the newest 14 copies, and each new copy replaces the oldest/);
  });

  it("says other periods when the build is given other ones", () => {
    const text = sectionText(
      privacyPolicyFor({ closedEnquiryDays: 730, vitalsDays: 30, backupKeep: 1 }),
      RETENTION_SECTION_ID,
    );
    expect(text).toMatch(/then for two years after we close it/);
    expect(text).toMatch(/Page-speed measurements\. 30 days from when/);
    expect(text).toMatch(/only the newest one copy/);
  });

  it("names the rights under the DPDP Act, how to use them, the answer times and the Board", () => {
    const text = sectionText(privacyPolicy, "your-rights");
    for (const right of [
      "Access.",
      "Correction and completion.",
      "Erasure.",
      "Nomination.",
      "Grievance redressal.",
    ]) {
      expect(text).toContain(right);
    }
    expect(text).toContain("Digital Personal Data Protection Act, 2023");
    expect(text).toContain(
      `email us at ${PLACEHOLDER_FACTS.email.care} with "Personal data request" as the subject`,
    );
    expect(text).toContain("our address in New Delhi");
    expect(text).toContain("the email address or mobile number you used");
    expect(text).toMatch(/check that the request comes from you/);
    expect(text).toMatch(/answer within 30 days/);
    expect(text).toMatch(/grievance within 90 days at the latest/);
    expect(text).toContain("Data Protection Board of India");
  });

  it("names the company's Grievance Officer and shows the company's contact details with it", () => {
    const section = privacyPolicy.sections.find((candidate) => candidate.id === "grievance-officer");
    expect(section).toMatchObject({ contact: true });
    expect(sectionText(privacyPolicy, "grievance-officer")).toContain(
      `The Grievance Officer of ${PLACEHOLDER_FACTS.legalName.en} is ${PLACEHOLDER_FACTS.grievanceOfficer.name.en}, ${PLACEHOLDER_FACTS.grievanceOfficer.designation.en}, who answers questions and complaints`,
    );
    expect(sectionText(privacyPolicy, "grievance-officer")).toContain(PLACEHOLDER_FACTS.email.grievance);
  });

  it("promises the newsletter address is used only for it, added only once confirmed, and left in one click", () => {
    const text = sectionText(privacyPolicy, "our-newsletter");
    expect(text).toMatch(/use it only to send you the newsletter/);
    expect(text).toMatch(/only after you confirm it: we send you an email with a confirmation link/);
    expect(text).toMatch(/Every newsletter email has an unsubscribe link: one click/);
  });

  it("says, in both languages, what the WhatsApp box's consent is for and how to withdraw it", () => {
    const english = sectionText(privacyPolicy, WHATSAPP_SECTION_ID);
    expect(english).toContain(`"${whatsappConsentWording.en}"`);
    expect(english).toMatch(/about that enquiry only: its price, payment and delivery/);
    expect(english).toMatch(/We do not use this consent for advertising or for your other enquiries/);
    expect(english).toContain(
      'Send us "STOP", "UNSUBSCRIBE" or "बंद करें" on WhatsApp and we send you no more WhatsApp messages, about this enquiry or any other one sent with your number, until you write "START" or "शुरू करें"',
    );
    expect(english).toContain(`withdraw your consent by emailing us at ${PLACEHOLDER_FACTS.email.care}`);
    const hindi = sectionText(privacyPolicyHi, WHATSAPP_SECTION_ID);
    expect(hindi).toContain(`"${whatsappConsentWording.hi}"`);
    expect(hindi).toContain('हमें WhatsApp पर "STOP", "UNSUBSCRIBE" या "बंद करें" भेजें');
    expect(hindi).toContain('जब तक आप हमें वहाँ "START" या "शुरू करें" न लिखें');
    expect(hindi).toMatch(/ईमेल करके भी अपनी सहमति वापस ले सकते हैं/);
  });
});
