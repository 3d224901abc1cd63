import { useState } from "react";

/** A shell command in a code block with a button that copies it. */
export function CopyableCommand({ command }: { command: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(command);
      setCopied(true);
    } catch {
      // Without clipboard access the command stays selectable by hand.
      setCopied(false);
    }
  };
  return (
    <div className="command">
      <pre>
        <code>{command}</code>
      </pre>
      <button type="button" className="button quiet" onClick={copy}>
        {copied ? "Copied" : "Copy"}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? "Command copied." : ""}
      </span>
    </div>
  );
}
