import { afterEach, describe, expect, it, vi } from "vitest";
import { postJson, REQUEST_TIMEOUT_MS } from "./api-client";

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/** A fetch that never answers, and rejects as the browser does when its signal aborts. */
function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
    });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("postJson", () => {
  it("posts the body as JSON to the same origin with a signal", async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(201, { id: "abc" }));
    vi.stubGlobal("fetch", fetchMock);

    await postJson("/api/enquiries", { Name: "Asha", Quantity: 2 });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/enquiries");
    expect(init?.method).toBe("POST");
    expect(new Headers(init?.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(init?.body))).toEqual({ Name: "Asha", Quantity: 2 });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
  });

  it("reports a stored record with its status and body", async () => {
    vi.stubGlobal("fetch", async () => jsonResponse(201, { id: "abc" }));
    await expect(postJson("/api/enquiries", {})).resolves.toEqual({
      kind: "ok",
      status: 201,
      body: { id: "abc" },
    });
  });

  it("treats 200 as success too (an address already subscribed)", async () => {
    vi.stubGlobal("fetch", async () => jsonResponse(200, { message: "known" }));
    await expect(postJson("/api/subscribers", {})).resolves.toMatchObject({ kind: "ok", status: 200 });
  });

  it("passes on a 400's message and the field it names", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse(400, { error: "Please enter a valid email address", field: "Email" }),
    );
    await expect(postJson("/api/enquiries", {})).resolves.toEqual({
      kind: "refused",
      status: 400,
      error: "Please enter a valid email address",
      field: "Email",
    });
  });

  it.each([413, 415])("passes on the message of a %i refusal", async (status) => {
    vi.stubGlobal("fetch", async () => jsonResponse(status, { error: "Refused for a reason" }));
    await expect(postJson("/api/enquiries", {})).resolves.toEqual({
      kind: "refused",
      status,
      error: "Refused for a reason",
    });
  });

  it("reads Retry-After on 429, in seconds or as a date", async () => {
    vi.stubGlobal("fetch", async () =>
      jsonResponse(429, { error: "Too many requests. Please wait a minute." }, { "retry-after": "42" }),
    );
    await expect(postJson("/api/enquiries", {})).resolves.toMatchObject({
      kind: "refused",
      status: 429,
      error: "Too many requests. Please wait a minute.",
      retryAfterSeconds: 42,
    });

    const inTwoMinutes = new Date(Date.now() + 120_000).toUTCString();
    vi.stubGlobal("fetch", async () =>
      jsonResponse(429, { error: "Slow down" }, { "retry-after": inTwoMinutes }),
    );
    const outcome = await postJson("/api/enquiries", {});
    expect(outcome.kind).toBe("refused");
    if (outcome.kind === "refused") {
      expect(outcome.retryAfterSeconds).toBeGreaterThan(100);
      expect(outcome.retryAfterSeconds).toBeLessThanOrEqual(120);
    }
  });

  it.each([500, 502, 503, 504])("calls a %i a failure, whatever its body says", async (status) => {
    vi.stubGlobal("fetch", async () => jsonResponse(status, { error: "Service unavailable" }));
    await expect(postJson("/api/enquiries", {})).resolves.toEqual({
      kind: "failed",
      reason: "server",
      status,
    });
  });

  it("calls an answer that is not the API's a failure (a missing route, a proxy's page)", async () => {
    vi.stubGlobal("fetch", async () => jsonResponse(404, { error: "Not found" }));
    await expect(postJson("/api/enquiries", {})).resolves.toEqual({
      kind: "failed",
      reason: "server",
      status: 404,
    });
    vi.stubGlobal("fetch", async () => new Response("<html>Too large</html>", { status: 413 }));
    await expect(postJson("/api/enquiries", {})).resolves.toEqual({
      kind: "failed",
      reason: "server",
      status: 413,
    });
  });

  it("calls a network error a failure of the network", async () => {
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("Failed to fetch");
    });
    await expect(postJson("/api/enquiries", {})).resolves.toEqual({ kind: "failed", reason: "network" });
  });

  it("gives up after the time limit and says so", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", hangingFetch());
    const outcome = postJson("/api/enquiries", {});
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    await expect(outcome).resolves.toEqual({ kind: "failed", reason: "timeout" });
  });

  it("leaves no timer running once the answer is in", async () => {
    vi.useFakeTimers();
    vi.stubGlobal("fetch", async () => jsonResponse(201, { id: "abc" }));
    await postJson("/api/enquiries", {});
    expect(vi.getTimerCount()).toBe(0);
  });

  it("uses the fetch it is given instead of the global one", async () => {
    const injected = vi.fn<typeof fetch>(async () => jsonResponse(201, { id: "x" }));
    vi.stubGlobal("fetch", async () => {
      throw new Error("the global fetch must not be called");
    });
    await expect(postJson("/api/enquiries", {}, { fetch: injected })).resolves.toMatchObject({ kind: "ok" });
    expect(injected).toHaveBeenCalledTimes(1);
  });
});
