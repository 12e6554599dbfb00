import type { ScenarioResult } from './scenario';

/** The proof's table: one row per scenario, violations first among the figures. */
export function proofTable(results: readonly ScenarioResult[], size: string): string {
  const header = ['scenario', 'operations', 'faults', 'violations', 'figures'];
  const rows = results.map((result) => [
    result.name,
    String(result.operations),
    String(result.faults),
    String(result.violations.length),
    result.figures,
  ]);
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (column === 4 ? 0 : row[column]!.length))),
  );
  const line = (cells: string[]) =>
    cells.map((cell, column) => (column === 4 ? cell : cell.padEnd(widths[column]!))).join('  ');
  return [`\nProof (${size} form)`, line(header), ...rows.map(line), ''].join('\n');
}
