import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The browser the web tests drive: `CHROMIUM_PATH`, else Debian's chromium, installed with apt-get when missing and allowed. */
export function ensureChromium(env: NodeJS.ProcessEnv = process.env): string {
  const found = [env['CHROMIUM_PATH'], ...CANDIDATES].find((path) => path && existsSync(path));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    // Playwright's own browser download needs the internet; Debian's package comes from the apt mirror.
    const apt = (...args: string[]) =>
      execFileSync('apt-get', args, {
        stdio: 'ignore',
        env: { ...env, DEBIAN_FRONTEND: 'noninteractive' },
        timeout: 600_000,
      });
    try {
      apt('install', '-y', '--no-install-recommends', 'chromium');
    } catch {
      apt('update');
      apt('install', '-y', '--no-install-recommends', 'chromium');
    }
    if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error('No Chromium: run `apt-get install chromium` (Debian) or set CHROMIUM_PATH.');
}
