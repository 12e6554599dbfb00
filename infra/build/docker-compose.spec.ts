import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

interface ComposeService {
  build?: { context: string; target: string };
  image?: string;
  command?: string[];
  ports?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(readFileSync(join(__dirname, '../../docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;
const APPS = ['api-gateway', 'booking', 'payment', 'refund', 'notification'];
const SANDBOXES = ['payment-sandbox', 'messaging-sandbox', 'google-sandbox'];

describe('docker-compose.yml', () => {
  it('runs the compiled apps from the two images the Dockerfile builds', () => {
    for (const name of APPS) {
      expect(services[name]!.build).toEqual({ context: '.', target: 'service' });
      expect(services[name]!.command).toEqual([`dist/apps/${name}/main.js`]);
    }
    for (const name of SANDBOXES) expect(services[name]!.build).toEqual({ context: '.', target: 'sandbox' });
    const dockerfile = readFileSync(join(__dirname, '../../Dockerfile'), 'utf8');
    expect(dockerfile).toMatch(/^FROM runtime AS service$/m);
    expect(dockerfile).toMatch(/^FROM runtime AS sandbox$/m);
  });

  it('starts the apps once the topics exist, and checks each app is ready on its own port', () => {
    for (const name of [...APPS, ...SANDBOXES])
      expect(services[name]!.depends_on?.['kafka-topics']).toEqual({
        condition: 'service_completed_successfully',
      });
    for (const name of APPS) {
      expect(services[name]!.healthcheck?.test?.join(' ')).toContain('/health/ready');
      const port = services[name]!.environment!['HEALTHCHECK_PORT'];
      expect(services[name]!.ports ?? [`127.0.0.1:${port}:${port}`]).toContainEqual(
        expect.stringContaining(`:${port}`),
      );
    }
  });

  it('binds every published port to 127.0.0.1 only', () => {
    const published = Object.values(services).flatMap((service) => service.ports ?? []);
    expect(published.length).toBeGreaterThan(0);
    for (const port of published) expect(port).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
  });
});
