import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { buildOpenApiDocument } from './openapi-document';

/** What another team does with the document: generate types, then write code against them. */
const CLIENT_PROGRAM = `
import type { components, operations, paths } from './api';

type Booking = components['schemas']['Booking'];
type CreatedBooking = operations['createBooking']['responses'][201]['content']['application/json'];
type Problem = components['schemas']['Problem'];

export function describe(created: CreatedBooking): string {
  if ('occurrences' in created) return \`series \${created.seriesId}: \${created.occurrences.length} held\`;
  const booking: Booking = created;
  return \`\${booking.bookingId} is \${booking.status} until \${booking.holdExpiresAt ?? 'never'}\`;
}

export function conflicts(problem: Problem): string[] {
  return (problem.conflicts ?? []).map((conflict) => conflict.recurrenceId);
}

export const occurrencesPath: keyof paths = '/v1/series/{seriesId}/occurrences';
export type Occurrences = operations['listSeriesOccurrences']['responses'][200]['content']['application/json'];
export const firstStatus = (page: Occurrences) => page.data[0]?.status;
`;

// Its command line, as a team would run it (the package is ES modules only, which jest cannot load).
const OPENAPI_TYPESCRIPT = join(__dirname, '../../../../node_modules/.bin/openapi-typescript');

function typeErrors(program: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'openapi-client-'));
  writeFileSync(join(dir, 'openapi.json'), JSON.stringify(buildOpenApiDocument()));
  // In its own folder, so the generator applies its own rules, not this repository's redocly.yaml.
  execFileSync(OPENAPI_TYPESCRIPT, ['openapi.json', '-o', 'api.ts'], { cwd: dir, stdio: 'pipe' });
  writeFileSync(join(dir, 'client.ts'), program);
  const compiled = ts.createProgram([join(dir, 'client.ts')], {
    strict: true,
    noEmit: true,
    noUncheckedIndexedAccess: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(compiled)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('a client generated from the OpenAPI document (openapi-typescript)', () => {
  jest.setTimeout(60_000);

  it('type-checks a program that reads bookings, series, problems and occurrences', () => {
    expect(typeErrors(CLIENT_PROGRAM)).toEqual([]);
  });

  it('refuses a field the API does not have, so the types are not Record<string, never>', () => {
    const errors = typeErrors(
      `${CLIENT_PROGRAM}\nexport const wrong = (b: Booking) => b.bookingReference;\n`,
    );
    expect(errors.join('\n')).toContain("Property 'bookingReference' does not exist");
  });
});
