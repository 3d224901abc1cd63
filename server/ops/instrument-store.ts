import { StaffExistsError } from "../store/staff";
import { IdempotencyKeyReusedError } from "../store/idempotency";
import { PaymentClickReusedError } from "../store/documents";
import { StoreUnavailableError, type Store } from "../store/store";

/** How a store call failed: the store could not be reached, or it answered with an error. */
export type StoreErrorKind = "unavailable" | "failed";

/** Refusals the store gives by design (a rule the data enforces), not errors of the store. */
function isRefusal(error: unknown): boolean {
  return (
    error instanceof IdempotencyKeyReusedError ||
    error instanceof StaffExistsError ||
    error instanceof PaymentClickReusedError
  );
}

function kindOf(error: unknown): StoreErrorKind {
  return error instanceof StoreUnavailableError ? "unavailable" : "failed";
}

/**
 * The store, with every failed call reported to `onError` by its concern (`enquiries`,
 * `webhooks`, `ping`…) and with the error itself (the store's writability is judged from it),
 * whoever made it: routes, the outbox, the sweeps. The adapters are not touched: each concern is
 * wrapped where the app opens the store, and calls still run with the concern itself as `this`.
 */
export function instrumentStore<T extends Store>(
  store: T,
  onError: (concern: string, kind: StoreErrorKind, error: unknown) => void,
): T {
  const report = (concern: string, error: unknown) => {
    if (!isRefusal(error)) onError(concern, kindOf(error), error);
  };
  const wrapCall =
    (concern: string, target: object, method: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      let result: unknown;
      try {
        result = method.apply(target, args);
      } catch (error) {
        report(concern, error);
        throw error;
      }
      if (result instanceof Promise) {
        return result.catch((error: unknown) => {
          report(concern, error);
          throw error;
        });
      }
      return result;
    };
  const concerns = new WeakMap<object, object>();
  const wrapConcern = (name: string, concern: object) =>
    new Proxy(concern, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property);
        return typeof value === "function"
          ? wrapCall(name, target, value as (...args: unknown[]) => unknown)
          : value;
      },
    });
  return new Proxy(store, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof property !== "string") return value;
      if (typeof value === "function") {
        return property === "close"
          ? value.bind(target)
          : wrapCall(property, target, value as (...args: unknown[]) => unknown);
      }
      if (value === null || typeof value !== "object") return value;
      let wrapped = concerns.get(value);
      if (!wrapped) {
        wrapped = wrapConcern(property, value);
        concerns.set(value, wrapped);
      }
      return wrapped;
    },
  });
}
