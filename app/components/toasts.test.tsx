// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from "@testing-library/react";
import { renderInEnglish as render } from "../test-support/render-in-english";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { showToast, TOAST_DURATION_MS, ToastViewport } from "./toasts";
import { orderForm } from "../content/forms";

const MESSAGE = "Please fill the data";

/** The toast that shows `text` and is not on its way out. */
function liveToast(text: string): HTMLElement | null {
  const toasts = [...document.querySelectorAll<HTMLElement>('[data-sonner-toast][data-removed="false"]')];
  return toasts.find((toast) => toast.textContent?.includes(text)) ?? null;
}

async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

async function showAndWait(text: string, kind: "success" | "warning" = "warning") {
  act(() => showToast(kind, text));
  await advance(20);
  const toast = liveToast(text);
  if (!toast) throw new Error(`the toast "${text}" did not appear`);
  return toast;
}

beforeEach(() => {
  vi.useFakeTimers();
  render(<ToastViewport labels={orderForm} />);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe("toasts", () => {
  it("shows a warning and takes it away after its time", async () => {
    const toast = await showAndWait(MESSAGE);
    expect(toast.dataset.type).toBe("warning");
    await advance(TOAST_DURATION_MS - 100);
    expect(liveToast(MESSAGE)).not.toBeNull();
    await advance(200);
    expect(liveToast(MESSAGE)).toBeNull();
  });

  it("waits while the pointer is over it", async () => {
    const toast = await showAndWait(MESSAGE);
    fireEvent.pointerEnter(toast);
    await advance(TOAST_DURATION_MS * 3);
    expect(liveToast(MESSAGE)).not.toBeNull();

    fireEvent.pointerLeave(toast);
    await advance(TOAST_DURATION_MS + 100);
    expect(liveToast(MESSAGE)).toBeNull();
  });

  it("waits while it has focus", async () => {
    const toast = await showAndWait(MESSAGE);
    act(() => toast.focus());
    expect(document.activeElement).toBe(toast);
    await advance(TOAST_DURATION_MS * 3);
    expect(liveToast(MESSAGE)).not.toBeNull();

    act(() => toast.blur());
    await advance(TOAST_DURATION_MS + 100);
    expect(liveToast(MESSAGE)).toBeNull();
  });

  it("shows one notice at a time: a new one takes the place of the old", async () => {
    await showAndWait(MESSAGE);
    const success = await showAndWait("Order Received Successfully", "success");
    expect(success.dataset.type).toBe("success");
    await advance(1000);
    expect(liveToast(MESSAGE)).toBeNull();
    expect(liveToast("Order Received Successfully")).not.toBeNull();
  });

  it("can be closed by its button", async () => {
    await showAndWait(MESSAGE);
    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    await advance(1000);
    expect(liveToast(MESSAGE)).toBeNull();
  });

  it("keeps sonner's region quiet: the form's own live regions speak", async () => {
    await showAndWait(MESSAGE);
    const region = screen.getByRole("region", { name: /Order notifications/ });
    expect(region.getAttribute("aria-live")).toBe("off");
  });
});
