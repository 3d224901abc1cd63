import { memberName } from "../../domain/staff";
import { Ellipsis, LogOut } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { type LoaderFunctionArgs, NavLink, Outlet, redirect, useLoaderData, useNavigate } from "react-router";
import { ADMIN_API_ROUTES, consoleMessages, type StaffMember } from "../../domain/console";
import {
  ApiError,
  apiPath,
  callApi,
  errorMessage,
  rememberSignedIn,
  signedInAccount,
  signOutHere,
} from "../api";
import { CONSOLE_TITLE, navLabels } from "../content";
import { navEntries } from "../page-registry";
import { inApp, signInPath } from "../paths";
import { FlashContext, type LayoutData } from "../session";
import type { WorkingHours } from "../../domain/working-hours";
import { CopyableCommand } from "./CopyableCommand";
import { stopNotificationsHere } from "../push-device";

const FLASH_MS = 6_000;

export async function layoutLoader({ request }: LoaderFunctionArgs): Promise<LayoutData> {
  try {
    // On a page someone is signed in to, an ended session is renewed in place (console/api.ts);
    // on the first load, the sign-in page is the place to start.
    const { staff, totpRequired, workingHours } = await callApi<{
      staff: StaffMember;
      totpRequired?: boolean;
      workingHours?: WorkingHours;
    }>(apiPath(ADMIN_API_ROUTES.me), { keepOn401: signedInAccount() === null, signal: request.signal });
    rememberSignedIn(staff);
    return { staff, totpRequired: totpRequired === true, ...(workingHours ? { workingHours } : {}) };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 401) throw error;
    // They cancelled the dialog: the page keeps what it shows, and offers the sign-in again.
    const known = signedInAccount();
    if (known) return { staff: known };
  }
  const { ownerExists } = await callApi<{ ownerExists: boolean }>(apiPath(ADMIN_API_ROUTES.setup), {
    signal: request.signal,
  });
  if (!ownerExists) return { staff: null };
  const url = new URL(request.url);
  throw redirect(signInPath(inApp(`${url.pathname}${url.search}`)));
}

/** The command from consoleMessages.noOwner, shown on its own so it can be copied. */
const CREATE_OWNER_COMMAND = consoleMessages.noOwner.slice(consoleMessages.noOwner.indexOf("npm run"));
const NO_OWNER_TEXT = consoleMessages.noOwner.slice(0, consoleMessages.noOwner.indexOf(" On the server"));

export function NoOwner() {
  return (
    <main id="main" className="page narrow">
      <h1>{CONSOLE_TITLE}</h1>
      <p>{NO_OWNER_TEXT}</p>
      <p>On the server, run:</p>
      <CopyableCommand command={CREATE_OWNER_COMMAND} />
    </main>
  );
}

/** On a phone the bottom bar holds this many pages; with more, the last place opens "More". */
const PHONE_BAR_PLACES = 4;

type NavEntry = ReturnType<typeof navEntries>[number];

/**
 * The console's pages. On a laptop every page is a link in the bar. On a phone the bottom bar
 * keeps its places whole: a member's four pages fit; an owner's first three sit there with "More",
 * which opens the others (Activity, Staff, Personal data, Templates, Webhooks, Security) above
 * it, so nothing is cut off or scrolled sideways.
 */
function MainNav({ entries }: { entries: readonly NavEntry[] }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const onBar = entries.length <= PHONE_BAR_PLACES ? entries : entries.slice(0, PHONE_BAR_PLACES - 1);
  const inMore = entries.slice(onBar.length);

  useEffect(() => {
    if (!open) return;
    const close = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", close);
    return () => document.removeEventListener("keydown", close);
  }, [open]);

  const link = ({ label, icon: Icon, to, end }: NavEntry, className?: string) => (
    <NavLink key={to} to={to} end={end} className={className} onClick={() => setOpen(false)}>
      <Icon aria-hidden="true" size={20} />
      <span>{label}</span>
    </NavLink>
  );
  return (
    <nav className="main-nav" aria-label="Console">
      {onBar.map((entry) => link(entry))}
      {inMore.map((entry) => link(entry, "in-more"))}
      {inMore.length > 0 && (
        <>
          <button
            type="button"
            ref={button}
            className="more-button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((was) => !was)}
          >
            <Ellipsis aria-hidden="true" size={20} />
            <span>{navLabels.more}</span>
          </button>
          <div id={panelId} className="more-panel" hidden={!open}>
            {inMore.map((entry) => link(entry))}
          </div>
        </>
      )}
    </nav>
  );
}

export function Layout() {
  const { staff } = useLoaderData<LayoutData>();
  const navigate = useNavigate();
  const [flash, setFlash] = useState("");
  const flashTimer = useRef<number | undefined>(undefined);
  const showFlash = useCallback((message: string) => {
    window.clearTimeout(flashTimer.current);
    setFlash(message);
    flashTimer.current = window.setTimeout(() => setFlash(""), FLASH_MS);
  }, []);

  if (!staff) return <NoOwner />;

  const signOut = async () => {
    try {
      // Before the session ends: the device stops showing this member's notifications.
      await stopNotificationsHere();
      await signOutHere();
      navigate(signInPath(null, "signed-out"), { replace: true });
    } catch (error) {
      showFlash(errorMessage(error));
    }
  };

  return (
    <FlashContext.Provider value={showFlash}>
      <a className="skip-link" href="#main">
        {navLabels.skip}
      </a>
      <header className="top-bar">
        <span className="brand">
          Collarise <span className="brand-sub">console</span>
        </span>
        <span className="who" title={staff.email}>
          {memberName(staff)}
        </span>
        <button type="button" className="button quiet sign-out" onClick={signOut}>
          <LogOut aria-hidden="true" size={18} />
          {navLabels.signOut}
        </button>
      </header>
      <MainNav entries={navEntries(staff.role)} />
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <div className="flash" role="status" aria-live="polite">
        {flash && <p>{flash}</p>}
      </div>
    </FlashContext.Provider>
  );
}
