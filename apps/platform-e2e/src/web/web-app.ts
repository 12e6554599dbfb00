import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

const ROOT = join(__dirname, '../../../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/** `apps/web` built for production into `outDir`, exactly as `nx build web` does. */
export function buildWebApp(outDir: string): void {
  const vite = join(ROOT, 'node_modules/vite/bin/vite.js');
  const built = spawnSync(
    process.execPath,
    [
      vite,
      'build',
      '--config',
      join(ROOT, 'apps/web/vite.config.mts'),
      '--outDir',
      outDir,
      '--logLevel',
      'warn',
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  if (built.status !== 0) throw new Error(`vite build failed: ${built.stderr}`);
}

export interface WebAppConfig {
  apiUrl: string;
  issuer: string;
  clientId: string;
}

export interface ServedWebApp {
  url: string;
  stop(): Promise<void>;
}

/** The built files as a static host serves them: the deployment's config.json, index.html for app paths. */
export async function serveWebApp(dir: string, config: WebAppConfig, port = 0): Promise<ServedWebApp> {
  const server: Server = createServer((request, response) => {
    const path = normalize(new URL(request.url ?? '/', 'http://web').pathname).replace(/^(\.\.[/\\])+/, '');
    if (path === '/config.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(config));
      return;
    }
    const file = extname(path) ? join(dir, path) : join(dir, 'index.html');
    readFile(file).then(
      (body) =>
        response
          .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
          .end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
