const DATE_TAG = '$date';

/**
 * How a use case's outcome is kept as JSON (the Idempotency-Key row) and read back unchanged:
 * plain JSON, except that a Date is tagged so it comes back a Date rather than a string.
 */
export function encodeOutcome(outcome: unknown): string {
  return JSON.stringify(outcome, function (this: Record<string, unknown>, key: string, value: unknown) {
    const raw = this[key];
    return raw instanceof Date ? { [DATE_TAG]: raw.toISOString() } : value;
  });
}

export function decodeOutcome<Outcome>(stored: unknown): Outcome {
  const text = typeof stored === 'string' ? stored : JSON.stringify(stored);
  return JSON.parse(text, (_key, value: unknown) => {
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const entries = Object.entries(value);
      const [tag, iso] = entries[0] ?? [];
      if (entries.length === 1 && tag === DATE_TAG && typeof iso === 'string') return new Date(iso);
    }
    return value;
  }) as Outcome;
}
