// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { type FormEvent, useState } from "react";
import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import {
  ADMIN_API_ROUTES,
  CONSOLE_PAGE_PATHS,
  consoleMessages,
  type EnquiryDetail,
  type StaffMember,
} from "../domain/console";
import type { Enquiry } from "../domain/enquiry";
import {
  addStaff,
  consoleRequest,
  signIn,
  TEST_HOST,
  TEST_ORIGIN,
  TEST_PASSWORD,
} from "../tests/support/console-app";
import { buildTestApp, type TestApp } from "../tests/support/test-app";
import { totpCodeFor } from "../tests/support/totp";
import type * as Api from "./api";
import type * as Dialog from "./components/SessionDialog";
import { sessionDialogText } from "./content";

/**
 * The console's calls go to the real server (`app.inject()`), through a stand-in for the browser's
 * network layer: it keeps the cookies the server sets and sends the console's host and origin, as
 * a browser on the console's page would.
 */
interface Sent {
  method: string;
  path: string;
  status: number;
}

const buyer: Enquiry = {
  Name: "Kavya Rao",
  Email: "kavya@example.in",
  Mobile: "9876501234",
  Quantity: 12,
  RetailerSelfUse: "Retailer",
};

let testApp: TestApp;
let api: typeof Api;
let SessionDialog: typeof Dialog.SessionDialog;
let sent: Sent[];
const jar = new Map<string, string>();
/** Answers to these paths reach the page only once the test lets them (a slow network). */
const held = new Map<string, Promise<void>>();

function browserFetch(app: TestApp["app"]) {
  return async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const path = String(input);
    const method = (init.method ?? "GET") as "GET";
    if (init.signal?.aborted) throw new DOMException("The call was aborted.", "AbortError");
    const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    const answer = await app.inject({
      method,
      url: path,
      headers: {
        host: TEST_HOST,
        origin: TEST_ORIGIN,
        ...(init.headers as Record<string, string> | undefined),
        ...(cookie ? { cookie } : {}),
      },
      ...(typeof init.body === "string" ? { payload: init.body } : {}),
    });
    const setCookies = answer.headers["set-cookie"];
    for (const line of Array.isArray(setCookies) ? setCookies : setCookies ? [String(setCookies)] : []) {
      const [pair = ""] = line.split(";");
      const [name = "", ...value] = pair.split("=");
      if (/max-age=0/i.test(line)) jar.delete(name);
      else jar.set(name, value.join("="));
    }
    sent.push({ method, path, status: answer.statusCode });
    await held.get(path);
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: { "content-type": String(answer.headers["content-type"] ?? "application/json") },
    });
  };
}

/** A page with one field, as the enquiry page's note: what was typed, and what the server answered. */
function NotePad({ enquiryId }: { enquiryId: string }) {
  const [error, setError] = useState("");
  const [saved, setSaved] = useState("");
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const text = String(new FormData(form).get("text") ?? "");
    setError("");
    try {
      const detail = await api.callApi<EnquiryDetail>(
        api.apiPath(ADMIN_API_ROUTES.enquiryNotes, { id: enquiryId }),
        { method: "POST", body: { text } },
      );
      setSaved(detail.history.at(-1)?.text ?? "");
      form.reset();
    } catch (caught) {
      setError(api.errorMessage(caught));
    }
  };
  return (
    <form onSubmit={submit}>
      <label>
        Note
        <textarea name="text" />
      </label>
      <button type="submit">Add note</button>
      {error && <p role="alert">{error}</p>}
      {saved && <p>Saved: {saved}</p>}
    </form>
  );
}

/** Signs `email` in as the console's sign-in page does, and tells the console who is signed in. */
async function signInPage(email: string): Promise<StaffMember> {
  const { staff } = await api.callApi<{ staff: StaffMember }>(api.apiPath(ADMIN_API_ROUTES.session), {
    method: "POST",
    keepOn401: true,
    body: { email, password: TEST_PASSWORD },
  });
  api.rememberSignedIn(staff);
  return staff;
}

async function notesOf(enquiryId: string) {
  return ((await testApp.app.store.enquiryWork.get(enquiryId))?.history ?? []).filter(
    (entry) => entry.kind === "note",
  );
}

function dialog() {
  return screen.queryByRole("dialog", { name: sessionDialogText.title });
}

beforeEach(async () => {
  testApp = await buildTestApp({ LOG_LEVEL: "silent" });
  sent = [];
  jar.clear();
  held.clear();
  vi.stubGlobal("fetch", browserFetch(testApp.app));
  // Each test starts with a page fresh from the server: the session's state is the module's.
  vi.resetModules();
  api = await import("./api");
  ({ SessionDialog } = await import("./components/SessionDialog"));
});

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await testApp.close();
});

async function setUp() {
  const member = await addStaff(testApp.app, "meera@collarise.example", "member");
  const { id } = await testApp.app.store.enquiries.add(buyer);
  await signInPage(member.email);
  const user = userEvent.setup();
  render(
    <>
      <NotePad enquiryId={id} />
      <SessionDialog />
    </>,
  );
  return { member, id, user };
}

describe("a session that ends on an open page", () => {
  test("a note sent after the session ended waits for the sign-in dialog, then is saved as typed", async () => {
    const { member, id, user } = await setUp();
    await user.type(screen.getByLabelText("Note"), "Wants 12 boxes by Friday");
    await testApp.app.store.sessions.deleteForStaff(member.id);

    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    // The e-mail is filled in, and the password is where the person types.
    expect(screen.getByLabelText(sessionDialogText.email)).toHaveProperty("value", member.email);
    expect(document.activeElement).toBe(screen.getByLabelText(sessionDialogText.password));
    expect(await notesOf(id)).toEqual([]);

    await user.keyboard(`${TEST_PASSWORD}{Enter}`);
    expect(await screen.findByText("Saved: Wants 12 boxes by Friday")).toBeDefined();
    expect(dialog()).toBeNull();
    expect((await notesOf(id)).map((note) => [note.text, note.staffEmail])).toEqual([
      ["Wants 12 boxes by Friday", member.email],
    ]);
    // The note went once: refused with the ended session, then sent again with the new one.
    const notes = sent.filter((each) => each.path.endsWith("/notes"));
    expect(notes.map((each) => each.status)).toEqual([401, 200]);
    // Focus is back where the person was.
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add note" }));
  });

  test("many calls meeting the ended session open one dialog; calls made while it is open wait unsent, equal reads as one", async () => {
    const { member, id, user } = await setUp();
    await testApp.app.store.sessions.deleteForStaff(member.id);
    const detailPath = api.apiPath(ADMIN_API_ROUTES.enquiry, { id });
    const mePath = api.apiPath(ADMIN_API_ROUTES.me);

    const first = api.callApi<EnquiryDetail>(detailPath);
    const second = api.callApi<EnquiryDetail>(detailPath);
    await waitFor(() => expect(dialog()).not.toBeNull());
    // A poll repeating while the dialog is open is not sent, and not queued once per repeat.
    const polls = [api.callApi<EnquiryDetail>(detailPath), api.callApi<EnquiryDetail>(detailPath)];
    const me = api.callApi<{ staff: StaffMember }>(mePath);
    expect(screen.getAllByRole("dialog")).toHaveLength(1);
    expect(sent.filter((each) => each.path === detailPath).map((each) => each.status)).toEqual([401, 401]);
    expect(sent.some((each) => each.path === mePath)).toBe(false);

    await user.type(screen.getByLabelText(sessionDialogText.password), `${TEST_PASSWORD}{Enter}`);
    const answers = await Promise.all([first, second, ...polls]);
    for (const answer of answers) expect(answer.enquiry.Name).toBe(buyer.Name);
    expect((await me).staff.email).toBe(member.email);
    expect(sent.filter((each) => each.path === detailPath).map((each) => each.status)).toEqual([
      401, 401, 200,
    ]);
  });

  test("Cancel fails the waiting call as the session ended, keeps the typed text, and only a change asks again", async () => {
    const { member, id, user } = await setUp();
    const note = screen.getByLabelText("Note");
    await user.type(note, "Call back after 4");
    await testApp.app.store.sessions.deleteForStaff(member.id);

    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await user.click(screen.getByRole("button", { name: sessionDialogText.cancel }));
    expect((await screen.findByRole("alert")).textContent).toBe(consoleMessages.sessionEnded);
    expect(dialog()).toBeNull();
    expect(note).toHaveProperty("value", "Call back after 4");
    expect(await notesOf(id)).toEqual([]);

    // A read after Cancel (a background poll) fails as the session ended, without asking again.
    await expect(api.callApi(api.apiPath(ADMIN_API_ROUTES.enquiry, { id }))).rejects.toMatchObject({
      status: 401,
      message: consoleMessages.sessionEnded,
    });
    expect(dialog()).toBeNull();
    expect(screen.getByRole("status").textContent).toContain(sessionDialogText.endedBanner);

    // The person's own change asks again, and Esc cancels as the button does.
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(dialog()).toBeNull());
    expect(note).toHaveProperty("value", "Call back after 4");

    // The offer stays on the page; taking it signs in, and the person sends the note again.
    await user.click(screen.getByRole("button", { name: sessionDialogText.signInAgain }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await user.keyboard(`${TEST_PASSWORD}{Enter}`);
    await waitFor(() => expect(dialog()).toBeNull());
    await user.click(screen.getByRole("button", { name: "Add note" }));
    expect(await screen.findByText("Saved: Call back after 4")).toBeDefined();
    expect(screen.queryByText(sessionDialogText.endedBanner)).toBeNull();
  });

  test("signing in as someone else sends nothing the first person typed, and starts again from the inbox", async () => {
    const { member, id, user } = await setUp();
    const colleague = await addStaff(testApp.app, "ravi@collarise.example", "member");
    const leave = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(leave);
    await user.type(screen.getByLabelText("Note"), "Meera's own note");
    await testApp.app.store.sessions.deleteForStaff(member.id);

    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    const email = screen.getByLabelText(sessionDialogText.email);
    await user.clear(email);
    await user.type(email, colleague.email);
    await user.type(screen.getByLabelText(sessionDialogText.password), `${TEST_PASSWORD}{Enter}`);

    await waitFor(() => expect(leave).toHaveBeenCalledWith(CONSOLE_PAGE_PATHS.inbox));
    expect(sent.filter((each) => each.path.endsWith("/notes")).map((each) => each.status)).toEqual([401]);
    expect(await notesOf(id)).toEqual([]);
  });

  test("an account with a second factor is asked for its code in the dialog", async () => {
    const { member, id, user } = await setUp();
    // On another device the member turns on two-step sign-in, which ends this browser's session.
    const elsewhere = await signIn(testApp.app, member.email);
    const { secret } = (await consoleRequest(testApp.app, elsewhere, "POST", "/me/totp")).json<{
      secret: string;
    }>();
    const turnedOn = await consoleRequest(testApp.app, elsewhere, "PUT", "/me/totp", {
      password: TEST_PASSWORD,
      code: await totpCodeFor(secret),
    });
    expect(turnedOn.statusCode).toBe(200);
    await user.type(screen.getByLabelText("Note"), "Prefers WhatsApp");

    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await user.keyboard(`${TEST_PASSWORD}{Enter}`);
    const code = await screen.findByLabelText(sessionDialogText.code);
    await waitFor(() => expect(document.activeElement).toBe(code));
    expect(screen.getByRole("alert").textContent).toBe(consoleMessages.codeRequired);
    await user.keyboard(`${await totpCodeFor(secret, 1)}{Enter}`);

    expect(await screen.findByText("Saved: Prefers WhatsApp")).toBeDefined();
    expect((await notesOf(id)).map((note) => note.text)).toEqual(["Prefers WhatsApp"]);
  });

  test("a wrong password is told in the dialog, and the call still waits", async () => {
    const { member, id, user } = await setUp();
    await user.type(screen.getByLabelText("Note"), "Asked for a sample");
    await testApp.app.store.sessions.deleteForStaff(member.id);
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(dialog()).not.toBeNull());

    await user.keyboard("not the password{Enter}");
    expect((await screen.findByRole("alert")).textContent).toBe(consoleMessages.signInFailed);
    expect(dialog()).not.toBeNull();
    expect(await notesOf(id)).toEqual([]);

    const password = screen.getByLabelText(sessionDialogText.password);
    await user.clear(password);
    await user.type(password, `${TEST_PASSWORD}{Enter}`);
    expect(await screen.findByText("Saved: Asked for a sample")).toBeDefined();
  });

  test("a call refused under the old session but answered after the sign-in is sent again without asking twice", async () => {
    const { member, id, user } = await setUp();
    await testApp.app.store.sessions.deleteForStaff(member.id);
    const slowPath = api.apiPath(ADMIN_API_ROUTES.enquiry, { id });
    let letThrough = () => {};
    held.set(slowPath, new Promise<void>((resolve) => (letThrough = resolve)));
    const slow = api.callApi<EnquiryDetail>(slowPath);
    await waitFor(() => expect(sent.some((each) => each.path === slowPath)).toBe(true));
    held.delete(slowPath);

    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    await user.keyboard(`${TEST_PASSWORD}{Enter}`);
    await waitFor(() => expect(dialog()).toBeNull());

    // Its 401 arrives only now, after the new sign-in.
    letThrough();
    expect((await slow).enquiry.Name).toBe(buyer.Name);
    expect(dialog()).toBeNull();
    expect(sent.filter((each) => each.path === slowPath).map((each) => each.status)).toEqual([401, 200]);
  });

  test("a waiting call its page gave up on is never sent", async () => {
    const { member, id, user } = await setUp();
    await testApp.app.store.sessions.deleteForStaff(member.id);
    const path = api.apiPath(ADMIN_API_ROUTES.enquiry, { id });
    const page = new AbortController();
    const call = api.callApi(path, { signal: page.signal });
    await waitFor(() => expect(dialog()).not.toBeNull());
    act(() => page.abort());
    await expect(call).rejects.toMatchObject({ name: "AbortError" });

    await user.keyboard(`${TEST_PASSWORD}{Enter}`);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(sent.filter((each) => each.path === path).map((each) => each.status)).toEqual([401]);
  });

  test("focus stays in the dialog: Tab from its last control goes to its first, Shift+Tab back", async () => {
    const { member, user } = await setUp();
    await testApp.app.store.sessions.deleteForStaff(member.id);
    await user.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect(dialog()).not.toBeNull());
    const email = screen.getByLabelText(sessionDialogText.email);
    const signInButton = screen.getByRole("button", { name: sessionDialogText.signIn });

    signInButton.focus();
    await user.tab();
    expect(document.activeElement).toBe(email);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(signInButton);
  });
});

describe("signing out while the page is still reading", () => {
  /** A read (a dashboard tile's) that reaches the server after the sign-out ended the session. */
  async function readMeetingTheSignOut(answerReadAfterSignOut: boolean) {
    await setUp();
    const leave = vi.fn();
    vi.spyOn(window.location, "assign").mockImplementation(leave);
    const sessionPath = api.apiPath(ADMIN_API_ROUTES.session);
    const readPath = api.apiPath(ADMIN_API_ROUTES.me);
    let answerSignOut = () => {};
    let answerRead = () => {};
    held.set(sessionPath, new Promise<void>((resolve) => (answerSignOut = resolve)));
    if (answerReadAfterSignOut) held.set(readPath, new Promise<void>((resolve) => (answerRead = resolve)));

    const signingOut = api.signOutHere();
    await waitFor(() => expect(sent.some((each) => each.method === "DELETE")).toBe(true));
    const read = api.callApi(readPath);
    const settled = read.then(
      () => "answered",
      (error: unknown) => (error instanceof DOMException ? error.name : String(error)),
    );
    await waitFor(() => expect(sent.some((each) => each.path === readPath)).toBe(true));
    answerSignOut();
    await signingOut;
    answerRead();
    return { leave, settled, readPath };
  }

  test("a read answered 401 after the sign-out ends quietly: the page is not sent to the ended session's sign-in", async () => {
    const { leave, settled, readPath } = await readMeetingTheSignOut(true);
    expect(await settled).toBe("AbortError");
    expect(leave).not.toHaveBeenCalled();
    expect(dialog()).toBeNull();
    expect(sent.filter((each) => each.path === readPath).map((each) => each.status)).toEqual([401]);
  });

  test("a read answered 401 while the sign-out is still under way opens no sign-in dialog", async () => {
    const { leave, settled } = await readMeetingTheSignOut(false);
    expect(await settled).toBe("AbortError");
    expect(leave).not.toHaveBeenCalled();
    expect(dialog()).toBeNull();
  });
});
