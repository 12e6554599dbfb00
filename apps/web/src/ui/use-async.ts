import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiProblem } from '../api/client';
import { describeProblem } from '../api/problems';
import type { Messages } from '../i18n/en-US';
import { useText } from '../i18n/language';

/** A sentence for what went wrong: the API's problem explained, a network failure, or the error's own message. */
export function sentenceFor(error: unknown, text: Messages): string {
  if (error instanceof ApiProblem) return describeProblem(error.problem, text);
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return text.unreachable;
  return error instanceof Error ? error.message : String(error);
}

/** Loads once per change of `deps`; `reload` loads again (polling, after an action). */
export function useAsync<T>(load: () => Promise<T>, deps: unknown[]) {
  const [state, setState] = useState<{ data?: T; error?: string; loading: boolean }>({ loading: true });
  const { text } = useText();
  const run = useCallback(load, deps);
  // Only the latest load may set the state: an older answer arriving late (a week left behind) is dropped.
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const ticket = ++latest.current;
    try {
      const data = await run();
      if (ticket === latest.current) setState({ data, loading: false });
    } catch (error) {
      if (ticket === latest.current)
        setState((previous) => ({ ...previous, error: sentenceFor(error, text), loading: false }));
    }
  }, [run, text]);
  useEffect(() => {
    setState({ loading: true });
    void reload();
  }, [reload]);
  return { ...state, reload };
}
