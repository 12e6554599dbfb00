import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import { errors, Provider, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { limitHttpServer } from '@booking/config';
import { DEMO_ACCOUNTS, type DemoAccount } from './accounts';
import { signInPage } from './pages';

export interface IdentitySandboxSettings {
  port: number;
  host?: string;
  /** The issuer URL, as browsers reach it; defaults to http://127.0.0.1:<port>. */
  issuer?: string;
  /** The API the access tokens are for: their `aud`, the gateway's OIDC_AUDIENCE. */
  audience: string;
  /** The web app: a public client (no secret) that must use PKCE. */
  client: { clientId: string; redirectUris: string[]; postLogoutRedirectUris: string[] };
  accounts?: readonly DemoAccount[];
  accessTokenTtlSeconds?: number;
}

const API_SCOPE = 'bookings';
const MAX_FORM_BYTES = 4_096;

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > MAX_FORM_BYTES) request.destroy(new Error('form too large'));
    });
    request.on('end', () => resolve(new URLSearchParams(body)));
    request.on('error', reject);
  });
}

/**
 * A local OpenID Connect provider for development and tests, built on `oidc-provider`: discovery,
 * JWKS, authorization code with PKCE, and RS256 JWT access tokens for the API carrying `role`.
 * Its sign-in page lists demo people instead of asking for a password. Never for production.
 */
export class IdentitySandbox {
  private readonly server: Server;
  private provider?: Provider;
  /** The provider's own request handler, made once. */
  private handleProtocol?: ReturnType<Provider['callback']>;
  private readonly accounts: Map<string, DemoAccount>;
  private baseUrl = '';

  constructor(private readonly settings: IdentitySandboxSettings) {
    this.accounts = new Map(
      (settings.accounts ?? DEMO_ACCOUNTS).map((account) => [account.accountId, account]),
    );
    this.server = createServer((request, response) => {
      this.route(request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        response.end(error instanceof Error ? error.message : 'bad request');
      });
    });
    limitHttpServer(this.server);
  }

  get url(): string {
    return this.baseUrl;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) =>
      this.server.listen(this.settings.port, this.settings.host ?? '127.0.0.1', resolve),
    );
    const { port } = this.server.address() as AddressInfo;
    this.baseUrl = this.settings.issuer ?? `http://127.0.0.1:${port}`;
    this.provider = new Provider(this.baseUrl, await this.configuration());
    this.handleProtocol = this.provider.callback();
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async configuration(): Promise<Configuration> {
    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const signingKey = {
      ...(await exportJWK(privateKey)),
      kid: `sandbox-${Date.now()}`,
      alg: 'RS256',
      use: 'sig',
    };
    const { audience, client } = this.settings;
    const accessTokenTTL = this.settings.accessTokenTtlSeconds ?? 3600;
    return {
      clients: [
        {
          client_id: client.clientId,
          client_name: 'Booking web app',
          token_endpoint_auth_method: 'none',
          redirect_uris: client.redirectUris,
          post_logout_redirect_uris: client.postLogoutRedirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [signingKey] },
      cookies: { keys: [randomBytes(32).toString('base64url')] },
      pkce: { required: () => true },
      claims: { openid: ['sub'], profile: ['name', 'role'] },
      // The web app's access token is for the API, not userinfo: its name and role ride in the ID token.
      conformIdTokenClaims: false,
      scopes: ['openid', 'profile'],
      findAccount: (_ctx, accountId) => {
        const account = this.accounts.get(accountId);
        if (!account) return undefined;
        return { accountId, claims: () => ({ sub: accountId, name: account.name, role: account.role }) };
      },
      // A first-party app: the grant is given at sign-in, no consent screen.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const { client: requester, session, provider } = ctx.oidc;
        if (!requester || !session?.accountId) return undefined;
        const grant = new provider.Grant({ clientId: requester.clientId, accountId: session.accountId });
        grant.addOIDCScope('openid profile');
        grant.addResourceScope(audience, API_SCOPE);
        await grant.save();
        return grant;
      },
      extraTokenClaims: (_ctx, token) =>
        token.kind === 'AccessToken' && token.accountId
          ? { role: this.accounts.get(token.accountId)?.role }
          : undefined,
      features: {
        devInteractions: { enabled: false },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => audience,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, indicator) => {
            if (indicator !== audience) throw new errors.InvalidTarget();
            return {
              scope: API_SCOPE,
              audience,
              accessTokenTTL,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          },
        },
      },
      clientBasedCORS: (_ctx, origin, requester) =>
        requester.redirectUris?.some((uri) => new URL(uri).origin === origin) ?? false,
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      ttl: {
        AccessToken: accessTokenTTL,
        AuthorizationCode: 60,
        Session: 86_400,
        Interaction: 600,
        Grant: 86_400,
      },
      renderError: (ctx, out) => {
        ctx.type = 'text/plain; charset=utf-8';
        ctx.body = `${out.error}: ${out.error_description ?? ''}`;
      },
    };
  }

  private async route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const provider = this.provider!;
    const interaction = /^\/interaction\/([\w-]+)(\/login)?$/.exec(
      new URL(request.url ?? '/', 'http://x').pathname,
    );
    if (!interaction) return this.handleProtocol!(request, response);
    const details = await provider.interactionDetails(request, response);
    if (interaction[2] && request.method === 'POST') {
      const accountId = (await readForm(request)).get('accountId') ?? '';
      if (!this.accounts.has(accountId)) throw new Error('no such demo account');
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const client = await provider.Client.find(String(details.params['client_id']));
    const page = signInPage(`/interaction/${details.uid}/login`, client?.clientName ?? 'the app', [
      ...this.accounts.values(),
    ]);
    response
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(page);
  }
}
