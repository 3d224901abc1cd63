/** The rule for an e-mail address, shared by the enquiry, the newsletter and the console's checks. */

/** The longest address a mail system accepts (RFC 5321's 254-character path). */
export const EMAIL_MAX_LENGTH = 254;

/** A standard address pattern, case-insensitive, as the specification asks. */
export const EMAIL_PATTERN = /^[A-Z0-9._%+-]+@[A-Z0-9.-]+\.[A-Z]{2,}$/i;

/** The bare address of a sender such as MAIL_FROM, whether it is given as `sales@…` or `Collarise <sales@…>`. */
export function mailboxAddress(from: string): string {
  return /<([^<>\s]+@[^<>\s]+)>/.exec(from)?.[1] ?? from.trim();
}
