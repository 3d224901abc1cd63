import { memberName } from "../../domain/staff";
import { LogOut } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { type LoaderFunctionArgs, NavLink, Outlet, redirect, useLoaderData, useNavigate } from "react-router";
import { ADMIN_API_ROUTES, consoleMessages, type StaffMember } from "../../domain/console";
import { ApiError, apiPath, callApi, errorMessage, rememberSignedIn, signedInAccount } from "../api";
import { CONSOLE_TITLE, navLabels } from "../content";
import { navEntries } from "../page-registry";
import { inApp, signInPath } from "../paths";
import { FlashContext, type LayoutData } from "../session";
import { CopyableCommand } from "./CopyableCommand";
import { stopNotificationsHere } from "../push-device";

const FLASH_MS = 6_000;

export async function layoutLoader({ request }: LoaderFunctionArgs): Promise<LayoutData> {
  try {
    // On a page someone is signed in to, an ended session is renewed in place (console/api.ts);
    // on the first load, the sign-in page is the place to start.
    const { staff, totpRequired } = await callApi<{ staff: StaffMember; totpRequired?: boolean }>(
      apiPath(ADMIN_API_ROUTES.me),
      { keepOn401: signedInAccount() === null, signal: request.signal },
    );
    rememberSignedIn(staff);
    return { staff, totpRequired: totpRequired === true };
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
      // A session that has already ended needs no signing in again to sign out.
      await callApi(apiPath(ADMIN_API_ROUTES.session), { method: "DELETE", keepOn401: true }).catch(
        (error: unknown) => {
          if (!(error instanceof ApiError && error.status === 401)) throw error;
        },
      );
      rememberSignedIn(null);
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
      <nav className="main-nav" aria-label="Console">
        {navEntries(staff.role).map(({ label, icon: Icon, to, end, wideOnly }) => (
          <NavLink key={to} to={to} end={end} className={wideOnly ? "wide-only" : undefined}>
            <Icon aria-hidden="true" size={20} />
            <span>{label}</span>
          </NavLink>
        ))}
      </nav>
      <main id="main" className="page" tabIndex={-1}>
        <Outlet />
      </main>
      <div className="flash" role="status" aria-live="polite">
        {flash && <p>{flash}</p>}
      </div>
    </FlashContext.Provider>
  );
}
