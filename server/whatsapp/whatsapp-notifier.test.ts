import { expect, test } from "vitest";
import { displayMobile } from "../../domain/buyer";
import { whatsappNumberOf } from "./whatsapp-notifier";

test("an Indian mobile goes to WhatsApp with 91, a foreign one from WhatsApp with its own country code", () => {
  expect(whatsappNumberOf("9812345670")).toBe("919812345670");
  expect(whatsappNumberOf("447700900123")).toBe("447700900123");
  // As a member reads them on the enquiry's page.
  expect(displayMobile("9812345670")).toBe("+91 98123 45670");
  expect(displayMobile("447700900123")).toBe("+447700900123");
});
