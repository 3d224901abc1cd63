// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor } from "@testing-library/react";
import { renderInEnglish as render } from "../test-support/render-in-english";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { subscriberMessages } from "../../domain/subscriber";
import { newsletterForm } from "../content/forms";
import { footer } from "../content/site.en";
import { NewsletterForm } from "./newsletter-form";

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

function stubFetch(answer: () => Promise<Response>) {
  const fetchMock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const emailInput = () => screen.getByLabelText(newsletterForm.label) as HTMLInputElement;
const subscribe = () =>
  screen.getByRole("button", { name: new RegExp(`${footer.newsletter.button}|${newsletterForm.sending}`) });
const status = () => screen.getByRole("status");

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("NewsletterForm", () => {
  it("refuses an invalid address beside the field and sends nothing", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { message: "ok" }));
    render(<NewsletterForm />);
    await user.type(emailInput(), "asha@example");
    await user.click(subscribe());

    await waitFor(() => expect(status().textContent).toBe(subscriberMessages.invalid));
    expect(emailInput().getAttribute("aria-invalid")).toBe("true");
    const describedBy = emailInput().getAttribute("aria-describedby");
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(subscriberMessages.invalid);
    expect(document.activeElement).toBe(emailInput());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses an empty address too", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { message: "ok" }));
    render(<NewsletterForm />);
    await user.click(subscribe());
    await waitFor(() => expect(status().textContent).toBe(subscriberMessages.invalid));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the address, says politely that a confirmation mail is on its way and clears the field", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(202, { message: "Accepted" }));
    render(<NewsletterForm />);
    expect(status().getAttribute("aria-live")).toBe("polite");
    await user.type(emailInput(), "  Asha@Example.IN ");
    await user.click(subscribe());

    await waitFor(() => expect(status().textContent).toBe(subscriberMessages.confirmationSent));
    expect(emailInput().value).toBe("");
    expect(emailInput().getAttribute("aria-invalid")).toBeNull();
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/subscribers");
    expect(JSON.parse(String(init?.body))).toEqual({ email: "asha@example.in", lang: "en" });
  });

  it("shows the server's refusal of the address as the field's error", async () => {
    stubFetch(async () => jsonResponse(400, { error: "Please enter a valid email address" }));
    render(<NewsletterForm />);
    await user.type(emailInput(), "asha@example.in");
    await user.click(subscribe());
    await waitFor(() => expect(status().textContent).toBe("Please enter a valid email address"));
    expect(emailInput().getAttribute("aria-invalid")).toBe("true");
    expect(emailInput().value).toBe("asha@example.in");
  });

  it("passes on other refusals (429) without blaming the address", async () => {
    stubFetch(async () => jsonResponse(429, { error: "Too many requests. Please try again in a minute." }));
    render(<NewsletterForm />);
    await user.type(emailInput(), "asha@example.in");
    await user.click(subscribe());
    await waitFor(() =>
      expect(status().textContent).toBe("Too many requests. Please try again in a minute."),
    );
    expect(emailInput().getAttribute("aria-invalid")).toBeNull();
  });

  it.each([
    ["the server fails", async () => jsonResponse(503, { error: "Service unavailable" })],
    [
      "the network is down",
      async (): Promise<Response> => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("says it could not subscribe, and keeps the address, when %s", async (_situation, answer) => {
    stubFetch(answer);
    render(<NewsletterForm />);
    await user.type(emailInput(), "asha@example.in");
    await user.click(subscribe());
    await waitFor(() => expect(status().textContent).toBe(subscriberMessages.failed));
    expect(emailInput().value).toBe("asha@example.in");
  });

  it("cannot send twice while the first is on its way", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<NewsletterForm />);
    await user.type(emailInput(), "asha@example.in");
    await user.click(subscribe());
    await waitFor(() => expect(subscribe().textContent).toBe(newsletterForm.sending));
    expect(subscribe().getAttribute("aria-disabled")).toBe("true");

    await user.click(subscribe());
    await user.type(emailInput(), "{Enter}");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => answer(jsonResponse(202, { message: "Accepted" })));
    await waitFor(() => expect(status().textContent).toBe(subscriberMessages.confirmationSent));
    expect(subscribe().textContent).toBe(footer.newsletter.button);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
