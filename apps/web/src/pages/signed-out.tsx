import { useState } from 'react';
import { signIn } from '../auth/session';
import type { WebConfig } from '../config';
import { ErrorMessage } from '../ui/messages';
import { sentenceFor } from '../ui/use-async';

/** The page before sign-in: one button to the identity provider. */
export function SignedOut({ config }: { config: WebConfig }) {
  const [error, setError] = useState<string>();
  const start = () =>
    void signIn(config, window.location.pathname + window.location.search).catch((failure: unknown) =>
      setError(`Could not reach the sign-in service. ${sentenceFor(failure)}`),
    );
  return (
    <main id="main" className="signed-out">
      <h1>Book cars, rooms and appointments</h1>
      <p>Sign in to search, hold and pay, and to see your bookings.</p>
      <button type="button" onClick={start}>
        Sign in
      </button>
      <ErrorMessage text={error} />
    </main>
  );
}
