/**
 * A person's first name as they would be greeted ("Asha" of "Asha Verma"): one word of letters
 * and their marks, at most 30; anything else (a title, digits, a link) gives none, so nothing a
 * visitor typed beyond a plain name reaches a mail.
 */
export function plainFirstName(name: string): string | undefined {
  const first = name.trim().split(/\s+/)[0] ?? "";
  return /^\p{L}[\p{L}\p{M}]{0,29}$/u.test(first) ? first : undefined;
}
