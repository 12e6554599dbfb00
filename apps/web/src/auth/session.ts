import * as oauth from 'oauth4webapi';
import type { WebConfig } from '../config';

export type Role = 'customer' | 'host' | 'admin';

export interface Session {
  accessToken: string;
  /** Shown to the provider when signing out, so it ends the right session. */
  idToken: string;
  expiresAt: number;
  userId: string;
  name: string;
  role: Role;
}

const SESSION_KEY = 'booking.session';
const PENDING_KEY = 'booking.sign-in';
export const CALLBACK_PATH = '/signed-in';

// Plain http is allowed for a provider on this machine only (the local stand-in); anywhere else it is https.
const isLoopback = (url: URL) => ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);

async function authorizationServer(config: WebConfig): Promise<oauth.AuthorizationServer> {
  const issuer = new URL(config.issuer);
  const options = { [oauth.allowInsecureRequests]: isLoopback(issuer) };
  return oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, options));
}

const redirectUri = () => `${window.location.origin}${CALLBACK_PATH}`;

/** Sends the browser to the provider: authorization code with PKCE, state and nonce kept for the return. */
export async function signIn(config: WebConfig, returnTo: string): Promise<void> {
  const as = await authorizationServer(config);
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  sessionStorage.setItem(PENDING_KEY, JSON.stringify({ verifier, state, nonce, returnTo }));
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: redirectUri(),
    response_type: 'code',
    scope: 'openid profile',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  window.location.assign(url);
}

/** Back from the provider: checks state, redeems the code with the verifier, validates the ID token. */
export async function completeSignIn(config: WebConfig): Promise<{ session: Session; returnTo: string }> {
  const pending = JSON.parse(sessionStorage.getItem(PENDING_KEY) ?? 'null') as {
    verifier: string;
    state: string;
    nonce: string;
    returnTo: string;
  } | null;
  if (!pending) throw new Error('This sign-in was not started here; sign in again.');
  sessionStorage.removeItem(PENDING_KEY);
  const as = await authorizationServer(config);
  const client: oauth.Client = { client_id: config.clientId };
  const insecure = { [oauth.allowInsecureRequests]: isLoopback(new URL(config.issuer)) };
  const params = oauth.validateAuthResponse(as, client, new URL(window.location.href), pending.state);
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    oauth.None(),
    params,
    redirectUri(),
    pending.verifier,
    insecure,
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: pending.nonce,
    requireIdToken: true,
  });
  const claims = oauth.getValidatedIdTokenClaims(result)!;
  const session: Session = {
    accessToken: result.access_token,
    idToken: result.id_token!,
    expiresAt: Date.now() + (result.expires_in ?? 3600) * 1000,
    userId: claims.sub,
    name: typeof claims['name'] === 'string' ? claims['name'] : claims.sub,
    role: claims['role'] as Role,
  };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
  return { session, returnTo: pending.returnTo };
}

/** The signed-in person, while their access token is valid. */
export function currentSession(): Session | undefined {
  const session = JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? 'null') as Session | null;
  return session && session.expiresAt > Date.now() + 30_000 ? session : undefined;
}

/** Forgets the tokens and ends the provider's session too, so the next sign-in asks who it is. */
export async function signOut(config: WebConfig): Promise<void> {
  const session = currentSession();
  sessionStorage.removeItem(SESSION_KEY);
  const as = await authorizationServer(config);
  if (!as.end_session_endpoint || !session) return;
  const url = new URL(as.end_session_endpoint);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    id_token_hint: session.idToken,
    post_logout_redirect_uri: `${window.location.origin}/`,
  }).toString();
  window.location.assign(url);
}
