import { signWebhook, verifyWebhook, webhookKey } from './standard-webhooks';

const NOW = new Date('2026-12-01T10:00:00Z');
const SECONDS = NOW.getTime() / 1000;
const BODY = '{"type":"payment.succeeded","data":{"txnId":"pi_1"}}';

function delivery(
  secrets: string[],
  overrides: Partial<{ id: string; timestamp: number; body: string }> = {},
) {
  const id = overrides.id ?? 'msg_1';
  const timestamp = overrides.timestamp ?? SECONDS;
  const body = overrides.body ?? BODY;
  return { id, timestamp: String(timestamp), signature: signWebhook(secrets, { id, timestamp, body }), body };
}

describe('Standard Webhooks', () => {
  it('accepts a delivery signed with the secret', () => {
    expect(verifyWebhook('s3cret', delivery(['s3cret']), NOW)).toBeUndefined();
  });

  it('decodes whsec_ secrets as base64, as the spec says', () => {
    const secret = `whsec_${Buffer.from('raw key bytes').toString('base64')}`;
    expect(webhookKey(secret).toString()).toBe('raw key bytes');
    expect(verifyWebhook(secret, delivery([secret]), NOW)).toBeUndefined();
    expect(verifyWebhook('raw key bytes', delivery([secret]), NOW)).toBeUndefined();
  });

  it('matches the Standard Webhooks reference vector', () => {
    // From the spec repository's test suite (standard-webhooks/libraries).
    const signature = signWebhook(['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'], {
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: 1614265330,
      body: '{"test": 2432232314}',
    });
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('accepts when any one of several signatures is valid (secret rotation)', () => {
    const rotated = delivery(['old-secret', 'new-secret']);
    expect(verifyWebhook('new-secret', rotated, NOW)).toBeUndefined();
    expect(verifyWebhook('old-secret', rotated, NOW)).toBeUndefined();
  });

  it('refuses a tampered body, a wrong secret and a foreign version', () => {
    const signed = delivery(['s3cret']);
    expect(verifyWebhook('s3cret', { ...signed, body: BODY.replace('pi_1', 'pi_2') }, NOW)).toBe(
      'no_valid_signature',
    );
    expect(verifyWebhook('other', signed, NOW)).toBe('no_valid_signature');
    expect(
      verifyWebhook('s3cret', { ...signed, signature: signed.signature.replace('v1,', 'v2,') }, NOW),
    ).toBe('no_valid_signature');
    expect(verifyWebhook('s3cret', { ...signed, signature: 'v1,short' }, NOW)).toBe('no_valid_signature');
  });

  it('refuses timestamps more than five minutes away, in either direction', () => {
    expect(verifyWebhook('s', delivery(['s'], { timestamp: SECONDS - 600 }), NOW)).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(verifyWebhook('s', delivery(['s'], { timestamp: SECONDS + 600 }), NOW)).toBe(
      'timestamp_out_of_tolerance',
    );
    expect(verifyWebhook('s', delivery(['s'], { timestamp: SECONDS - 299 }), NOW)).toBeUndefined();
  });

  it('refuses missing headers and non-numeric timestamps', () => {
    const signed = delivery(['s']);
    expect(verifyWebhook('s', { ...signed, id: undefined }, NOW)).toBe('missing_headers');
    expect(verifyWebhook('s', { ...signed, signature: '' }, NOW)).toBe('missing_headers');
    expect(verifyWebhook('s', { ...signed, timestamp: '1e9' }, NOW)).toBe('bad_timestamp');
  });
});
