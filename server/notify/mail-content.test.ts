import { PLACEHOLDER_FACTS } from "../../domain/company-facts";
import { describe, expect, it } from "vitest";
import { brand } from "../../domain/brand";
import { escapeHtml } from "../html";
import {
  acknowledgementMail,
  enquiryMail,
  enquirySubject,
  newsletterConfirmationMail,
  newsletterWelcomeMail,
  singleLine,
} from "./mail-content";

const CONSOLE_LINK = "https://collarise.example/admin/enquiries/3f0c2a51-8d7e-4f59-9c1a-2b6d0e4f7a10";
const MAILBOX = "sales@collarise.example";
/** The facts in force, naming that mailbox as the one the console reads. */
const FACTS = { ...PLACEHOLDER_FACTS, email: { ...PLACEHOLDER_FACTS.email, mailbox: MAILBOX } };

const notification = {
  enquiryId: "3f0c2a51-8d7e-4f59-9c1a-2b6d0e4f7a10",
  receivedAt: "2026-11-22T10:15:00.000Z",
  enquiry: {
    Name: "Asha Verma",
    Email: "asha.verma@example.in",
    Mobile: "9876543210",
    Quantity: 12,
    RetailerSelfUse: "Retailer" as const,
  },
};

describe("the company's enquiry mail", () => {
  it("names the enquiry in its subject", () => {
    expect(enquirySubject(notification.enquiry)).toBe(
      "Order enquiry: 12 sachets of Collarise, Retailer, from Asha Verma",
    );
  });

  it("lists all five fields in the text and in the HTML", () => {
    const mail = enquiryMail(notification, CONSOLE_LINK);
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Asha Verma");
      expect(body).toContain("asha.verma@example.in");
      expect(body).toContain("9876543210");
      expect(body).toContain("12");
      expect(body).toContain("Retailer");
      expect(body).toContain(notification.enquiryId);
    }
    expect(mail.text).toContain(
      "Name: Asha Verma\nEmail: asha.verma@example.in\nMobile: 9876543210\nQuantity: 12\n",
    );
  });

  it("says when it arrived on Delhi's clock and sends the reader to the console to answer, not to reply", () => {
    const mail = enquiryMail(notification, CONSOLE_LINK);
    // 10:15 UTC is 15:45 IST.
    expect(mail.text).toContain("Received Sun, 22 Nov, 15:45 IST (enquiry 3F0C2A51)");
    expect(mail.text).not.toContain("2026-11-22T10:15");
    expect(mail.text).toContain(
      `Answer Asha Verma from the console, where the conversation is kept: ${CONSOLE_LINK}`,
    );
    expect(mail.html).toContain(`<a href="${CONSOLE_LINK}">Answer Asha Verma in the console</a>`);
    for (const body of [mail.text, mail.html]) expect(body).not.toMatch(/Reply to this e-mail/i);
  });

  it("escapes every value in the HTML", () => {
    const mail = enquiryMail(
      {
        ...notification,
        enquiry: { ...notification.enquiry, Name: `<img src=x onerror="alert(1)"> & 'Co'` },
      },
      CONSOLE_LINK,
    );
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &#39;Co&#39;");
    expect(mail.text).toContain(`<img src=x onerror="alert(1)"> & 'Co'`);
  });

  it("keeps line breaks and control characters out of the subject", () => {
    const subject = enquirySubject({
      ...notification.enquiry,
      Name: "Asha\r\nBcc: victim@example.com\u0000",
    });
    expect(subject).not.toMatch(/[\r\n]/);
    expect(subject).not.toContain("\u0000");
    expect(subject).toBe(
      "Order enquiry: 12 sachets of Collarise, Retailer, from Asha Bcc: victim@example.com",
    );
    expect(singleLine("a\u2028b\tc")).toBe("a b c");
    expect(escapeHtml(`"&'<>`)).toBe("&quot;&amp;&#39;&lt;&gt;");
  });
});

describe("the visitor's mails in the language of the page they used", () => {
  const enquiry = {
    Name: "आशा वर्मा",
    Email: "asha@example.in",
    Mobile: "9876543210",
    Quantity: 12,
    RetailerSelfUse: "Self Use",
  } as const;
  const enquiryId = "1a2b3c4d-0000-4000-8000-000000000000";

  it("acknowledges a Hindi enquiry in Hindi, with the reference and the buyer type in Hindi, greeting by the first name only", () => {
    const mail = acknowledgementMail({ enquiryId, enquiry, language: "hi" }, FACTS);
    expect(mail.subject).toBe("Collarise: आपकी पूछताछ मिल गई (संदर्भ 1A2B3C4D)");
    expect(mail.text).toMatch(/^प्रिय आशा जी,/);
    expect(mail.text).toContain("1A2B3C4D");
    expect(mail.text).toContain("अपने इस्तेमाल के लिए Collarise कोलेजन पेप्टाइड के 12 सैशे के लिए पूछताछ");
    // Nothing typed into the form beyond a plain first name: not the mobile number either.
    expect(mail.text).not.toContain("9876543210");
    expect(mail.text).not.toContain("वर्मा");
    expect(mail.html).toContain('<html lang="hi">');
    expect(mail.text).not.toMatch(/Thank you|Dear/);
  });

  it("keeps the English acknowledgement for an English enquiry, greeting by the first name", () => {
    const mail = acknowledgementMail({ enquiryId, enquiry: { ...enquiry, Name: "Asha Verma" } }, FACTS);
    expect(mail.subject).toBe("Your enquiry 1A2B3C4D for Collarise");
    expect(mail.text).toMatch(/^Dear Asha,/);
  });

  it("points the buyer, in either language, at the mailbox the console reads, not the site's care address", () => {
    for (const language of ["en", "hi"] as const) {
      const mail = acknowledgementMail({ enquiryId, enquiry, language }, FACTS);
      expect(mail.text).toContain(MAILBOX);
      expect(mail.html).toContain(MAILBOX);
      expect(mail.text).not.toContain(brand.companyEmail);
    }
  });

  it("greets neutrally, in either language, when the Name is not a plain name", () => {
    const name = "evil.example/win now";
    expect(acknowledgementMail({ enquiryId, enquiry: { ...enquiry, Name: name } }, FACTS).text).toMatch(
      /^Hello,/,
    );
    const hindi = acknowledgementMail(
      { enquiryId, enquiry: { ...enquiry, Name: name }, language: "hi" },
      FACTS,
    );
    expect(hindi.text).toMatch(/^नमस्ते,/);
    expect(hindi.text).not.toContain("evil");
  });

  it("asks a Hindi address to confirm in Hindi, and welcomes it in Hindi", () => {
    const links = { confirmUrl: "https://x.example/c", unsubscribeUrl: "https://x.example/u" };
    const confirmation = newsletterConfirmationMail(links, "hi");
    expect(confirmation.subject).toBe("कृपया Collarise न्यूज़लेटर की सदस्यता पक्की करें");
    expect(confirmation.html).toContain('<a href="https://x.example/c">मेरी सदस्यता पक्की करें</a>');
    const welcome = newsletterWelcomeMail(links, "hi");
    expect(welcome.subject).toBe("Collarise न्यूज़लेटर में आपका स्वागत है");
    expect(welcome.text).toContain("https://x.example/u");
  });
});

describe("the company's mail of an enquiry started on WhatsApp", () => {
  const whatsapp = {
    ...notification,
    enquiry: { Name: null, Email: null, Mobile: "9812345670", Quantity: null, RetailerSelfUse: null },
  };

  it("says where it came from and which fields were not given, in the text and in the HTML", () => {
    const mail = enquiryMail(whatsapp, CONSOLE_LINK);
    expect(mail.subject).toBe("WhatsApp enquiry for Collarise from +91 98123 45670");
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("arrived on WhatsApp");
      expect(body).toContain("not given (no name on whatsapp)");
      expect(body).toContain("9812345670");
      expect(body).not.toContain("null");
    }
    expect(mail.text).toContain("Email: not given");
    expect(mail.text).toContain("Quantity: not given");
    expect(mail.text).toContain("Retailer / Self Use: not given");
  });

  it("names the buyer by their WhatsApp profile name when it had one", () => {
    expect(enquirySubject({ ...whatsapp.enquiry, Name: "Sunita Sharma" })).toBe(
      "WhatsApp enquiry for Collarise from Sunita Sharma (+91 98123 45670)",
    );
  });
});
