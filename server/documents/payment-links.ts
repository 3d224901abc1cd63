import { createCipheriv, createDecipheriv, createHmac, timingSafeEqual } from "node:crypto";
import { PAYMENT_PAGE_PATH, PAYMENT_TOKEN_PATTERN } from "../../domain/payment-page";
import type { KeyStore } from "../store/store";
import { keptKey } from "../kept-key";

/** The name of the key the payment pages' links are made with, kept in the store. */
export const PAYMENT_LINK_KEY = "payment-page-links";

const UUID = /^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})$/;
const IV_BYTES = 12;
const ID_BYTES = 16;
const TAG_BYTES = 16;
/** Every token the site makes is exactly this long: anything else is refused unread. */
const TOKEN_BYTES = IV_BYTES + ID_BYTES + TAG_BYTES;

/** Two keys from the stored one: one that encrypts, one that makes the (synthetic) IV. */
function keysOf(key: Buffer): { encrypt: Buffer; iv: Buffer } {
  const derive = (purpose: string) => createHmac("sha256", key).update(purpose).digest();
  return { encrypt: derive("payment-page:encrypt"), iv: derive("payment-page:iv") };
}

function ivOf(ivKey: Buffer, id: Buffer): Buffer {
  return createHmac("sha256", ivKey).update(id).digest().subarray(0, IV_BYTES);
}

/**
 * The payment page's token for a document: the document's id encrypted and authenticated with
 * AES-256-GCM under the site's key, its IV an HMAC of the id (so one document always has the same
 * link, and no two documents share an IV). The link names no id and follows no sequence: without
 * the key it can be neither made nor read, and a changed character fails GCM's tag.
 *
 *   base64url(iv ‖ ciphertext of the id's 16 bytes ‖ tag): 59 characters
 */
export function paymentToken(key: Buffer, documentId: string): string {
  const parts = UUID.exec(documentId);
  if (!parts) throw new Error("A document's id is a UUID");
  const id = Buffer.from(parts.slice(1).join(""), "hex");
  const keys = keysOf(key);
  const iv = ivOf(keys.iv, id);
  const cipher = createCipheriv("aes-256-gcm", keys.encrypt, iv);
  const sealed = Buffer.concat([cipher.update(id), cipher.final()]);
  return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString("base64url");
}

/** The document a token was made for, or null for anything the site did not make with this key. */
export function documentIdOfToken(key: Buffer, token: unknown): string | null {
  if (typeof token !== "string" || !PAYMENT_TOKEN_PATTERN.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  // Base64url decoding passes over stray characters: the canonical text must be the one given.
  if (bytes.length !== TOKEN_BYTES || bytes.toString("base64url") !== token) return null;
  const keys = keysOf(key);
  const iv = bytes.subarray(0, IV_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", keys.encrypt, iv);
  decipher.setAuthTag(bytes.subarray(IV_BYTES + ID_BYTES));
  let id: Buffer;
  try {
    id = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, IV_BYTES + ID_BYTES)), decipher.final()]);
  } catch {
    return null;
  }
  // The IV is the id's own: a token re-sealed under another IV is not one the site made.
  if (!timingSafeEqual(iv, ivOf(keys.iv, id))) return null;
  const hex = id.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Makes and reads the payment pages' links, `<publicUrl>/pay/<token>`. The key is read from the
 * store once and kept; the page answers in the document's language unless asked otherwise.
 */
export class PaymentLinks {
  private readonly linkKey: () => Promise<Buffer>;

  constructor(
    keys: KeyStore,
    private readonly publicUrl: string,
  ) {
    this.linkKey = keptKey(keys, PAYMENT_LINK_KEY);
  }

  async token(documentId: string): Promise<string> {
    return paymentToken(await this.linkKey(), documentId);
  }

  async url(documentId: string): Promise<string> {
    return new URL(`${PAYMENT_PAGE_PATH}/${await this.token(documentId)}`, this.publicUrl).href;
  }

  async documentIdOf(token: unknown): Promise<string | null> {
    return documentIdOfToken(await this.linkKey(), token);
  }
}
