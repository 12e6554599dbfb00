/** How often a refused webhook may write a log line: a flood of unsigned requests must not flood the log. */
export const REFUSAL_LOG_INTERVAL_MS = 10_000;
const SHOWN_ID_LENGTH = 32;

/**
 * At most one line per interval for refused deliveries, each saying how many refusals it stands
 * for (itself and those left out since the last line).
 */
export class RefusalLog {
  private lastAt = Number.NEGATIVE_INFINITY;
  private leftOut = 0;

  constructor(private readonly intervalMs: number = REFUSAL_LOG_INTERVAL_MS) {}

  /** How many refusals a line written now stands for, or null: no line now. */
  take(now: number): number | null {
    if (now - this.lastAt < this.intervalMs) {
      this.leftOut += 1;
      return null;
    }
    const refusals = this.leftOut + 1;
    this.lastAt = now;
    this.leftOut = 0;
    return refusals;
  }
}

/** A caller's webhook-id as a log may show it: printable ASCII, the first 32 characters. */
export function shownWebhookId(id: string | undefined): string | null {
  if (id === undefined) return null;
  const printable = id.replace(/[^\x20-\x7e]/g, '?');
  return printable.length > SHOWN_ID_LENGTH ? `${printable.slice(0, SHOWN_ID_LENGTH)}…` : printable;
}
