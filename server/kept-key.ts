import type { KeyStore } from "./store/store";

/**
 * The site's key named `name` (a link's signing key), read from the store the first time it is
 * wanted and kept for every time after.
 */
export function keptKey(keys: KeyStore, name: string): () => Promise<Buffer> {
  let key: Promise<Buffer> | undefined;
  return () => {
    if (!key) {
      key = keys.key(name);
      // A store that did not answer is asked again next time.
      key.catch(() => (key = undefined));
    }
    return key;
  };
}
