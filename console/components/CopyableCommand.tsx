import { useState } from "react";

/** Copies `text` to the clipboard on demand, and says whether it did. */
export function useCopy(text: string) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Without clipboard access the text stays selectable by hand.
      setCopied(false);
    }
  };
  return { copied, copy };
}

/** A button that copies `text`, with a message for screen readers once it has. */
export function CopyButton({ text, copiedMessage }: { text: string; copiedMessage: string }) {
  const { copied, copy } = useCopy(text);
  return (
    <>
      <button type="button" className="button quiet" onClick={copy}>
        {copied ? "Copied" : "Copy"}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? copiedMessage : ""}
      </span>
    </>
  );
}

/** A shell command in a code block with a button that copies it. */
export function CopyableCommand({ command }: { command: string }) {
  return (
    <div className="command">
      <pre>
        <code>{command}</code>
      </pre>
      <CopyButton text={command} copiedMessage="Command copied." />
    </div>
  );
}
