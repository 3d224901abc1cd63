import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import { CONSOLE_PAGE_PATHS } from "../../domain/console";
import type { KeyStore } from "../store/store";
import { keptKey } from "../kept-key";

/** The name of the key invitation and reset links are signed with, kept in the store. */
export const STAFF_LINK_KEY = "staff-links";

/** `<link id>.<base64url HMAC-SHA256 of "staff-link.<link id>">`: nothing else is accepted. */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

function mac(key: Buffer, linkId: string): Buffer {
  return createHmac("sha256", key).update(`staff-link.${linkId}`).digest();
}

export function newStaffLinkId(): string {
  return randomUUID();
}

/**
 * Makes and checks the links mailed to staff to set a password: `<publicUrl>/admin/welcome?token=…`.
 * A token names its link by id and is signed with the site's key; the store keeps only the id,
 * with whom it is for, until when, and whether it was used. The key is read once and kept.
 */
export class StaffLinks {
  private readonly signingKey: () => Promise<Buffer>;

  constructor(
    keys: KeyStore,
    private readonly publicUrl: string,
  ) {
    this.signingKey = keptKey(keys, STAFF_LINK_KEY);
  }

  async token(linkId: string): Promise<string> {
    return `${linkId}.${mac(await this.signingKey(), linkId).toString("base64url")}`;
  }

  async url(linkId: string): Promise<string> {
    const url = new URL(CONSOLE_PAGE_PATHS.welcome, this.publicUrl);
    url.searchParams.set("token", await this.token(linkId));
    return url.href;
  }

  /** The link's id when the token is one the site made, else null (forged, altered or malformed). */
  async verify(token: unknown): Promise<string | null> {
    if (typeof token !== "string") return null;
    const match = TOKEN.exec(token);
    if (!match) return null;
    const [, linkId = "", signature = ""] = match;
    const given = Buffer.from(signature, "base64url");
    const expected = mac(await this.signingKey(), linkId);
    // Base64url decoding ignores stray bits: compare the canonical text as well as the bytes.
    if (given.length !== expected.length || given.toString("base64url") !== signature) return null;
    return timingSafeEqual(given, expected) ? linkId : null;
  }
}
