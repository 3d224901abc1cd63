import { ACCOUNTANT_KINDS } from "../../domain/accounts";
import { monthSpan, type IssuedDocument } from "../../domain/invoice";
import type { Store } from "../store/store";

/** The documents of an IST month (YYYY-MM) the accountant's files are made of, oldest first. */
export function accountantMonth(store: Pick<Store, "documents">, month: string): Promise<IssuedDocument[]> {
  const { from, to } = monthSpan(month);
  return store.documents.issuedBetween(from, to, ACCOUNTANT_KINDS);
}
