import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { indianMobileOf } from "./buyer";
import {
  checkDeal,
  checkGstin,
  checkPinCode,
  dealMessages,
  dealSummary,
  formatRupees,
  gstinCheckCharacter,
  NO_DEAL_FIGURES,
} from "./deal";

/** Registered GSTINs, as their holders print them on invoices; the first is GSTN's own example. */
const REAL_GSTINS = [
  "27AAPFU0939F1ZV",
  "27AAACR5055K1Z7",
  "27AAACT2727Q1ZW",
  "29AAGCB7383J1Z4",
  "33AACCM9093R1ZP",
  "07AAGFF2194N1Z1",
];

describe("a GSTIN", () => {
  test.each(REAL_GSTINS)("%s is taken as it is", (gstin) => {
    expect(checkGstin(gstin)).toEqual({ ok: true, value: gstin });
  });

  test("is read in capitals, without spaces, however it was typed", () => {
    expect(checkGstin(" 27aaacr5055k1z7 ")).toEqual({ ok: true, value: "27AAACR5055K1Z7" });
    expect(checkGstin("27 AAACR 5055K 1Z7")).toEqual({ ok: true, value: "27AAACR5055K1Z7" });
  });

  test.each([
    ["27AAACR5055K1Z", dealMessages.gstinLength],
    ["27AAACR5055K1Z77", dealMessages.gstinLength],
    ["27AAACR5055K1Z-", dealMessages.gstinLength],
    ["", dealMessages.gstinLength],
    // No state has 00 or 39; 40 to 96 are not codes either.
    ["00AAACR5055K1Z7", dealMessages.gstinState],
    ["39AAACR5055K1Z7", dealMessages.gstinState],
    ["96AAACR5055K1Z7", dealMessages.gstinState],
    // The PAN's shape: five letters, four digits, a letter.
    ["27AAAC15055K1Z7", dealMessages.gstinPan],
    ["27AAACR505AK1Z7", dealMessages.gstinPan],
    ["27AAACR50551XZ7", dealMessages.gstinPan],
    // Its fourth letter says who holds it: X and Q hold nothing.
    ["27AAAXR5055K1Z7", dealMessages.gstinHolder],
    ["27AAAQR5055K1Z7", dealMessages.gstinHolder],
    // The registration's number in the state is 1–9 or a letter, never 0.
    ["27AAACR5055K0Z7", dealMessages.gstinEntity],
    ["27AAACR5055K1Y7", dealMessages.gstinZ],
    // One character typed wrong, caught by the check character.
    ["27AAACR5055K1Z8", dealMessages.gstinCheck],
    ["27AAACR5056K1Z7", dealMessages.gstinCheck],
    ["28AAACR5055K1Z7", dealMessages.gstinCheck],
  ])("%s is refused: %s", (gstin, error) => {
    expect(checkGstin(gstin)).toEqual({ ok: false, error });
  });

  test("the special codes 97 and 99 and every state from 01 to 38 are state codes", () => {
    for (const code of [
      ...Array.from({ length: 38 }, (_, n) => String(n + 1).padStart(2, "0")),
      "97",
      "99",
    ]) {
      const first14 = `${code}AAACR5055K1Z`;
      expect(checkGstin(first14 + gstinCheckCharacter(first14)).ok).toBe(true);
    }
  });

  test("the check character catches any one character typed wrong", () => {
    const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    fc.assert(
      fc.property(
        fc.constantFrom(...REAL_GSTINS),
        fc.integer({ min: 0, max: 13 }),
        fc.integer({ min: 1, max: 35 }),
        (gstin, position, shift) => {
          const was = alphabet.indexOf(gstin[position] as string);
          const typed = alphabet[(was + shift) % 36] as string;
          const wrong = gstin.slice(0, position) + typed + gstin.slice(position + 1);
          expect(checkGstin(wrong).ok).toBe(false);
        },
      ),
    );
  });
});

describe("a PIN code", () => {
  test.each(["302001", "110 001", " 560034 "])("%s is six digits", (pin) => {
    expect(checkPinCode(pin)).toEqual({ ok: true, value: pin.replace(/\s/g, "") });
  });
  test.each(["012345", "30200", "3020011", "30200a", "३०२००१"])("%s is refused", (pin) => {
    expect(checkPinCode(pin)).toEqual({ ok: false, error: dealMessages.pinCode });
  });
});

describe("the deal's form", () => {
  test("takes figures as people type them, and a blank field as nothing recorded", () => {
    expect(
      checkDeal({
        quantity: "1,200",
        value: "₹ 3,20,000",
        city: "  New   Delhi ",
        pinCode: "110 001",
        gstin: "07aagff2194n1z1",
      }),
    ).toEqual({
      ok: true,
      figures: {
        quantity: 1200,
        valueRupees: 320_000,
        city: "New Delhi",
        pinCode: "110001",
        gstin: "07AAGFF2194N1Z1",
      },
    });
    expect(checkDeal({ quantity: 40, value: 32_000, city: "जयपुर", pinCode: "", gstin: null })).toEqual({
      ok: true,
      figures: { quantity: 40, valueRupees: 32_000, city: "जयपुर", pinCode: null, gstin: null },
    });
    expect(checkDeal({ value: "Rs. 500" })).toMatchObject({ ok: true, figures: { valueRupees: 500 } });
    expect(checkDeal({})).toEqual({ ok: true, figures: NO_DEAL_FIGURES });
  });

  test.each([
    [{ quantity: "0" }, "quantity", dealMessages.quantity],
    [{ quantity: 1.5 }, "quantity", dealMessages.quantity],
    [{ quantity: "100001" }, "quantity", dealMessages.quantity],
    [{ value: "32000.50" }, "value", dealMessages.value],
    [{ value: "-5" }, "value", dealMessages.value],
    [{ value: "0" }, "value", dealMessages.value],
    [{ value: "100000001" }, "value", dealMessages.value],
    [{ value: "thirty thousand" }, "value", dealMessages.value],
    [{ city: "302001" }, "city", dealMessages.city],
    [{ city: "J".repeat(61) }, "city", dealMessages.city],
    [{ city: "Jai\u0000pur" }, "city", dealMessages.city],
    [{ city: "Jai\u202Epur" }, "city", dealMessages.city],
    // Drawn as nothing or as a box: the one unreadable-character rule (domain/unreadable.ts).
    [{ city: "Jai\u{1D159}pur" }, "city", dealMessages.city],
    [{ city: "Jai\u2D7Fpur" }, "city", dealMessages.city],
    [{ city: "Jai\uE000pur" }, "city", dealMessages.city],
    [{ city: "Jaipur \u0301" }, "city", dealMessages.city],
    [{ pinCode: "012345" }, "pinCode", dealMessages.pinCode],
    [{ gstin: "27AAACR5055K1Z8" }, "gstin", dealMessages.gstinCheck],
    // The first field in the form's order that is wrong is the one named.
    [{ quantity: "x", gstin: "bad" }, "quantity", dealMessages.quantity],
  ] as const)("%o is refused at %s", (input, field, error) => {
    expect(checkDeal(input)).toEqual({ ok: false, field, error });
  });

  test("writes its history line and its rupees as India does", () => {
    expect(formatRupees(320_000)).toBe("₹ 3,20,000");
    expect(formatRupees(1_00_00_000)).toBe("₹ 1,00,00,000");
    expect(
      dealSummary({ quantity: 40, valueRupees: 32_000, city: "Jaipur", pinCode: "302001", gstin: null }),
    ).toBe("Deal: 40 sachets, ₹ 32,000, Jaipur 302001");
    expect(dealSummary({ ...NO_DEAL_FIGURES, quantity: 1, gstin: "27AAACR5055K1Z7" })).toBe(
      "Deal: 1 sachet, GSTIN 27AAACR5055K1Z7",
    );
    expect(dealSummary(NO_DEAL_FIGURES)).toBe("Deal figures cleared");
  });
});

describe("a mobile number, as one buyer's", () => {
  test.each([
    ["9811122233", "9811122233"],
    ["+91 98111 22233", "9811122233"],
    ["0091-9811122233", "9811122233"],
    ["09811122233", "9811122233"],
    ["919811122233", "9811122233"],
  ])("%s is %s", (typed, mobile) => {
    expect(indianMobileOf(typed)).toBe(mobile);
  });
});
