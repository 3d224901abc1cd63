import { useEffect, useId, useState } from "react";
import { PUSH_API_ROUTES, pushMessages } from "../../domain/push";
import { apiPath, callApi, errorMessage } from "../api";
import { pushText } from "../content";
import { consoleWorker } from "../service-worker-registration";
import { useFlash } from "../session";

/** Where this device stands: being checked, unable, not set up on the server, blocked, or off / on. */
type DeviceState =
  | { kind: "checking" }
  | { kind: "unsupported" }
  | { kind: "not-set-up" }
  | { kind: "ready"; on: boolean; publicKey: string; registration: ServiceWorkerRegistration };

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const mine = keyBytes(publicKey);
  const theirs = new Uint8Array(key);
  return theirs.length === mine.length && theirs.every((byte, index) => byte === mine[index]);
}

/** Tells the server this device's subscription is the signed-in member's (again: it may have forgotten it). */
async function keep(subscription: PushSubscription): Promise<void> {
  await callApi(apiPath(PUSH_API_ROUTES.subscriptions), { method: "POST", body: subscription.toJSON() });
}

/**
 * Notifications on this device, on the Security page: a switch that asks the browser's permission,
 * subscribes with the server's VAPID key and gives the server the subscription (or, off, ends it
 * on both sides). A device subscribed with another key than the server's now is subscribed again.
 */
export function PhoneNotifications() {
  const flash = useFlash();
  const labelId = useId();
  const [state, setState] = useState<DeviceState>({ kind: "checking" });
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    (async () => {
      if (!("PushManager" in window) || !("Notification" in window)) return { kind: "unsupported" } as const;
      const registration = await consoleWorker();
      if (!registration) return { kind: "unsupported" } as const;
      const { publicKey } = await callApi<{ publicKey: string | null }>(apiPath(PUSH_API_ROUTES.settings));
      if (!publicKey) return { kind: "not-set-up" } as const;
      await navigator.serviceWorker.ready;
      let subscription = await registration.pushManager.getSubscription();
      if (subscription && !sameKey(subscription, publicKey)) {
        await subscription.unsubscribe().catch(() => false);
        subscription = null;
      }
      const on = subscription !== null && Notification.permission === "granted";
      if (on && subscription) await keep(subscription);
      return { kind: "ready", on, publicKey, registration } as const;
    })().then(
      (next) => current && setState(next),
      (caught: unknown) => {
        if (!current) return;
        setState({ kind: "unsupported" });
        setError(errorMessage(caught));
      },
    );
    return () => {
      current = false;
    };
  }, []);

  const turnOn = async (ready: Extract<DeviceState, { kind: "ready" }>) => {
    const permission = await Notification.requestPermission();
    if (permission !== "granted") {
      setError(pushMessages.blocked);
      return;
    }
    let subscription: PushSubscription;
    try {
      subscription = await ready.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(ready.publicKey),
      });
    } catch {
      setError(pushMessages.subscribeFailed);
      return;
    }
    try {
      await keep(subscription);
    } catch (caught) {
      // The server could not keep it: the device must not believe it is on.
      await subscription.unsubscribe().catch(() => false);
      throw caught;
    }
    setState({ ...ready, on: true });
    flash(pushMessages.turnedOn);
  };

  const turnOff = async (ready: Extract<DeviceState, { kind: "ready" }>) => {
    const subscription = await ready.registration.pushManager.getSubscription();
    if (subscription) {
      await callApi(apiPath(PUSH_API_ROUTES.subscriptions), {
        method: "DELETE",
        body: { endpoint: subscription.endpoint },
      });
      await subscription.unsubscribe().catch(() => false);
    }
    setState({ ...ready, on: false });
    flash(pushMessages.turnedOff);
  };

  const toggle = async () => {
    if (state.kind !== "ready" || busy) return;
    setBusy(true);
    setError("");
    try {
      await (state.on ? turnOff(state) : turnOn(state));
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card narrow push-settings" aria-labelledby={`${labelId}-heading`}>
      <h2 id={`${labelId}-heading`}>{pushText.heading}</h2>
      <p>{pushText.intro}</p>
      {state.kind === "checking" && <p className="loading">{pushText.checking}</p>}
      {state.kind === "unsupported" && <p className="notice">{pushMessages.unsupported}</p>}
      {state.kind === "not-set-up" && <p className="notice">{pushMessages.notSetUp}</p>}
      {state.kind === "ready" && (
        <div className="switch-row">
          <span id={labelId}>{pushText.toggle}</span>
          {/* The state is the switch's own (aria-checked); the word beside it is for the eye. */}
          <span className="switch-state" aria-hidden="true">
            {state.on ? pushText.on : pushText.off}
          </span>
          <button
            type="button"
            role="switch"
            aria-checked={state.on}
            aria-labelledby={labelId}
            className={`switch${state.on ? " on" : ""}`}
            disabled={busy}
            onClick={() => void toggle()}
          />
        </div>
      )}
      {error && (
        <p className="notice error" role="alert">
          {error}
        </p>
      )}
      <p className="hint">{pushText.install}</p>
    </section>
  );
}
