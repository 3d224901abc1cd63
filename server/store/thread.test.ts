import { describe, expect, test } from "vitest";
import { enquiryOfThread } from "./conversations";

/** A store that knows these messages and acknowledgements (id → enquiry). */
const knowing = (messages: Record<string, string>, acknowledgements: Record<string, string> = {}) => ({
  threadEnquiries: async () => ({
    messages: new Map(Object.entries(messages)),
    acknowledgements: new Map(Object.entries(acknowledgements)),
  }),
});

describe("the enquiry an answer's thread belongs to", () => {
  test("the first message of a conversation it names, in the order the thread names them", async () => {
    const store = knowing({ "<b@x>": "enquiry-b", "<a@x>": "enquiry-a" });
    expect(
      await enquiryOfThread(store, { messageIds: ["<z@x>", "<a@x>", "<b@x>"], acknowledgementIds: [] }),
    ).toBe("enquiry-a");
  });

  test("a message of a conversation comes before an acknowledgement; else the first acknowledgement named", async () => {
    const store = knowing({ "<a@x>": "enquiry-a" }, { "ack-2": "enquiry-2", "ack-1": "enquiry-1" });
    expect(await enquiryOfThread(store, { messageIds: ["<a@x>"], acknowledgementIds: ["ack-1"] })).toBe(
      "enquiry-a",
    );
    expect(
      await enquiryOfThread(store, { messageIds: ["<z@x>"], acknowledgementIds: ["ack-1", "ack-2"] }),
    ).toBe("enquiry-1");
    expect(await enquiryOfThread(store, { messageIds: ["<z@x>"], acknowledgementIds: ["ack-3"] })).toBeNull();
  });
});
