import type { PushSubscriptionInput } from "../../domain/push";
import type { PortOf } from "./step-port";

/** A member's push subscription on one device: where its push service takes notifications, and its keys. */
export interface StoredPushSubscription extends PushSubscriptionInput {
  staffId: string;
  /** The VAPID public key the browser subscribed with: another key's subscriptions cannot be sent to. */
  serverKey: string;
  createdAt: string;
}

/**
 * Push subscriptions, one per device (its endpoint); the follow-up reminders queued to them are
 * ReminderChanges. A member removed takes their subscriptions along.
 */
export interface PushStore {
  /**
   * Keeps this device's subscription for the member: a device that was another member's (the
   * console signed in as someone else on it) becomes this member's. A member keeps at most `max`
   * devices: the oldest beyond them are dropped. A member no longer stored (removed meanwhile)
   * keeps none: nothing changes.
   */
  subscribe(
    subscription: PushSubscriptionInput & { staffId: string; serverKey: string },
    options: { now: Date; max: number },
  ): Promise<void>;
  /** Removes the member's subscription at `endpoint`; false when they had none there. */
  unsubscribe(staffId: string, endpoint: string): Promise<boolean>;
  /** Removes a subscription whatever its member: its push service said it is gone (404, 410). */
  forget(endpoint: string): Promise<void>;
  /** The member's devices, oldest first. */
  devicesOf(staffId: string): Promise<StoredPushSubscription[]>;
}

/**
 * The follow-up reminders queued to members' devices, written once above the stores
 * (server/work/): server/lifecycle/reminders.ts decides, the adapters read and write.
 */
export interface ReminderChanges {
  /**
   * Queues the reminders of follow-ups due at `now` to their owners, each once whatever the
   * instances and restarts (its outbox id is made from the enquiry and the follow-up time), and
   * clears each record's pending reminder in the same step. Reads at most `limit` records; answers
   * how many were looked at and how many pushes were queued.
   */
  queueDueReminders(options: { now: Date; limit: number }): Promise<{ seen: number; queued: number }>;
}

/**
 * The steps a device's subscription asks of a store (server/work/push-changes.ts), each answered
 * in the change's one transaction; reads first.
 */
export type PushSteps = {
  /** Whether the member is stored. */
  readMember: { args: { staffId: string }; result: boolean };
  /**
   * The member's devices, oldest first (the store breaks a tie in time by its own order). A store
   * may refuse the change (WriteConflictError) when another change of the member's devices was
   * written after this read: the change is then read and run again.
   */
  readDevices: { args: { staffId: string }; result: { endpoint: string }[] };
  /** Whose the subscription at `endpoint` is; null when there is none. */
  readDeviceOwner: { args: { endpoint: string }; result: string | null };
  /** Stores the subscription at its endpoint, over one there was. */
  writeDevice: { args: StoredPushSubscription; result: void };
  /** Removes the subscriptions at these endpoints. */
  removeDevices: { args: { endpoints: string[] }; result: void };
};

/** What a store keeps of the push subscriptions beside the changes written above it. */
export type PushAdapter = PortOf<PushSteps> & Omit<PushStore, "subscribe" | "unsubscribe">;
