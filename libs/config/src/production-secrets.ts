/** Text that only a placeholder or a development default contains. */
const PLACEHOLDERS = [/change[_-]?me/i, /local[_-]?development/i, /sandbox[_-]?local/i, /example/i, /^x+$/i];

export const MIN_SECRET_BYTES = 32;

/** A Standard Webhooks key counts by the bytes after `whsec_`, anything else by its UTF-8 bytes. */
function secretBytes(value: string): number {
  return value.startsWith('whsec_')
    ? Buffer.from(value.slice('whsec_'.length), 'base64').length
    : Buffer.byteLength(value, 'utf8');
}

/** The password of a URL that carries one (`smtp://user:pass@host`), or the value itself. */
function secretOf(value: string): string {
  try {
    const url = new URL(value);
    return url.password ? decodeURIComponent(url.password) : value;
  } catch {
    return value;
  }
}

/**
 * What is wrong with the named secrets for production: missing (a development default would be
 * used), shorter than 32 bytes, a known placeholder, or the development default itself.
 */
export function productionSecretProblems(
  env: Record<string, string | undefined>,
  names: readonly string[],
  developmentDefaults: Record<string, unknown>,
): string[] {
  return names.flatMap((name) => {
    const given = env[name];
    if (given === undefined || given === '') return [`${name}: must be set in production`];
    const secret = secretOf(given);
    if (given === developmentDefaults[name])
      return [`${name}: is the development default; set a secret of your own`];
    if (PLACEHOLDERS.some((pattern) => pattern.test(secret)))
      return [`${name}: is a placeholder; set a real secret`];
    if (secretBytes(secret) < MIN_SECRET_BYTES)
      return [`${name}: must be at least ${MIN_SECRET_BYTES} bytes`];
    return [];
  });
}
