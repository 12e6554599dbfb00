import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '../..');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

const DOCS = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Files whose zod objects are configuration read from the environment. */
function configFiles(): string[] {
  const files = ['libs/config/src/common-config.ts', 'libs/payment-provider/src/provider-config.ts'];
  for (const app of readdirSync(join(ROOT, 'apps'))) {
    const src = `apps/${app}/src`;
    if (!existsSync(join(ROOT, src))) continue;
    for (const name of readdirSync(join(ROOT, src)))
      if (name.endsWith('-config.ts') || (name === 'main.ts' && read(`${src}/main.ts`).includes('z.object')))
        files.push(`${src}/${name}`);
  }
  return files;
}

/** What the code reads: each configuration key, and what `npm start` itself reads. */
function variablesRead(): string[] {
  const names = new Set<string>();
  for (const file of configFiles())
    for (const [, name] of read(file).matchAll(/^ {2}([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+):/gm)) names.add(name!);
  for (const file of ['infra/local/start.ts', 'infra/local/infra.ts', 'infra/local/paths.ts'])
    for (const [, name] of read(file).matchAll(/env\['([A-Z0-9_]+)'\]/g)) names.add(name!);
  return [...names].sort();
}

describe('the documentation', () => {
  it('links only to files that exist inside the repository', () => {
    const broken: string[] = [];
    for (const doc of DOCS) {
      for (const [, target] of read(doc).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const path = resolve(join(ROOT, dirname(doc)), target!.split('#')[0]!);
        if (relative(ROOT, path).startsWith('..') || !existsSync(path)) broken.push(`${doc} → ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('names in docs/operations.md every configuration variable the code reads', () => {
    const operations = read('docs/operations.md');
    const read_ = variablesRead();
    expect(read_.length).toBeGreaterThan(100);
    expect(read_.filter((name) => !operations.includes(`\`${name}\``))).toEqual([]);
  });

  it('lists in docs/api.md every operation, error code and event type of the contracts', () => {
    const api = read('docs/api.md');
    const openapi = JSON.parse(read('docs/contracts/openapi.json')) as {
      paths: Record<string, Record<string, { operationId?: string }>>;
    };
    const operations = Object.entries(openapi.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.operationId)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(operations.length).toBeGreaterThan(30);
    expect(operations.filter((operation) => !api.includes(`\`${operation}\``))).toEqual([]);
    const codes = [...read('libs/contracts/src/errors.ts').matchAll(/^ {2}(\w+): \d{3},$/gm)].map(
      ([, code]) => code!,
    );
    const types = [...read('libs/contracts/src/events.ts').matchAll(/^ {2}'([\w.]+)': '[\w.]+',$/gm)].map(
      ([, type]) => type!,
    );
    expect(codes.length).toBeGreaterThan(20);
    expect(types.length).toBeGreaterThan(10);
    expect([...codes, ...types].filter((name) => !api.includes(`\`${name}\``))).toEqual([]);
  });
});
