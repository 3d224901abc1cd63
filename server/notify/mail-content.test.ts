import { describe, expect, it } from "vitest";
import { escapeHtml } from "../html";
import { enquiryMail, enquirySubject, singleLine } from "./mail-content";

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
      "Order enquiry: 12 × Collarise, Retailer, from Asha Verma",
    );
  });

  it("lists all five fields in the text and in the HTML", () => {
    const mail = enquiryMail(notification);
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

  it("escapes every value in the HTML", () => {
    const mail = enquiryMail({
      ...notification,
      enquiry: { ...notification.enquiry, Name: `<img src=x onerror="alert(1)"> & 'Co'` },
    });
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
    expect(subject).toBe("Order enquiry: 12 × Collarise, Retailer, from Asha Bcc: victim@example.com");
    expect(singleLine("a\u2028b\tc")).toBe("a b c");
    expect(escapeHtml(`"&'<>`)).toBe("&quot;&amp;&#39;&lt;&gt;");
  });
});
