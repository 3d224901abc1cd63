// @vitest-environment happy-dom
import { afterEach, expect, test, vi } from "vitest";
import { ApiError, callApi } from "./api";
import { consoleText } from "./content";

/** An answer whose headers arrive and whose body is cut off when the page aborts the call. */
function answerCutOffBy(signal: AbortSignal): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"messages":['));
      signal.addEventListener("abort", () =>
        controller.error(new DOMException("The call was aborted.", "AbortError")),
      );
    },
  });
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

test("a call the page aborts while its answer is still arriving is rejected as aborted, never answered with nothing", async () => {
  const controller = new AbortController();
  vi.stubGlobal("fetch", (_input: RequestInfo | URL, init: RequestInit = {}) =>
    Promise.resolve(answerCutOffBy(init.signal as AbortSignal)),
  );
  const call = callApi<{ messages: unknown[] }>("/api/admin/enquiries/x/conversation", {
    signal: controller.signal,
  });
  await Promise.resolve();
  controller.abort();
  await expect(call).rejects.toMatchObject({ name: "AbortError" });
});

test("a successful answer that is not JSON is an error to show, not data", async () => {
  vi.stubGlobal("fetch", () => Promise.resolve(new Response("<html>proxy page</html>", { status: 200 })));
  const call = callApi("/api/admin/enquiries");
  await expect(call).rejects.toBeInstanceOf(ApiError);
  await expect(call).rejects.toMatchObject({ message: consoleText.somethingWrong });
});
