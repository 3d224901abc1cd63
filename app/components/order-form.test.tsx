// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from "@testing-library/react";
import { renderInEnglish as render } from "../test-support/render-in-english";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import { API_PATHS, HONEYPOT_FIELD, IDEMPOTENCY_KEY_HEADER } from "../../domain/contract";
import { SOURCE_STORAGE_KEY } from "../../domain/enquiry-source";
import { BUYER_TYPE_PLACEHOLDER, enquiryMessages } from "../../domain/enquiry";
import { orderForm } from "../content/forms";
import { orderFormText } from "../content/order-form";
import { OrderForm } from "./order-form";

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });
}

/**
 * Answers the form's enquiries with `answer`, counted in the mock returned; the proof-of-work
 * challenge the form asks for once it is used is answered 503, so enquiries go without a proof.
 */
function stubFetch(
  answer: () => Promise<Response>,
  challenge: () => Promise<Response> = async () => jsonResponse(503, { error: "Service unavailable" }),
): FetchMock {
  const fetchMock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
    String(input) === API_PATHS.enquiryChallenge ? challenge() : fetchMock(input, init),
  );
  return fetchMock;
}

const field = {
  name: () => screen.getByLabelText(orderForm.labels.Name) as HTMLInputElement,
  email: () => screen.getByLabelText(orderForm.labels.Email) as HTMLInputElement,
  mobile: () => screen.getByLabelText(orderForm.labels.Mobile) as HTMLInputElement,
  quantity: () => screen.getByLabelText(orderForm.labels.Quantity) as HTMLInputElement,
  buyerType: () => screen.getByLabelText(orderForm.labels.RetailerSelfUse) as HTMLSelectElement,
};

const placeOrder = () =>
  screen.getByRole("button", { name: new RegExp(`${orderForm.submit}|${orderForm.sending}`) });

/** The form's assertive region (warnings) and polite region (success). */
const warningRegion = () => screen.getByRole("alert");
const successRegion = () => screen.getByRole("status");

async function fillValidEnquiry(user: UserEvent) {
  await user.type(field.name(), "Asha Verma");
  await user.type(field.email(), "asha@example.in");
  await user.type(field.mobile(), "9876543210");
  await user.type(field.quantity(), "12");
  await user.selectOptions(field.buyerType(), "Retailer");
}

/** The message shown beside a field, found as a screen reader finds it. */
function describedMessage(element: HTMLElement): string | undefined {
  const id = element.getAttribute("aria-describedby");
  if (!id) return undefined;
  return document.getElementById(id)?.textContent ?? undefined;
}

async function expectFieldError(element: HTMLElement, message: string) {
  await waitFor(() => expect(warningRegion().textContent).toBe(message));
  expect(element.getAttribute("aria-invalid")).toBe("true");
  expect(describedMessage(element)).toBe(message);
  await waitFor(() => expect(document.activeElement).toBe(element));
}

let user: UserEvent;
beforeEach(() => {
  user = userEvent.setup();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("OrderForm markup", () => {
  it("labels every field and offers the placeholder, then Retailer and Self Use", () => {
    render(<OrderForm text={orderFormText} />);
    for (const input of [field.name(), field.email(), field.mobile(), field.quantity()]) {
      expect(input.required).toBe(true);
    }
    expect(field.email().type).toBe("email");
    expect(field.email().autocomplete).toBe("email");
    expect(field.name().autocomplete).toBe("name");
    expect(field.mobile().type).toBe("tel");
    expect(field.mobile().maxLength).toBe(-1);
    expect(field.mobile().getAttribute("pattern")).toBeNull();
    expect(field.quantity().type).toBe("number");
    expect(field.quantity().min).toBe("1");

    const options = within(field.buyerType()).getAllByRole("option") as HTMLOptionElement[];
    expect(options.map((option) => option.textContent)).toEqual([
      BUYER_TYPE_PLACEHOLDER,
      "Retailer",
      "Self Use",
    ]);
    expect(field.buyerType().value).toBe("");
    expect(options[0]!.selected).toBe(true);
  });

  it("turns off the browser's own pop-ups and posts without JavaScript, never a GET", () => {
    const { container } = render(<OrderForm text={orderFormText} />);
    const form = container.querySelector("form")!;
    expect(form.noValidate).toBe(true);
    expect(form.getAttribute("method")).toBe("post");
    expect(form.getAttribute("action")).toBe("/api/enquiries");
  });

  it("keeps the product name in a hidden field", () => {
    const { container } = render(<OrderForm text={orderFormText} />);
    const productName = container.querySelector<HTMLInputElement>('input[name="productName"]')!;
    expect(productName.type).toBe("hidden");
    expect(productName.value).not.toBe("");
  });

  it("hides the honeypot from people: out of the tab order and out of the accessibility tree", () => {
    const { container } = render(<OrderForm text={orderFormText} />);
    const trap = container.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`)!;
    expect(trap.tabIndex).toBe(-1);
    expect(trap.autocomplete).toBe("off");
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole("textbox", { name: orderForm.honeypotLabel })).toBeNull();
  });

  it("has its live regions in the page before any message", () => {
    render(<OrderForm text={orderFormText} />);
    expect(warningRegion().getAttribute("aria-live")).toBe("assertive");
    expect(successRegion().getAttribute("aria-live")).toBe("polite");
    expect(warningRegion().textContent).toBe("");
  });
});

describe("OrderForm checks", () => {
  it("stops at the first failing check, in the specification's order, and sends nothing", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { id: "x" }));
    render(<OrderForm text={orderFormText} />);

    await user.click(placeOrder());
    await expectFieldError(field.name(), enquiryMessages.missing);

    await user.type(field.name(), "Asha Verma");
    await user.click(placeOrder());
    await expectFieldError(field.email(), enquiryMessages.missing);

    await user.type(field.email(), "asha@example");
    await user.type(field.mobile(), "98765 4321");
    await user.type(field.quantity(), "2");
    await user.selectOptions(field.buyerType(), "Self Use");
    await user.click(placeOrder());
    await expectFieldError(field.email(), enquiryMessages.email);
    expect(field.name().getAttribute("aria-invalid")).toBeNull();

    await user.type(field.email(), ".in");
    await user.click(placeOrder());
    await expectFieldError(field.mobile(), enquiryMessages.mobileDigits);

    await user.clear(field.mobile());
    await user.type(field.mobile(), "98765");
    await user.click(placeOrder());
    await expectFieldError(field.mobile(), enquiryMessages.mobileLength);

    await user.clear(field.mobile());
    await user.type(field.mobile(), "98765432101");
    await user.click(placeOrder());
    await expectFieldError(field.mobile(), enquiryMessages.mobileLength);

    await user.clear(field.mobile());
    await user.type(field.mobile(), "9876543210");
    await user.clear(field.quantity());
    await user.type(field.quantity(), "0");
    await user.click(placeOrder());
    await expectFieldError(field.quantity(), enquiryMessages.quantity);

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks for the choice of Retailer or Self Use when the placeholder is left", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { id: "x" }));
    render(<OrderForm text={orderFormText} />);
    await user.type(field.name(), "Asha Verma");
    await user.type(field.email(), "asha@example.in");
    await user.type(field.mobile(), "9876543210");
    await user.type(field.quantity(), "3");
    await user.click(placeOrder());
    await expectFieldError(field.buyerType(), enquiryMessages.missing);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("takes the message away from a field once it is edited", async () => {
    render(<OrderForm text={orderFormText} />);
    await user.click(placeOrder());
    await expectFieldError(field.name(), enquiryMessages.missing);
    await user.type(field.name(), "A");
    expect(field.name().getAttribute("aria-invalid")).toBeNull();
    expect(field.name().getAttribute("aria-describedby")).toBeNull();
  });

  it("shows the warning as a toast as well", async () => {
    render(<OrderForm text={orderFormText} />);
    await user.click(placeOrder());
    const toaster = await waitFor(() => {
      const found = document.querySelector<HTMLElement>("[data-sonner-toaster]");
      if (!found) throw new Error("no toaster yet");
      return found;
    });
    await waitFor(() => expect(within(toaster).getByText(enquiryMessages.missing)).toBeTruthy());
    // Screen readers hear it once, from the form's own region, not again from sonner's.
    expect(toaster.closest("section")?.getAttribute("aria-live")).toBe("off");
  });
});

/** The Idempotency-Key each call to fetch carried. */
function keysSent(fetchMock: FetchMock): (string | null)[] {
  return fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER));
}

describe("OrderForm retries", () => {
  it("sends a retry after a network error with the same idempotency key, and a new enquiry with a new one", async () => {
    let call = 0;
    const fetchMock = stubFetch(async () => {
      call += 1;
      if (call === 1) throw new TypeError("Failed to fetch");
      return jsonResponse(201, { id: "x" });
    });
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);
    await user.click(placeOrder());
    await waitFor(() => expect(warningRegion().textContent).toBe(enquiryMessages.notStored));

    await user.click(placeOrder());
    await waitFor(() => expect(successRegion().textContent).toBe(`${enquiryMessages.stored}: 12 sachets`));

    // The same enquiry typed again after it was stored is a new enquiry.
    await waitFor(() => expect(field.name().value).toBe(""));
    // user-event remembers what it typed across the form's reset: start each field afresh.
    for (const input of [field.name(), field.email(), field.mobile(), field.quantity()])
      await user.clear(input);
    await fillValidEnquiry(user);
    await user.click(placeOrder());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    const [first, retry, next] = keysSent(fetchMock);
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it("makes a new key when the form was changed before the retry", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(503, { error: "Service unavailable" }));
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);
    await user.click(placeOrder());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(placeOrder().textContent).toBe(orderForm.submit));

    await user.click(placeOrder());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(placeOrder().textContent).toBe(orderForm.submit));
    await user.type(field.quantity(), "0");
    await user.click(placeOrder());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));

    const [first, retry, changed] = keysSent(fetchMock);
    expect(retry).toBe(first);
    expect(changed).not.toBe(first);
  });
});

describe("OrderForm sending", () => {
  it("sends the five fields as typed, with the empty honeypot, the page's language, the WhatsApp box unticked and the landing page, without the product name", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { id: "x" }));
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);
    await user.click(placeOrder());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe("/api/enquiries");
    expect(JSON.parse(String(init?.body))).toEqual({
      Name: "Asha Verma",
      Email: "asha@example.in",
      Mobile: "9876543210",
      Quantity: 12,
      RetailerSelfUse: "Retailer",
      website: "",
      lang: "en",
      whatsappConsent: false,
      // No source kept yet (the page keeps it once the visitor is there): the form keeps this page's.
      source: { landingPath: "/" },
    });
    sessionStorage.clear();
  });

  it("offers the WhatsApp box unticked and labelled, sends the consent only once ticked, and clears it with the form", async () => {
    const fetchMock = stubFetch(async () => jsonResponse(201, { id: "x" }));
    render(<OrderForm text={orderFormText} />);
    const box = screen.getByRole("checkbox", { name: orderFormText.whatsappConsent }) as HTMLInputElement;
    expect(orderFormText.whatsappConsent).toBe("You may message me on WhatsApp about this enquiry");
    expect(box.checked).toBe(false);
    expect(box.name).toBe("whatsappConsent");
    // Reached by the keyboard straight after "Buying as", and ticked with the space bar.
    await fillValidEnquiry(user);
    await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard(" ");
    expect(box.checked).toBe(true);
    await user.click(placeOrder());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ whatsappConsent: true });
    await waitFor(() => expect(successRegion().textContent).toContain(enquiryMessages.stored));
    expect(box.checked).toBe(false);
  });

  it("sends the visit's source and the proof of work it solved once the form was first used", async () => {
    const hmacKey = "test-key";
    const challenge = await createChallenge({ hmacKey, maxNumber: 2_000 });
    const fetchMock = stubFetch(
      async () => jsonResponse(201, { id: "x" }),
      async () => jsonResponse(200, challenge),
    );
    sessionStorage.setItem(SOURCE_STORAGE_KEY, JSON.stringify({ utmSource: "instagram", landingPath: "/" }));
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);
    await user.click(placeOrder());

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const sent = JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)) as Record<string, unknown>;
    expect(sent.source).toEqual({ utmSource: "instagram", landingPath: "/" });
    expect(await verifySolution(String(sent.altcha), hmacKey)).toBe(true);
    sessionStorage.clear();
  });

  it("says 'Order Received Successfully' and the sachets asked for once stored, politely, and clears the form", async () => {
    stubFetch(async () => jsonResponse(201, { id: "x" }));
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);
    await user.click(placeOrder());

    await waitFor(() => expect(successRegion().textContent).toBe(`${enquiryMessages.stored}: 12 sachets`));
    expect(warningRegion().textContent).toBe("");
    expect(field.name().value).toBe("");
    expect(field.email().value).toBe("");
    expect(field.mobile().value).toBe("");
    expect(field.quantity().value).toBe("");
    expect(field.buyerType().value).toBe("");
  });

  it.each([
    ["the server fails", async () => jsonResponse(503, { error: "Service unavailable" })],
    [
      "the network is down",
      async (): Promise<Response> => {
        throw new TypeError("Failed to fetch");
      },
    ],
  ])("says 'Error adding document' and keeps what was typed when %s", async (_situation, answer) => {
    stubFetch(answer);
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);
    await user.click(placeOrder());

    await waitFor(() => expect(warningRegion().textContent).toBe(enquiryMessages.notStored));
    expect(field.name().value).toBe("Asha Verma");
    expect(field.email().value).toBe("asha@example.in");
    expect(field.mobile().value).toBe("9876543210");
    expect(field.quantity().value).toBe("12");
    expect(field.buyerType().value).toBe("Retailer");
    expect(placeOrder().textContent).toBe(orderForm.submit);
    expect(placeOrder().getAttribute("aria-disabled")).toBeNull();
  });

  it("shows a 400's message beside the field the server names", async () => {
    stubFetch(async () =>
      jsonResponse(400, { error: "Please enter 10 digit Mobile number.", field: "Mobile" }),
    );
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);
    await user.click(placeOrder());
    await expectFieldError(field.mobile(), "Please enter 10 digit Mobile number.");
    expect(field.name().value).toBe("Asha Verma");
  });

  it("passes on the server's refusal (429) as a warning without marking a field", async () => {
    stubFetch(async () =>
      jsonResponse(
        429,
        { error: "Too many enquiries. Please try again in a minute." },
        { "retry-after": "60" },
      ),
    );
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);
    await user.click(placeOrder());
    await waitFor(() =>
      expect(warningRegion().textContent).toBe("Too many enquiries. Please try again in a minute."),
    );
    expect(document.querySelector('[aria-invalid="true"]')).toBeNull();
    expect(field.email().value).toBe("asha@example.in");
  });

  it("cannot send the enquiry twice while it is on its way", async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetchMock = stubFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<OrderForm text={orderFormText} />);
    await fillValidEnquiry(user);

    await user.click(placeOrder());
    await waitFor(() => expect(placeOrder().textContent).toBe(orderForm.sending));
    expect(placeOrder().getAttribute("aria-disabled")).toBe("true");

    await user.click(placeOrder());
    await user.type(field.name(), "{Enter}");
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => answer(jsonResponse(201, { id: "x" })));
    await waitFor(() => expect(successRegion().textContent).toBe(`${enquiryMessages.stored}: 12 sachets`));
    expect(placeOrder().textContent).toBe(orderForm.submit);
    expect(placeOrder().getAttribute("aria-disabled")).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("announces the same warning again when it happens again", async () => {
    render(<OrderForm text={orderFormText} />);
    await user.click(placeOrder());
    await waitFor(() => expect(warningRegion().textContent).toBe(enquiryMessages.missing));
    const first = warningRegion().firstElementChild;
    await user.click(placeOrder());
    await waitFor(() => expect(warningRegion().firstElementChild).not.toBe(first));
    expect(warningRegion().textContent).toBe(enquiryMessages.missing);
  });
});
