import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  BUYER_TYPE_PLACEHOLDER,
  checkEnquiry,
  cleanProfileName,
  enquiryFieldText,
  hasControlCharacters,
  isWhatsAppEnquiry,
  ENQUIRY_FIELD_SPECS,
  enquiryMessages,
  isOptionalText,
  keptFields,
  NAME_MAX_LENGTH,
  OPTIONAL_TEXT_MAX_LENGTH,
  QUANTITY_MAX,
} from "./enquiry";
import { enquiryMessagesHi } from "./enquiry.hi";

/** The fields the form refuses an enquiry without, in its order. */
const REQUIRED_FIELDS = ENQUIRY_FIELD_SPECS.filter((spec) => spec.required).map(
  (spec) => spec.name as keyof typeof form,
);
/** The five fields every stored enquiry has (given, or not given on WhatsApp). */
const FIVE_FIELDS = ["Name", "Email", "Mobile", "Quantity", "RetailerSelfUse"] as const;

/** A visitor's form, as the browser sends it: every value a string. */
const form = {
  Name: "Asha Retail",
  Email: "asha@example.com",
  Mobile: "9876543210",
  Quantity: "24",
  RetailerSelfUse: "Retailer",
};

const failure = (input: unknown) => {
  const result = checkEnquiry(input);
  if (result.ok) throw new Error(`expected a failure, got ${JSON.stringify(result.enquiry)}`);
  return { error: result.error, field: result.field };
};

describe("the specification's messages", () => {
  test("are the exact texts of the specification", () => {
    expect(enquiryMessages.missing).toBe("Please fill the data");
    expect(enquiryMessages.email).toBe("Please enter a valid email address");
    expect(enquiryMessages.mobileDigits).toBe("Please enter only number.");
    expect(enquiryMessages.mobileLength).toBe("Please enter 10 digit Mobile number.");
    expect(enquiryMessages.stored).toBe("Order Received Successfully");
    expect(enquiryMessages.notStored).toBe("Error adding document");
    expect(enquiryMessages.quantity).toBe("Please enter a quantity of at least 1 sachet.");
  });
});

describe("a complete enquiry", () => {
  test("from a retailer passes, with its quantity as a whole number", () => {
    expect(checkEnquiry(form)).toEqual({
      ok: true,
      enquiry: { ...form, Quantity: 24 },
    });
  });

  test("for self use passes, with a quantity sent as a number", () => {
    expect(checkEnquiry({ ...form, RetailerSelfUse: "Self Use", Quantity: 1 })).toEqual({
      ok: true,
      enquiry: { ...form, RetailerSelfUse: "Self Use", Quantity: 1 },
    });
  });

  test("has every value trimmed", () => {
    const padded = {
      Name: "  Asha Retail \t",
      Email: " asha@example.com ",
      Mobile: " 9876543210\n",
      Quantity: " 24 ",
      RetailerSelfUse: " Retailer ",
    };
    expect(checkEnquiry(padded)).toEqual({ ok: true, enquiry: { ...form, Quantity: 24 } });
  });

  test("keeps only the five fields: the hidden productName and any other key are dropped", () => {
    const result = checkEnquiry({ ...form, productName: "Collarise", id: "x", receivedAt: "2020-01-01" });
    expect(result.ok && Object.keys(result.enquiry)).toEqual(REQUIRED_FIELDS);
  });

  test("keeps the e-mail address as typed, in its own case", () => {
    const result = checkEnquiry({ ...form, Email: "Asha@Example.COM" });
    expect(result.ok && result.enquiry.Email).toBe("Asha@Example.COM");
  });

  test("of any ten digits and any whole quantity within the limits passes", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{10}$/),
        fc.integer({ min: 1, max: QUANTITY_MAX }),
        (mobile, quantity) => {
          const result = checkEnquiry({ ...form, Mobile: mobile, Quantity: String(quantity) });
          return result.ok && result.enquiry.Mobile === mobile && result.enquiry.Quantity === quantity;
        },
      ),
    );
  });
});

describe("check 1: every field filled", () => {
  test.each(REQUIRED_FIELDS)("%s missing gives 'Please fill the data'", (field) => {
    const { [field]: _removed, ...rest } = form;
    expect(failure(rest)).toEqual({ error: "Please fill the data", field });
  });

  test.each(REQUIRED_FIELDS)("%s empty or blank gives 'Please fill the data'", (field) => {
    expect(failure({ ...form, [field]: "" })).toEqual({ error: "Please fill the data", field });
    expect(failure({ ...form, [field]: "   " })).toEqual({ error: "Please fill the data", field });
  });

  test("the choice left on its placeholder 'retailer/self use' counts as not filled", () => {
    expect(BUYER_TYPE_PLACEHOLDER).toBe("retailer/self use");
    expect(failure({ ...form, RetailerSelfUse: "retailer/self use" })).toEqual({
      error: "Please fill the data",
      field: "RetailerSelfUse",
    });
  });

  test("null, a missing body, an array or a string count as nothing filled", () => {
    for (const input of [null, undefined, [], "Name=Asha", 42]) {
      expect(failure(input)).toEqual({ error: "Please fill the data", field: "Name" });
    }
  });

  test("a value that is not text (a number for Name, an object for Email) counts as not filled", () => {
    expect(failure({ ...form, Name: 12 })).toEqual({ error: "Please fill the data", field: "Name" });
    expect(failure({ ...form, Email: { address: "a@b.co" } })).toEqual({
      error: "Please fill the data",
      field: "Email",
    });
    expect(failure({ ...form, Quantity: null })).toEqual({
      error: "Please fill the data",
      field: "Quantity",
    });
    expect(failure({ ...form, Quantity: Number.NaN })).toEqual({
      error: "Please fill the data",
      field: "Quantity",
    });
  });

  test("comes first: an empty Name with a bad e-mail gives 'Please fill the data'", () => {
    expect(failure({ ...form, Name: "", Email: "not-an-address" })).toEqual({
      error: "Please fill the data",
      field: "Name",
    });
  });

  test("comes first: a bad mobile number with the choice on its placeholder gives 'Please fill the data'", () => {
    expect(failure({ ...form, Mobile: "12ab", RetailerSelfUse: BUYER_TYPE_PLACEHOLDER })).toEqual({
      error: "Please fill the data",
      field: "RetailerSelfUse",
    });
  });
});

describe("check 2: the e-mail address", () => {
  test.each([
    "asha",
    "asha@",
    "@example.com",
    "asha@example",
    "asha@example.c",
    "asha @example.com",
    "asha@exa mple.com",
  ])("%j gives 'Please enter a valid email address'", (Email) => {
    expect(failure({ ...form, Email })).toEqual({
      error: "Please enter a valid email address",
      field: "Email",
    });
  });

  test.each(["ASHA@EXAMPLE.COM", "a.sha+orders@mail.example.co.in", "x_y%z@sub-domain.example.org"])(
    "%j passes (the pattern is case-insensitive)",
    (Email) => {
      expect(checkEnquiry({ ...form, Email }).ok).toBe(true);
    },
  );

  test("an address longer than 254 characters is refused", () => {
    const Email = `${"a".repeat(64)}@${"b".repeat(186)}.com`;
    expect(Email.length).toBe(255);
    expect(failure({ ...form, Email })).toEqual({
      error: "Please enter a valid email address",
      field: "Email",
    });
  });

  test("comes before the mobile number: a bad e-mail with letters in Mobile gives the e-mail message", () => {
    expect(failure({ ...form, Email: "asha@", Mobile: "98765abcde" })).toEqual({
      error: "Please enter a valid email address",
      field: "Email",
    });
  });
});

describe("check 3: the mobile number's digits", () => {
  test.each(["12345abcde", "98765-43210", "+919876543210", "98765 43210", "９８７６５４３２１０"])(
    "%j gives 'Please enter only number.'",
    (Mobile) => {
      expect(failure({ ...form, Mobile })).toEqual({ error: "Please enter only number.", field: "Mobile" });
    },
  );

  test("comes before its length: '12ab' (short and not digits) gives 'Please enter only number.'", () => {
    expect(failure({ ...form, Mobile: "12ab" })).toEqual({
      error: "Please enter only number.",
      field: "Mobile",
    });
  });

  test("any character other than a digit gives 'Please enter only number.'", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,9}$/),
        fc.string({ minLength: 1, maxLength: 1 }).filter((c) => !/[\d\s]/.test(c)),
        fc.stringMatching(/^\d{0,9}$/),
        (before, other, after) => {
          const result = checkEnquiry({ ...form, Mobile: `${before}${other}${after}` });
          return !result.ok && result.error === enquiryMessages.mobileDigits;
        },
      ),
    );
  });
});

describe("check 4: the mobile number's length", () => {
  test.each(["12345", "987654321", "98765432101", "0"])(
    "%j gives 'Please enter 10 digit Mobile number.'",
    (Mobile) => {
      expect(failure({ ...form, Mobile })).toEqual({
        error: "Please enter 10 digit Mobile number.",
        field: "Mobile",
      });
    },
  );
});

describe("after the specification's checks", () => {
  test.each([0, -1, 1.5, "0", "-1", "1.5", "abc", "1e3", "2 boxes", Number.POSITIVE_INFINITY])(
    "Quantity %j gives 'Please enter a quantity of at least 1 sachet.'",
    (Quantity) => {
      expect(failure({ ...form, Quantity })).toEqual({
        error: "Please enter a quantity of at least 1 sachet.",
        field: "Quantity",
      });
    },
  );

  test("a quantity above the limit gives the limit's message, however it is written", () => {
    const message = "Please enter a quantity of at most 1,00,000 sachets.";
    expect(enquiryMessages.quantityTooLarge).toBe(message);
    for (const Quantity of [QUANTITY_MAX + 1, String(QUANTITY_MAX + 1), "10000000000000000000", 1e20]) {
      expect(failure({ ...form, Quantity })).toEqual({ error: message, field: "Quantity" });
    }
    const atLimit = checkEnquiry({ ...form, Quantity: QUANTITY_MAX });
    expect(atLimit.ok && atLimit.enquiry.Quantity).toBe(QUANTITY_MAX);
  });

  test("leading zeros in a typed quantity are read as the number", () => {
    const result = checkEnquiry({ ...form, Quantity: "007" });
    expect(result.ok && result.enquiry.Quantity).toBe(7);
  });

  test("a name over 100 characters is refused; 100 is accepted", () => {
    expect(failure({ ...form, Name: "a".repeat(NAME_MAX_LENGTH + 1) })).toEqual({
      error: "Please enter a name of at most 100 characters.",
      field: "Name",
    });
    expect(checkEnquiry({ ...form, Name: "a".repeat(NAME_MAX_LENGTH) }).ok).toBe(true);
  });

  test("a name with a control character inside is refused", () => {
    for (const Name of ["Asha\nRetail", "Asha\u0000", "Asha\u007fRetail", "Asha\u0085Retail"]) {
      expect(failure({ ...form, Name })).toEqual({
        error: "Please enter a name without control or unreadable characters.",
        field: "Name",
      });
    }
  });

  test("a name with a direction override or a zero-width character is refused; joiners inside Indic words and emoji are welcome", () => {
    for (const Name of [
      "Visit \u202Eniw/elpmaxe.live",
      "Asha\u200BVerma",
      "Asha \u2066Verma\u2069",
      "\u200FAsha",
      "Asha\uFEFFVerma",
      "Asha\u2060Verma",
      "Asha\u200DVerma",
      "Asha \u200C",
      "\u200Dक्ष",
    ]) {
      expect(failure({ ...form, Name })).toEqual({
        error: "Please enter a name without control or unreadable characters.",
        field: "Name",
      });
    }
    for (const Name of ["क्\u200Dष", "कि\u200Cरण", "Asha 👩\u200D💻"])
      expect(checkEnquiry({ ...form, Name }).ok).toBe(true);
  });

  test("a name hiding an invisible character, anywhere, or made of them, is refused; the checks before it answer as before", () => {
    const invalid = { error: enquiryMessages.nameInvalid, field: "Name" };
    // Hangul fillers, soft hyphen, combining grapheme joiner, Mongolian vowel separator, braille
    // blank, tag characters, direction overrides, isolates and marks, zero-width and other format
    // characters, line separator (tests/support/unreadable-characters.ts names each).
    const unreadable =
      "\u3164\u115F\u1160\uFFA0\u00AD\u034F\u180E\u2800\u{E0041}\u{E0001}\u202E\u202D\u2067\u200F" +
      "\u061C\u200B\u2060\u2062\uFEFF\u206A\u{1D173}\u{1BCA0}\u17B4\u2028";
    for (const char of Array.from(unreadable)) {
      const what = `U+${char.codePointAt(0)?.toString(16).toUpperCase()}`;
      // U+FEFF and U+2028 are white space to trim(): at either end they are cut off, as spaces are.
      const inside = [`As${char}ha`, `आशा${char}वर्मा`, `Asha ${char}${char} Verma`];
      const names = char.trim() === "" ? inside : [char.repeat(3), `${char}Asha`, `Asha${char}`, ...inside];
      for (const Name of names) {
        expect(failure({ ...form, Name }), `${what} in ${JSON.stringify(Name)}`).toEqual(invalid);
      }
      // The specification's checks come first, with their own messages.
      expect(failure({ ...form, Name: `A${char}`, Email: "asha" })).toEqual({
        error: "Please enter a valid email address",
        field: "Email",
      });
    }
    // Variation selectors and joiners on their own, stacked, or where nothing is drawn.
    for (const Name of [
      "\uFE0F\uFE0F\uFE0F",
      "Asha \uFE0F",
      "❤\uFE0F\uFE0F",
      "क\u200C\u200Dष",
      "\u3164\u200D\u3164",
    ]) {
      expect(failure({ ...form, Name }), JSON.stringify(Name)).toEqual(invalid);
    }
    // A message in Hindi for the Hindi form.
    expect(enquiryMessagesHi.nameInvalid).toBe("कृपया नाम में कंट्रोल या न पढ़े जा सकने वाले अक्षर न लिखें।");
  });

  test("names in Devanagari with their joiners, other scripts and emoji are taken as before", () => {
    for (const Name of [
      "आशा वर्मा",
      "क्\u200Dषमा",
      "कि\u200Cरण देशपांडे",
      "श्\u200Dरीमती क्\u200Cष",
      "मीनाक्षी",
      "زهرا\u200Cی",
      "Zoë O'Brien-Ôrjan",
      "김민준",
      "Asha ❤\uFE0F",
      "Asha 👩\u200D💻",
      "Asha 🏳\uFE0F\u200D🌈",
      "#\uFE0F\u20E3 Asha",
    ]) {
      expect(checkEnquiry({ ...form, Name }), JSON.stringify(Name)).toMatchObject({ ok: true });
    }
  });

  test("the text rule: control characters anywhere, but newlines where a text has lines", () => {
    for (const value of ["ab\u0000c", "a\tb", "a\u007f", "a\u0085", "a\u009fb", "\u001b[31m"]) {
      expect(hasControlCharacters(value)).toBe(true);
      expect(hasControlCharacters(value, { lines: true })).toBe(true);
    }
    expect(hasControlCharacters("one\ntwo")).toBe(true);
    expect(hasControlCharacters("one\ntwo\r\nthree", { lines: true })).toBe(false);
    expect(hasControlCharacters("one\rtwo", { lines: true })).toBe(true);
    expect(hasControlCharacters("आशा वर्मा 🍊 Ôrjan")).toBe(false);
  });

  test("a name that is not well-formed text (half of a UTF-16 pair) is refused; emoji and scripts are welcome", () => {
    for (const Name of ["\ud800", "Asha \udc00", "Asha \ud83d"]) {
      expect(failure({ ...form, Name })).toEqual({
        error: "Please enter a name without control or unreadable characters.",
        field: "Name",
      });
    }
    for (const Name of ["आशा वर्मा", "Asha 🍊", "Ôrjan Ødegård"])
      expect(checkEnquiry({ ...form, Name }).ok).toBe(true);
  });

  test("a choice other than 'Retailer' or 'Self Use' is refused", () => {
    for (const RetailerSelfUse of ["retailer", "Wholesale", "Retailer/Self Use"]) {
      expect(failure({ ...form, RetailerSelfUse })).toEqual({
        error: "Please choose Retailer or Self Use.",
        field: "RetailerSelfUse",
      });
    }
  });

  test("run only once the specification's four checks pass: a bad mobile and a zero quantity give the mobile message", () => {
    expect(failure({ ...form, Mobile: "12345", Quantity: "0" })).toEqual({
      error: "Please enter 10 digit Mobile number.",
      field: "Mobile",
    });
  });

  test("run in order: name, then quantity, then the choice", () => {
    expect(
      failure({ ...form, Name: "a".repeat(101), Quantity: "0", RetailerSelfUse: "Wholesale" }).field,
    ).toBe("Name");
    expect(failure({ ...form, Quantity: "0", RetailerSelfUse: "Wholesale" }).field).toBe("Quantity");
  });
});

describe("hostile input", () => {
  test("__proto__ and constructor keys neither fill a field nor reach any object's prototype", () => {
    const { Name: _name, ...withoutName } = form;
    const parsed = JSON.parse(
      JSON.stringify({ ...withoutName, constructor: { prototype: { polluted: true } } }).replace(
        /^\{/,
        '{"__proto__":{"Name":"Injected","polluted":true},',
      ),
    ) as unknown;
    expect(failure(parsed)).toEqual({ error: "Please fill the data", field: "Name" });

    const complete = JSON.parse(
      `{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}},${JSON.stringify(form).slice(1)}`,
    ) as unknown;
    const result = checkEnquiry(complete);
    expect(result).toEqual({ ok: true, enquiry: { ...form, Quantity: 24 } });
    expect(result.ok && Object.getPrototypeOf(result.enquiry)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("a field inherited from a prototype does not count as filled", () => {
    const { Name: _name, ...withoutName } = form;
    const inherited = Object.assign(Object.create({ Name: "Inherited" }) as object, withoutName);
    expect(failure(inherited)).toEqual({ error: "Please fill the data", field: "Name" });
  });
});

describe("an enquiry started on WhatsApp", () => {
  test("keeps a profile name as the form keeps a name, and none the form would refuse", () => {
    expect(cleanProfileName("  Sunita \t Sharma\n")).toBe("Sunita Sharma");
    expect(cleanProfileName("सुनीता शर्मा")).toBe("सुनीता शर्मा");
    expect(cleanProfileName("Rahul 😊")).toBe("Rahul 😊");
    expect(cleanProfileName("x".repeat(NAME_MAX_LENGTH + 20))).toBe("x".repeat(NAME_MAX_LENGTH));
    for (const refused of [null, "", "   ", "\u202Eevil", "a\u0000b", "\u200B"]) {
      expect(cleanProfileName(refused)).toBeNull();
    }
  });

  test("says what was not given, field by field, and is told apart from the form's", () => {
    const whatsapp = { Name: null, Email: null, Mobile: "9812345670", Quantity: null, RetailerSelfUse: null };
    const form = {
      Name: "Asha",
      Email: "asha@example.com",
      Mobile: "9812345670",
      Quantity: 12,
      RetailerSelfUse: "Retailer" as const,
    };
    expect(isWhatsAppEnquiry(whatsapp)).toBe(true);
    expect(isWhatsAppEnquiry(form)).toBe(false);
    expect(FIVE_FIELDS.map((field) => enquiryFieldText(whatsapp, field))).toEqual([
      "not given (no name on whatsapp)",
      "not given",
      "9812345670",
      "not given",
      "not given",
    ]);
    expect(FIVE_FIELDS.map((field) => enquiryFieldText(form, field))).toEqual([
      "Asha",
      "asha@example.com",
      "9812345670",
      "12",
      "Retailer",
    ]);
  });
});

describe("an optional field of the form", () => {
  test("takes a text of up to the most characters, counted as the visitor sees them", () => {
    expect(isOptionalText("Meera Stores Pvt. Ltd.")).toBe(true);
    expect(isOptionalText("क".repeat(OPTIONAL_TEXT_MAX_LENGTH))).toBe(true);
    expect(isOptionalText("a".repeat(OPTIONAL_TEXT_MAX_LENGTH + 1))).toBe(false);
  });

  test("refuses control and unreadable characters, with a message in both languages", () => {
    expect(isOptionalText("Meera\u0000Stores")).toBe(false);
    expect(isOptionalText("Meera\uD800Stores")).toBe(false);
    expect(enquiryMessages.optionalText).toContain(String(OPTIONAL_TEXT_MAX_LENGTH));
    expect(enquiryMessagesHi.optionalText).toContain(String(OPTIONAL_TEXT_MAX_LENGTH));
  });
});

describe("the fields an enquiry keeps", () => {
  test("are the described ones, any other key dropped, and what WhatsApp did not give stays not given", () => {
    const typed = { ...form, Quantity: 24, RetailerSelfUse: "Retailer" as const };
    expect(keptFields({ ...typed, productName: "Collarise" } as typeof typed)).toEqual(typed);
    const whatsapp = { Name: null, Email: null, Mobile: "9812345670", Quantity: null, RetailerSelfUse: null };
    expect(keptFields(whatsapp)).toEqual(whatsapp);
    expect(Object.keys(keptFields(typed))).toEqual(FIVE_FIELDS);
  });
});
