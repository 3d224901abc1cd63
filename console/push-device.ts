/**
 * This device's push subscription, apart from the Security page's switch: signing out turns the
 * device's notifications off, on the server and in the browser, so a shared phone does not go on
 * showing another member's enquiries.
 */
import { PUSH_API_ROUTES } from "../domain/push";
import { apiPath, callApi } from "./api";

export async function stopNotificationsHere(): Promise<void> {
  if (!("serviceWorker" in navigator) || !("PushManager" in window)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (!subscription) return;
  await callApi(apiPath(PUSH_API_ROUTES.subscriptions), {
    method: "DELETE",
    body: { endpoint: subscription.endpoint },
    keepOn401: true,
  }).catch(() => undefined);
  await subscription.unsubscribe().catch(() => false);
}
