import type { PushAdapter, PushStore, PushSteps } from "../store/push";
import { stepsOf, type ChangeOf } from "../store/step-port";
import { WriteConflictError } from "../store/work-port";

const step = stepsOf<PushSteps>();

/** How many times a member's subscribe is run while others of theirs at once are written first. */
const SUBSCRIBE_RUNS = 16;

/**
 * A member's devices, written once above the stores: subscribing keeps the device's subscription
 * for the member (a device that was another member's becomes this one's) and drops the member's
 * oldest beyond the most kept, for a member still stored (one removed keeps no device); a member
 * unsubscribes only a device of their own. A subscribe refused because another change of the
 * member's devices was written first (WriteConflictError) is read and run again, up to
 * SUBSCRIBE_RUNS times: each refusal is another subscribe that went through.
 */
export function pushStore(adapter: PushAdapter): PushStore {
  return {
    subscribe: async (subscription, options) => {
      for (let run = 1; ; run += 1) {
        try {
          return await adapter.run(() => subscribe(subscription, options));
        } catch (error) {
          if (!(error instanceof WriteConflictError) || run >= SUBSCRIBE_RUNS) throw error;
        }
      }
    },
    unsubscribe: (staffId, endpoint) => adapter.run(() => unsubscribe(staffId, endpoint)),
    forget: (endpoint) => adapter.forget(endpoint),
    devicesOf: (staffId) => adapter.devicesOf(staffId),
  };
}

function* subscribe(
  subscription: Parameters<PushStore["subscribe"]>[0],
  options: Parameters<PushStore["subscribe"]>[1],
): ChangeOf<PushSteps, void> {
  if (!(yield* step("readMember", { staffId: subscription.staffId }))) return;
  const others = (yield* step("readDevices", { staffId: subscription.staffId })).filter(
    (device) => device.endpoint !== subscription.endpoint,
  );
  // This device is the newest: the others keep the most but one.
  const dropped = others.slice(0, Math.max(0, others.length - (options.max - 1)));
  if (dropped.length > 0)
    yield* step("removeDevices", { endpoints: dropped.map((device) => device.endpoint) });
  yield* step("writeDevice", { ...subscription, createdAt: options.now.toISOString() });
}

function* unsubscribe(staffId: string, endpoint: string): ChangeOf<PushSteps, boolean> {
  if ((yield* step("readDeviceOwner", { endpoint })) !== staffId) return false;
  yield* step("removeDevices", { endpoints: [endpoint] });
  return true;
}
