/** An error as a sentence, announced to screen readers as it appears. */
export function ErrorMessage({ text }: { text?: string }) {
  if (!text) return null;
  return (
    <p role="alert" className="error">
      {text}
    </p>
  );
}

/** A change of state a screen reader should hear (confirmed, cancelled). */
export function StatusMessage({ text }: { text?: string }) {
  return (
    <p role="status" aria-live="polite" className="status">
      {text ?? ''}
    </p>
  );
}
