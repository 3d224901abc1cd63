import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { APIRequestContext } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { API_PATHS } from "../../../domain/contract";
import { expect } from "./fixtures";

export interface ReceivedMail {
  parsed: ParsedMail;
  raw: string;
}

/** Every mail the test SMTP server has received for `address`, in the order it arrived. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const mailDir = process.env.E2E_MAIL_DIR;
  if (!mailDir) throw new Error("E2E_MAIL_DIR is not set: run through the Playwright global setup");
  // The sink names each file by its arrival: 0.eml, 1.eml, …
  const files = (await readdir(mailDir))
    .filter((name) => name.endsWith(".eml"))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  const mails: ReceivedMail[] = [];
  for (const file of files) {
    const raw = await readFile(join(mailDir, file), "utf8");
    const parsed = await simpleParser(raw);
    const to = [parsed.to ?? []].flat().flatMap((group) => group.value.map((entry) => entry.address));
    if (to.includes(address)) mails.push({ parsed, raw });
  }
  return mails;
}

/**
 * Waits for the mail to `address` whose subject matches, as a person waits for it in their inbox;
 * `timeoutMs` for a mail a timed job sends (the digest's first look is 15 s after a start).
 */
export async function waitForMail(
  address: string,
  subject: RegExp,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).find((mail) => subject.test(mail.parsed.subject ?? ""));
        return found !== undefined;
      },
      { message: `a mail to ${address} with the subject ${subject}`, timeout: timeoutMs },
    )
    .toBe(true);
  return found!;
}

/** The links in a mail's plain text, in order. */
export function linksIn(mail: ReceivedMail): URL[] {
  return [...(mail.parsed.text ?? "").matchAll(/https?:\/\/\S+/g)].map((match) => new URL(match[0]));
}

/** Subscribes `address` through the API and opens the confirmation link mailed to it, as its owner would. */
export async function subscribeAndConfirm(request: APIRequestContext, address: string): Promise<void> {
  expect((await request.post(API_PATHS.subscribers, { data: { email: address } })).ok()).toBe(true);
  const [confirmLink] = linksIn(await waitForMail(address, /^Please confirm your subscription/));
  expect(confirmLink?.pathname).toBe(API_PATHS.newsletterConfirm);
  expect((await request.get(confirmLink!.href)).status()).toBe(200);
}
