import { randomBytes } from "node:crypto";
import type { Language } from "../../domain/contract";
import type { PortOf } from "./step-port";
import type { SubscriberStore } from "./store";

/** An address as a request or a confirmation reads it. */
export interface SubscriberRead {
  id: string;
  confirmed: boolean;
  /** What its confirmation link is made from; null once confirmed. */
  confirmNonce: string | null;
  /** When it was last asked for (ISO); null on an address stored before consent was asked for. */
  requestedAt: string | null;
  /** What its unsubscribe links are made from; null on an address stored before links were signed. */
  unsubscribeNonce: string | null;
}

/**
 * The steps the newsletter's consent asks of a store (server/work/subscriber-changes.ts), each
 * answered in the change's one transaction. Reads come first: a store may hold the writes back
 * until the change has returned.
 */
export type SubscriberSteps = {
  /** The address (in lower case), or the one with this id; null when there is none. */
  readSubscriber: { args: { email: string } | { id: string }; result: SubscriberRead | null };
  /** The id a new address is stored under, made as the store makes its ids. */
  newSubscriberId: { args: { email: string }; result: string };
  /** Stores a new address, pending, asked for at `at`. */
  createSubscriber: {
    args: {
      id: string;
      email: string;
      at: string;
      confirmNonce: string;
      unsubscribeNonce: string;
      language: Language;
    };
    result: void;
  };
  /** Records that the address was asked for again at `at`, in `language`. */
  writeRequested: { args: { id: string; at: string; language: Language }; result: void };
  /** Confirms the address at `at`: its confirmation nonce is spent. */
  writeConfirmed: { args: { id: string; at: string }; result: void };
  /** Removes the address's confirmation mails still waiting in the outbox and not being sent. */
  dropWaitingConfirmations: { args: { id: string }; result: void };
  /** Removes the address with every mail of it still in the outbox. */
  removeSubscriber: { args: { id: string }; result: void };
  /** Queues a mail to the address, due at `at`. */
  queueSubscriberMail: {
    args: { id: string; kind: "newsletter-confirmation" | "newsletter-welcome"; at: string };
    result: void;
  };
};

/** What a store keeps of the newsletter's addresses beside the changes written above it. */
export type SubscriberAdapter = PortOf<SubscriberSteps> &
  Omit<SubscriberStore, "request" | "confirm" | "unsubscribe" | "eraseUnconfirmed"> & {
    /** Every address not yet confirmed, with when it was last asked for: what the sweep reads. */
    readUnconfirmed(): Promise<Pick<SubscriberRead, "id" | "requestedAt">[]>;
  };

/** A nonce a signed link is made from: 128 random bits, as hex. */
export function newNonce(): string {
  return randomBytes(16).toString("hex");
}
