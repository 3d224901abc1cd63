/**
 * The shape a translation of a content module must have: the English module's own shape, with
 * every text a string of its own, the same lists of the same length, and the identifiers (icons,
 * keys, kinds, ids) unchanged. A Hindi module typed as `Translated<typeof english>` fails to
 * compile when a text is missing; app/content/parity.test.ts checks that none is empty.
 */
export const IDENTIFIER_KEYS = ["icon", "key", "kind", "id", "contact"] as const;
type IdentifierKey = (typeof IDENTIFIER_KEYS)[number];

export type Translated<T> = T extends string
  ? string
  : T extends object
    ? { readonly [K in keyof T]: K extends IdentifierKey ? T[K] : Translated<T[K]> }
    : T;
