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
