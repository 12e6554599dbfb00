import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../../..');
const HERE = join(ROOT, 'libs', 'testing', 'ical4j');
const LIBS = join(process.env['BOOKING_CACHE_DIR'] ?? join(ROOT, '.cache'), 'ical4j', 'libs');

/** ical4j's jars from Maven Central, copied into the cache once. */
async function ical4jJars(): Promise<string> {
  if (existsSync(LIBS) && readdirSync(LIBS).some((file) => file.startsWith('ical4j-'))) return LIBS;
  mkdirSync(LIBS, { recursive: true });
  await run('mvn', [
    '-q',
    '-B',
    '-f',
    join(HERE, 'pom.xml'),
    'dependency:copy-dependencies',
    `-DoutputDirectory=${LIBS}`,
    '-DincludeScope=runtime',
  ]);
  return LIBS;
}

/**
 * What ical4j, read strictly (no relaxed parsing, unfolding or validation), finds wrong with each
 * calendar: `name: problem` lines, none for a valid calendar. An independent check of what the
 * platform writes with ical.js, including iTIP's rules for a METHOD:REQUEST or CANCEL.
 */
export async function ical4jProblems(calendars: Record<string, string>): Promise<string[]> {
  const jars = await ical4jJars();
  const dir = mkdtempSync(join(tmpdir(), 'ical4j-'));
  try {
    const files = Object.entries(calendars).map(([name, text]) => {
      const file = join(dir, `${name}.ics`);
      writeFileSync(file, text);
      return file;
    });
    const { stdout } = await run('java', [
      '-cp',
      `${jars}/*`,
      join(HERE, 'ValidateCalendars.java'),
      ...files,
    ]);
    return stdout
      .split('\n')
      .filter((line) => line.length > 0)
      .map((line) => line.replace(`${dir}/`, '').replace(/\.ics\t/, ': '));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
