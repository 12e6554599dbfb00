import { createHash, randomBytes } from 'node:crypto';

/** An OAuth 2.0 error answer (RFC 6749 §5.2), as Google's token endpoint gives it. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }

  toJSON() {
    return { error: this.error, error_description: this.description };
  }
}

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  account: string;
  scope: string;
  expiresAt: number;
}

interface Grant {
  clientId: string;
  account: string;
  scope: string;
  revoked: boolean;
}

const CODE_TTL_MS = 10 * 60_000;
const token = (prefix: string) => `${prefix}${randomBytes(24).toString('base64url')}`;
const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * The authorization server's books: one-use codes bound to their PKCE challenge and redirect,
 * refresh tokens that last until revoked, access tokens that expire. Which account (calendar)
 * a token opens is what the Calendar API reads from it.
 */
export class OAuthGrants {
  private readonly codes = new Map<string, PendingCode>();
  private readonly refreshTokens = new Map<string, Grant>();
  private readonly accessTokens = new Map<string, { grant: Grant; expiresAt: number }>();

  constructor(
    private readonly client: OAuthClient,
    private readonly now: () => number,
    private readonly accessTokenTtlSeconds: number,
  ) {}

  /** Checks an authorization request as Google does, before the consent page is shown. */
  checkAuthorization(query: Record<string, string | undefined>): void {
    if (query['client_id'] !== this.client.clientId)
      throw new OAuthError(401, 'invalid_client', 'The OAuth client was not found.');
    if (!this.client.redirectUris.includes(query['redirect_uri'] ?? ''))
      throw new OAuthError(
        400,
        'redirect_uri_mismatch',
        'The redirect URI is not registered for this client.',
      );
    if (query['response_type'] !== 'code')
      throw new OAuthError(400, 'unsupported_response_type', 'response_type must be code.');
    if (!query['scope']) throw new OAuthError(400, 'invalid_scope', 'Missing required parameter: scope');
    if (
      query['code_challenge_method'] !== 'S256' ||
      !/^[A-Za-z0-9_-]{43,128}$/.test(query['code_challenge'] ?? '')
    )
      throw new OAuthError(400, 'invalid_request', 'PKCE with code_challenge_method=S256 is required.');
  }

  /** The account owner said yes: a code for the client's redirect. */
  approve(query: Record<string, string | undefined>, account: string): string {
    this.checkAuthorization(query);
    const code = token('4/');
    this.codes.set(code, {
      clientId: this.client.clientId,
      redirectUri: query['redirect_uri']!,
      codeChallenge: query['code_challenge']!,
      account,
      scope: query['scope']!,
      expiresAt: this.now() + CODE_TTL_MS,
    });
    return code;
  }

  /** `POST /token`: the authorization_code (with its PKCE verifier) and refresh_token grants. */
  exchange(form: Record<string, string | undefined>) {
    if (form['client_id'] !== this.client.clientId || form['client_secret'] !== this.client.clientSecret)
      throw new OAuthError(401, 'invalid_client', 'Unauthorized');
    if (form['grant_type'] === 'authorization_code') return this.redeemCode(form);
    if (form['grant_type'] === 'refresh_token') return this.refresh(form['refresh_token'] ?? '');
    throw new OAuthError(400, 'unsupported_grant_type', 'Invalid grant_type.');
  }

  /** `POST /revoke`: either token ends the whole grant, as at Google. */
  revoke(value: string): boolean {
    const grant = this.refreshTokens.get(value) ?? this.accessTokens.get(value)?.grant;
    if (!grant) return false;
    grant.revoked = true;
    return true;
  }

  /** The account an access token opens, or null when it is unknown, expired or revoked. */
  accountOf(accessToken: string): string | null {
    const access = this.accessTokens.get(accessToken);
    if (!access || access.grant.revoked || access.expiresAt <= this.now()) return null;
    return access.grant.account;
  }

  /** Whether the account gave grants and all of them are revoked now. */
  isRevoked(account: string): boolean {
    const grants = [...this.refreshTokens.values()].filter((grant) => grant.account === account);
    return grants.length > 0 && grants.every((grant) => grant.revoked);
  }

  /** Fault: every access token issued so far has expired. */
  expireAccessTokens(): void {
    for (const access of this.accessTokens.values()) access.expiresAt = 0;
  }

  /** Fault: the account owner revoked access (as from their Google account's security page). */
  revokeAll(): void {
    for (const grant of this.refreshTokens.values()) grant.revoked = true;
  }

  private redeemCode(form: Record<string, string | undefined>) {
    const pending = this.codes.get(form['code'] ?? '');
    this.codes.delete(form['code'] ?? '');
    if (!pending || pending.expiresAt <= this.now())
      throw new OAuthError(400, 'invalid_grant', 'Malformed auth code.');
    if (pending.redirectUri !== form['redirect_uri'])
      throw new OAuthError(400, 'redirect_uri_mismatch', 'Bad Request');
    if (!form['code_verifier'] || s256(form['code_verifier']) !== pending.codeChallenge)
      throw new OAuthError(400, 'invalid_grant', 'Invalid code verifier.');
    const grant: Grant = {
      clientId: pending.clientId,
      account: pending.account,
      scope: pending.scope,
      revoked: false,
    };
    const refreshToken = token('1//');
    this.refreshTokens.set(refreshToken, grant);
    return { ...this.issueAccess(grant), refresh_token: refreshToken };
  }

  private refresh(refreshToken: string) {
    const grant = this.refreshTokens.get(refreshToken);
    if (!grant || grant.revoked)
      throw new OAuthError(400, 'invalid_grant', 'Token has been expired or revoked.');
    return this.issueAccess(grant);
  }

  private issueAccess(grant: Grant) {
    const accessToken = token('ya29.');
    this.accessTokens.set(accessToken, { grant, expiresAt: this.now() + this.accessTokenTtlSeconds * 1000 });
    return {
      access_token: accessToken,
      expires_in: this.accessTokenTtlSeconds,
      scope: grant.scope,
      token_type: 'Bearer',
    };
  }
}
