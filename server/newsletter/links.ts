import { API_PATHS, type Language, LANGUAGE_FIELD } from "../../domain/contract";
import { DAY_MS, UNCONFIRMED_SUBSCRIBER_DAYS } from "../../domain/retention";
import type { KeyStore } from "../store/store";
import { keptKey } from "../kept-key";
import { signLink, verifyLink, type LinkCheck, type LinkPurpose } from "./link-tokens";

/** The name of the key the newsletter's links are signed with, kept in the store. */
export const NEWSLETTER_LINK_KEY = "newsletter-links";

/**
 * Makes and checks the newsletter's links: `<publicUrl>/api/newsletter/confirm?token=…` and
 * `…/unsubscribe?token=…`. The key is read from the store once and kept.
 */
export class NewsletterLinks {
  private readonly signingKey: () => Promise<Buffer>;

  constructor(
    keys: KeyStore,
    private readonly publicUrl: string,
  ) {
    this.signingKey = keptKey(keys, NEWSLETTER_LINK_KEY);
  }

  /**
   * The link, with the language its page answers in when that is not English. The language is not
   * signed: it chooses only the words of the page, never what the link does.
   */
  private url(path: string, token: string, language: Language = "en"): string {
    const url = new URL(path, this.publicUrl);
    url.searchParams.set("token", token);
    if (language !== "en") url.searchParams.set(LANGUAGE_FIELD, language);
    return url.href;
  }

  /** A confirmation link runs out when an unconfirmed address is erased: a set time after it was asked for. */
  async confirmUrl(mail: {
    subscriberId: string;
    confirmNonce: string;
    requestedAt: string;
    language?: Language;
  }): Promise<string> {
    const expiresAt = new Date(Date.parse(mail.requestedAt) + UNCONFIRMED_SUBSCRIBER_DAYS * DAY_MS);
    const token = signLink(await this.signingKey(), {
      purpose: "confirm",
      subscriberId: mail.subscriberId,
      nonce: mail.confirmNonce,
      expiresAt,
    });
    return this.url(API_PATHS.newsletterConfirm, token, mail.language);
  }

  async unsubscribeUrl(mail: {
    subscriberId: string;
    unsubscribeNonce: string;
    language?: Language;
  }): Promise<string> {
    const token = signLink(await this.signingKey(), {
      purpose: "unsubscribe",
      subscriberId: mail.subscriberId,
      nonce: mail.unsubscribeNonce,
    });
    return this.url(API_PATHS.newsletterUnsubscribe, token, mail.language);
  }

  async verify(token: unknown, purpose: LinkPurpose, now = new Date()): Promise<LinkCheck> {
    return verifyLink(await this.signingKey(), token, purpose, now);
  }
}
