/** A refusal or a failure, announced as soon as it appears; nothing when there is none. */
export function ErrorNotice({ message, id }: { message: string; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="notice error" role="alert">
      {message}
    </p>
  );
}

export function Loading() {
  return <p className="loading">Loading…</p>;
}

/** What a page shows until its data has come: why it could not come, or that it is on its way. */
export function LoadState({ error, loaded }: { error: string; loaded: boolean }) {
  if (error) return <ErrorNotice message={error} />;
  return loaded ? null : <Loading />;
}
