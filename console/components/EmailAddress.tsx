import { Fragment } from "react";

/**
 * An e-mail address that, when a narrow screen must wrap it, wraps after its "@" or a dot
 * rather than in the middle of a name. The break points add no characters: copying it gives the
 * address as it is.
 */
export function EmailAddress({ value }: { value: string }) {
  const parts = value.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  );
}

const ADDRESS = /([^\s@]+@[^\s@]+\.[^\s@.]+)/;

/**
 * A sentence that may name an e-mail address ("An invitation is on its way to …"): each address
 * in it wraps as `EmailAddress` does, so a long one never widens a narrow screen.
 */
export function TextWithAddresses({ text }: { text: string }) {
  return (
    <>
      {text
        .split(ADDRESS)
        .map((part, index) =>
          index % 2 === 1 ? (
            <EmailAddress key={index} value={part} />
          ) : (
            <Fragment key={index}>{part}</Fragment>
          ),
        )}
    </>
  );
}
