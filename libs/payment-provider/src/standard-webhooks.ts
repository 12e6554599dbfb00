import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com): `webhook-signature` carries space-separated
 * `v1,<base64 HMAC-SHA256 of "{id}.{timestamp}.{body}">`, so a provider rotating its secret can
 * sign with the old and the new key at once.
 */
export const WEBHOOK_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

export const DEFAULT_TOLERANCE_SECONDS = 5 * 60;

export type WebhookRefusal =
  'missing_headers' | 'bad_timestamp' | 'timestamp_out_of_tolerance' | 'no_valid_signature';

/** The signing key: the base64 after `whsec_`, or else the secret's UTF-8 bytes. */
export function webhookKey(secret: string): Buffer {
  return secret.startsWith('whsec_')
    ? Buffer.from(secret.slice('whsec_'.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

function hmac(key: Buffer, id: string, timestamp: string, body: string | Buffer): Buffer {
  return createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
}

/** The `webhook-signature` value for one delivery, with one signature per secret. */
export function signWebhook(
  secrets: readonly string[],
  delivery: { id: string; timestamp: number; body: string | Buffer },
): string {
  const timestamp = String(delivery.timestamp);
  return secrets
    .map(
      (secret) => `v1,${hmac(webhookKey(secret), delivery.id, timestamp, delivery.body).toString('base64')}`,
    )
    .join(' ');
}

/**
 * Why a delivery is not to be trusted, or undefined when it is. Compares in constant time, and
 * refuses timestamps further than `toleranceSeconds` from `now` either way (a replayed or a
 * pre-signed delivery).
 */
export function verifyWebhook(
  secret: string,
  delivery: {
    id: string | undefined;
    timestamp: string | undefined;
    signature: string | undefined;
    body: string | Buffer;
  },
  now: Date,
  toleranceSeconds = DEFAULT_TOLERANCE_SECONDS,
): WebhookRefusal | undefined {
  const { id, timestamp, signature } = delivery;
  if (!id || !timestamp || !signature) return 'missing_headers';
  if (!/^\d{1,12}$/.test(timestamp)) return 'bad_timestamp';
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > toleranceSeconds)
    return 'timestamp_out_of_tolerance';
  const expected = hmac(webhookKey(secret), id, timestamp, delivery.body);
  const valid = signature.split(' ').some((entry) => {
    const [version, encoded] = entry.split(',', 2);
    if (version !== 'v1' || !encoded) return false;
    const candidate = Buffer.from(encoded, 'base64');
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  return valid ? undefined : 'no_valid_signature';
}
