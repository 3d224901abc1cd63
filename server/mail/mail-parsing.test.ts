import { afterEach, describe, expect, it } from "vitest";
import { startMailParsing, type MailParsing } from "./mail-parsing";

let parsing: MailParsing | undefined;
afterEach(async () => {
  await parsing?.close();
  parsing = undefined;
});

const mail = (body: string, headers = "Content-Type: text/plain; charset=utf-8") =>
  Buffer.from(`From: asha@mail.example\r\nSubject: Re: price\r\n${headers}\r\n\r\n${body}\r\n`);

function manyParts(count: number): Buffer {
  const parts = Array.from(
    { length: count },
    (_, index) => `--p\r\nContent-Type: text/plain\r\n\r\npart ${index}\r\n`,
  );
  return mail(`${parts.join("")}--p--`, 'Content-Type: multipart/mixed; boundary="p"');
}

describe("a buyer's mail parsed on a thread of its own", () => {
  it("answers the buyer's own words, without the quote, and what it carried", async () => {
    parsing = startMailParsing();
    const outcome = await parsing.parse(
      mail("Sixty sachets, please.\r\n\r\nOn Fri, Sales <s@x.example> wrote:\r\n> Hello"),
    );
    expect(outcome).toEqual({
      ok: true,
      answer: {
        text: "Sixty sachets, please.",
        truncated: false,
        quoteTrimmed: true,
        textFound: true,
        attachments: 0,
      },
    });
  });

  it("sets a mail the parser cannot read aside, and parses the next one", async () => {
    parsing = startMailParsing();
    expect(await parsing.parse(manyParts(1_001))).toEqual({ ok: false, reason: "unreadable" });
    expect(await parsing.parse(mail("Yes."))).toMatchObject({ ok: true, answer: { text: "Yes." } });
  });

  it("sets a mail that takes longer than its time limit aside, on a thread it then ends, and parses the next on a fresh one", async () => {
    // 1 ms is far below what parsing 200 KB of base64 takes on any machine.
    parsing = startMailParsing({ timeLimitMs: 1 });
    const attachment = Buffer.alloc(150_000, 7).toString("base64").replace(/.{76}/g, "$&\r\n");
    const big = mail(
      `--p\r\nContent-Type: text/plain\r\n\r\nSee attached.\r\n--p\r\nContent-Type: application/pdf\r\nContent-Transfer-Encoding: base64\r\n\r\n${attachment}\r\n--p--`,
      'Content-Type: multipart/mixed; boundary="p"',
    );
    expect(await parsing.parse(big)).toEqual({ ok: false, reason: "slow" });
    await parsing.close();

    parsing = startMailParsing();
    expect(await parsing.parse(big)).toMatchObject({
      ok: true,
      answer: { text: "See attached.", attachments: 1 },
    });
  });

  it("parses mails handed over at once one after another, each answered with its own outcome", async () => {
    parsing = startMailParsing();
    const outcomes = await Promise.all([
      parsing.parse(mail("One.")),
      parsing.parse(manyParts(1_001)),
      parsing.parse(mail("Three.")),
    ]);
    expect(outcomes).toEqual([
      expect.objectContaining({ ok: true, answer: expect.objectContaining({ text: "One." }) }),
      { ok: false, reason: "unreadable" },
      expect.objectContaining({ ok: true, answer: expect.objectContaining({ text: "Three." }) }),
    ]);
  });
});
