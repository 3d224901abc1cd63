import { describe, expect, test } from "vitest";
import { BASELESS_MARKS, UNREADABLE_CHARACTERS } from "../tests/support/unreadable-characters";
import { checkReply, conversationMessages } from "./conversation";

const refused = { ok: false, error: conversationMessages.subjectCharacters, field: "subject" };

describe("a reply's subject and the unreadable-character rule", () => {
  test("is refused when it hides any character drawn as nothing or a box, or that turns the text around", () => {
    for (const [char, what] of UNREADABLE_CHARACTERS) {
      expect(checkReply({ subject: `Your order ${char}4321 0987`, text: "Hello" }), what).toEqual(refused);
    }
    for (const [mark, what] of BASELESS_MARKS) {
      expect(checkReply({ subject: `Your order ${mark}`, text: "Hello" }), what).toEqual(refused);
    }
  });

  test("takes subjects in Hindi with their joiners, and emoji", () => {
    for (const subject of ["Re: आपकी पूछताछ क्\u200Dष", "Re: ज़रूरी ऑर्डर ❤\uFE0F", "Order 👩\u200D💻 #1"]) {
      expect(checkReply({ subject, text: "Hello" }), subject).toMatchObject({ ok: true, subject });
    }
  });
});
