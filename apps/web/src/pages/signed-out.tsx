import { useState } from 'react';
import { signIn } from '../auth/session';
import type { WebConfig } from '../config';
import { useText } from '../i18n/language';
import { LanguagePicker } from '../ui/language-picker';
import { ErrorMessage } from '../ui/messages';
import { sentenceFor } from '../ui/use-async';

/** The page before sign-in: one button to the identity provider; `problem` is what went wrong signing out. */
export function SignedOut({ config, problem }: { config: WebConfig; problem?: string }) {
  const { text } = useText();
  const [error, setError] = useState<string>();
  const start = () =>
    void signIn(config, window.location.pathname + window.location.search).catch((failure: unknown) =>
      setError(text.signInUnreachable(sentenceFor(failure, text))),
    );
  return (
    <main id="main" className="signed-out">
      <LanguagePicker />
      <h1>{text.signedOutTitle}</h1>
      <p>{text.signedOutLead}</p>
      <button type="button" onClick={start}>
        {text.signIn}
      </button>
      <ErrorMessage text={error ?? problem} />
    </main>
  );
}
