import type { LoadResult } from './http-load';

/** Percentile of an unsorted sample, by nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
}

export function printTable(title: string, rows: [string, string][]): void {
  const width = Math.max(...rows.map(([label]) => label.length));
  process.stdout.write(`\n${title}\n${'-'.repeat(title.length)}\n`);
  for (const [label, value] of rows) process.stdout.write(`${label.padEnd(width)}  ${value}\n`);
}

export const fmt = (value: number, digits = 1) =>
  value.toLocaleString('en-US', { maximumFractionDigits: digits });

/** A load's row: rate, latencies, statuses, and its rate as a share of a reference's. */
export function loadRow(
  label: string,
  result: LoadResult,
  reference?: { label: string; perSecond: number | undefined },
): [string, string] {
  const codes = [
    ...Object.entries(result.statuses).map(([status, count]) => `${status}×${count}`),
    ...(result.notSent ? [`not sent×${result.notSent}`] : []),
  ].join(' ');
  const ratio =
    reference?.perSecond === undefined
      ? ''
      : `  = ${fmt((result.perSecond / reference.perSecond) * 100)} % of ${reference.label}`;
  return [
    label,
    `${fmt(result.perSecond, 0)}/s  p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  max ${fmt(result.max, 0)} ms  [${codes}]${ratio}`,
  ];
}
