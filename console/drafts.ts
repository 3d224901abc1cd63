/**
 * A message being written, kept in the tab (sessionStorage) under its kind and enquiry, so that a
 * reload or a failed send loses nothing: the e-mail reply's, the WhatsApp composer's, and a
 * document's issue form (its typed fields as JSON).
 */
export interface Drafts {
  read(enquiryId: string): string;
  /** Keeps `value`; an empty one forgets the draft. */
  keep(enquiryId: string, value: string): void;
}

export function draftsOf(kind: "reply" | "whatsapp" | "document"): Drafts {
  const key = (enquiryId: string) => `${kind}-draft:${enquiryId}`;
  return {
    read(enquiryId) {
      try {
        return window.sessionStorage.getItem(key(enquiryId)) ?? "";
      } catch {
        return "";
      }
    },
    keep(enquiryId, value) {
      try {
        if (value) window.sessionStorage.setItem(key(enquiryId), value);
        else window.sessionStorage.removeItem(key(enquiryId));
      } catch {
        // Storage refused (private mode, full): the text stays on the page all the same.
      }
    },
  };
}
