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
