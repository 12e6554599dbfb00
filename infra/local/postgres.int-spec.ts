import { chmodSync, cpSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { freePort } from './net';
import { embeddedInstallation, LocalPostgresCluster, removeCluster } from './postgres';

describe('the embedded PostgreSQL cluster', () => {
  it('starts from a checkout in a folder only its owner may enter (as root: a private home)', async () => {
    // A checkout of its own, binaries included, inside a mode-700 folder.
    const home = mkdtempSync(join(tmpdir(), 'private-home-'));
    chmodSync(home, 0o700);
    const installation = join(home, 'checkout', 'node_modules', 'native');
    cpSync(embeddedInstallation(), installation, { recursive: true, verbatimSymlinks: true });
    const folder = join(home, 'checkout', '.cache', 'postgres');
    const cluster = new LocalPostgresCluster(folder, await freePort(), installation);
    try {
      await cluster.initialise();
      await cluster.start();
      const client = new Client({ connectionString: cluster.url });
      await client.connect();
      try {
        // What the booking service's exclusion constraints need.
        await client.query('CREATE EXTENSION btree_gist');
        expect((await client.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
      } finally {
        await client.end();
      }
      await cluster.stop('immediate');
      // The checkout's folder shows the data, wherever the server had to keep it.
      expect(realpathSync(join(folder, 'data'))).toBe(realpathSync(cluster.dataDir));
      // As root, `postgres` cannot enter the home: binaries and data were placed where it can;
      // as anyone else the server runs as that user, from the checkout itself.
      const asRoot = process.getuid?.() === 0;
      expect(cluster.installation.startsWith('/var/lib/booking-platform/')).toBe(asRoot);
      expect(cluster.dataDir.startsWith('/var/lib/booking-platform/')).toBe(asRoot);
    } finally {
      await cluster.stop('immediate').catch(() => undefined);
      removeCluster(cluster, folder);
      if (cluster.installation !== installation)
        rmSync(cluster.installation, { recursive: true, force: true });
      rmSync(home, { recursive: true, force: true });
    }
  }, 120_000);
});
