/** Business hours as the API holds them: weekly intervals per weekday (0 = Sunday) and dated overrides. */
export interface BusinessHours {
  weekly: Partial<Record<'0' | '1' | '2' | '3' | '4' | '5' | '6', [string, string][]>>;
  overrides: Record<string, [string, string][]>;
}

/** `09:00-12:00, 13:30-18:00` ⇄ intervals; an empty text is a closed day. */
export function intervalsToText(intervals: [string, string][] | undefined): string {
  return (intervals ?? []).map(([from, to]) => `${from}-${to}`).join(', ');
}

export function textToIntervals(text: string): [string, string][] | undefined {
  const parts = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const intervals = parts.map((part) => /^(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(part));
  if (intervals.some((match) => !match)) return undefined;
  return intervals.map((match) => [match![1]!, match![2]!]);
}

/** One override per line: `2026-12-24: closed` or `2026-12-31: 10:00-14:00`. */
export function overridesToText(overrides: BusinessHours['overrides']): string {
  return Object.entries(overrides)
    .map(([date, intervals]) => `${date}: ${intervals.length === 0 ? 'closed' : intervalsToText(intervals)}`)
    .join('\n');
}

export function textToOverrides(text: string): BusinessHours['overrides'] | undefined {
  const overrides: BusinessHours['overrides'] = {};
  for (const line of text
    .split('\n')
    .map((each) => each.trim())
    .filter(Boolean)) {
    const match = /^(\d{4}-\d{2}-\d{2}):\s*(.*)$/.exec(line);
    const intervals = match && (match[2] === 'closed' ? [] : textToIntervals(match[2]!));
    if (!match || !intervals) return undefined;
    overrides[match[1]!] = intervals;
  }
  return overrides;
}
