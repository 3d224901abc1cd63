import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useLayoutEffect, useRef } from "react";
import { keysText } from "../content";

/** Whether a key pressed here is someone typing: shortcuts leave fields alone. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !["checkbox", "radio", "button", "submit", "reset", "range", "color", "file"].includes(target.type)
  );
}

/** Whether Enter pressed here already does something of its own (follows a link, presses a button). */
export function enterActs(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest("a[href], button, input, select, textarea, summary, [role=button]") !== null
  );
}

/**
 * The page's single-key shortcuts (keysText): each key of `keys` calls its handler, unless the
 * person is typing in a field, holds Ctrl, Alt or ⌘, or a dialog is open.
 */
export function useShortcuts(keys: Record<string, (event: KeyboardEvent) => void>) {
  const current = useRef(keys);
  // Before the page is painted: a key pressed as soon as the page shows is already heard.
  useLayoutEffect(() => {
    current.current = keys;
  });
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing)
        return;
      if (typingIn(event.target) || document.querySelector("dialog[open]")) return;
      const handler = current.current[event.key];
      if (!handler) return;
      handler(event);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);
}

/**
 * The list of keys, in a modal dialog: it takes the focus, keeps it (Tab and Shift+Tab stay on its
 * button), closes with Esc or its button, and gives the focus back to where it was.
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      close.current?.focus();
    } else if (!open && element.open) {
      element.close();
      if (returnTo.current?.isConnected) returnTo.current.focus();
      returnTo.current = null;
    }
  }, [open]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDialogElement>) => {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "Tab") {
      // Its one control keeps the focus: the page behind is not for working while it is open.
      event.preventDefault();
      close.current?.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      className="keys-dialog"
      aria-labelledby="keys-title"
      aria-describedby="keys-intro"
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id="keys-title">{keysText.title}</h2>
      <p id="keys-intro">{keysText.intro}</p>
      <dl className="keys">
        {keysText.keys.map(({ key, does }) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{does}</dd>
          </div>
        ))}
      </dl>
      <div className="dialog-actions">
        <button type="button" className="button primary" ref={close} onClick={onClose}>
          {keysText.close}
        </button>
      </div>
    </dialog>
  );
}
