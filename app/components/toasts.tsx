/**
 * The order form's toasts, drawn by sonner. This module is loaded only when the form is
 * first used, so sonner stays out of the landing page's first load.
 *
 * Screen readers hear each notice from the form's own live regions, which are in the page
 * from the start (polite for success, assertive for warnings); the toasts here are what
 * sighted visitors see. A toast stays for TOAST_DURATION_MS of visible time: it waits while
 * the pointer is over it, while it has focus and while the page is hidden.
 */
import { useEffect } from "react";
import { createPortal } from "react-dom";
import { Toaster, toast } from "sonner";
import { PausableTimer } from "../lib/pausable-timer";
import "./toasts.css";
// sonner's own rules, from its file rather than a <style> element it writes (scripts/vite-sonner-stylesheet.ts).
import "sonner/dist/styles.css";

export type ToastKind = "success" | "warning";

export const TOAST_DURATION_MS = 8000;

type PauseReason = "hover" | "focus" | "hidden";

const pauseReasons = new Set<PauseReason>();
let current: { id: string; timer: PausableTimer } | undefined;
let count = 0;

function setPaused(reason: PauseReason, paused: boolean) {
  if (paused) pauseReasons.add(reason);
  else pauseReasons.delete(reason);
  if (!current) return;
  if (pauseReasons.size > 0) current.timer.pause();
  else current.timer.resume();
}

function forget(id: string) {
  if (current?.id !== id) return;
  current.timer.cancel();
  current = undefined;
  // The toast under the pointer or the focus is gone; the next one starts its own time.
  pauseReasons.delete("hover");
  pauseReasons.delete("focus");
}

/** Shows one notice, in place of the one before it: the form speaks with one voice. */
/** The words of the toasts' own controls, in the page's language. */
export interface ToastLabels {
  notificationsLabel: string;
  closeNotification: string;
}

export function showToast(kind: ToastKind, message: string): void {
  if (current) {
    const previous = current;
    previous.timer.cancel();
    current = undefined;
    toast.dismiss(previous.id);
  }
  count += 1;
  const id = `order-notice-${count}`;
  // Sonner's own timer is off (Infinity): ours also waits while the toast has focus.
  current = {
    id,
    timer: new PausableTimer(TOAST_DURATION_MS, () => {
      forget(id);
      toast.dismiss(id);
    }),
  };
  const show = kind === "success" ? toast.success : toast.warning;
  show(message, { id, duration: Infinity, onDismiss: () => forget(id) });
  if (pauseReasons.size === 0) current.timer.resume();
}

// The form's live regions announce every notice; sonner's region would say it twice.
function silenceSonnerLiveRegion(section: HTMLElement | null) {
  section?.setAttribute("aria-live", "off");
}

export function ToastViewport({ labels }: { labels: ToastLabels }) {
  useEffect(() => {
    const onVisibilityChange = () => setPaused("hidden", document.visibilityState === "hidden");
    onVisibilityChange();
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      document.removeEventListener("visibilitychange", onVisibilityChange);
      if (current) forget(current.id);
      pauseReasons.clear();
      toast.dismiss();
    };
  }, []);

  return createPortal(
    <div
      className="toast-viewport"
      onPointerEnter={() => setPaused("hover", true)}
      onPointerLeave={() => setPaused("hover", false)}
      onFocus={() => setPaused("focus", true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused("focus", false);
      }}
    >
      <Toaster
        ref={silenceSonnerLiveRegion}
        position="bottom-center"
        closeButton
        containerAriaLabel={labels.notificationsLabel}
        offset={24}
        mobileOffset={16}
        toastOptions={{
          closeButtonAriaLabel: labels.closeNotification,
          classNames: {
            toast: "toast",
            title: "toast__title",
            icon: "toast__icon",
            closeButton: "toast__close",
            success: "toast--success",
            warning: "toast--warning",
          },
        }}
      />
    </div>,
    document.body,
  );
}
