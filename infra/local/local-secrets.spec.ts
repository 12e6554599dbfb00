import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { commonConfigSchema } from '@booking/config';
import { localSecret } from './local-secrets';

describe('localSecret', () => {
  it('makes a 32-byte secret once per checkout, keeps it (mode 600), and never the public default', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-'));
    const first = localSecret('INTERNAL_JWT_SECRET', dir);
    expect(Buffer.from(first, 'base64url')).toHaveLength(32);
    expect(first).not.toBe(commonConfigSchema.parse({}).INTERNAL_JWT_SECRET);
    expect(localSecret('INTERNAL_JWT_SECRET', dir)).toBe(first);
    expect(localSecret('OTHER_SECRET', dir)).not.toBe(first);
    expect(localSecret('INTERNAL_JWT_SECRET', dir)).toBe(first);
    expect(statSync(join(dir, 'local-secrets.json')).mode & 0o777).toBe(0o600);
  });

  it('is a different secret in another checkout', () => {
    const [one, two] = [mkdtempSync(join(tmpdir(), 'a-')), mkdtempSync(join(tmpdir(), 'b-'))];
    expect(localSecret('INTERNAL_JWT_SECRET', one)).not.toBe(localSecret('INTERNAL_JWT_SECRET', two));
  });
});
