import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CACHE_DIR } from './paths';

/**
 * A secret of this checkout's own for a local platform, made once and kept in the git-ignored
 * cache (mode 600): never the public development default, and the same after a restart, so what
 * it signed (checkout links) still verifies.
 */
export function localSecret(name: string, dir: string = CACHE_DIR): string {
  const file = join(dir, 'local-secrets.json');
  let secrets: Record<string, string> = {};
  try {
    secrets = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    // None kept yet (or unreadable): made below.
  }
  const kept = secrets[name];
  if (typeof kept === 'string' && kept.length >= 43) return kept;
  const made = randomBytes(32).toString('base64url');
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...secrets, [name]: made }, null, 2)}\n`, { mode: 0o600 });
  return made;
}
