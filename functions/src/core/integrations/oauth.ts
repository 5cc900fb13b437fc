/**
 * OAuth 2.0 authorisation code flow with PKCE (RFC 7636, S256) for Google and Microsoft: the URL the
 * person is sent to (calendar scopes, offline access so a refresh token comes back), the code's
 * exchange, refreshing an access token, and revoking a refresh token.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OAuthProvider } from '@tandem/shared/integrations/integrations';
import { oauthConfig } from './config.ts';
import { CredentialsRefusedError, ProviderError } from './provider.ts';

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
export const newVerifier = () => randomBytes(48).toString('base64url');
export const newState = () => randomBytes(24).toString('base64url');

/**
 * The provider's sign-in page. `loginHint` (a reconnect: the connection's account, D83) names the
 * account to sign in as, so the person is not asked to pick it and the same connection is repaired;
 * Google and Microsoft both take `login_hint`.
 */
export function authorizationUrl(
  provider: OAuthProvider,
  state: string,
  verifier: string,
  loginHint?: string,
): string {
  const c = oauthConfig(provider);
  const url = new URL(c.authUrl);
  const q = url.searchParams;
  q.set('client_id', c.clientId);
  q.set('redirect_uri', c.redirectUri);
  q.set('response_type', 'code');
  q.set('scope', c.scopes);
  q.set('state', state);
  q.set('code_challenge', pkceChallenge(verifier));
  q.set('code_challenge_method', 'S256');
  if (provider === 'google') {
    // Offline access: a refresh token; consent each time, so Google sends one again on reconnecting.
    q.set('access_type', 'offline');
    q.set('prompt', 'consent');
  } else {
    q.set('response_mode', 'query');
  }
  if (loginHint) q.set('login_hint', loginHint);
  return url.toString();
}

export interface Tokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: number;
}

async function tokenCall(provider: OAuthProvider, form: Record<string, string>): Promise<Tokens> {
  const c = oauthConfig(provider);
  const res = await fetch(c.tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams({ client_id: c.clientId, client_secret: c.clientSecret, ...form }),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: reported below
  }
  // invalid_grant: the code or the refresh token is expired, used or revoked (RFC 6749 §5.2).
  if (res.status === 400 && body.error === 'invalid_grant')
    throw new CredentialsRefusedError(String(body.error_description ?? 'invalid_grant'));
  if (!res.ok || typeof body.access_token !== 'string') throw new ProviderError(res.status, text);
  return {
    accessToken: body.access_token,
    refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
    expiresAt: Date.now() + Number(body.expires_in ?? 3600) * 1000,
  };
}

export const exchangeCode = (provider: OAuthProvider, code: string, verifier: string) =>
  tokenCall(provider, {
    grant_type: 'authorization_code',
    code,
    code_verifier: verifier,
    redirect_uri: oauthConfig(provider).redirectUri,
  });

export const refreshAccess = (provider: OAuthProvider, refreshToken: string) =>
  tokenCall(provider, {
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
    scope: oauthConfig(provider).scopes,
  });

/** Google revokes the token at its endpoint; Microsoft has no such call: the token is forgotten. */
export async function revokeToken(provider: OAuthProvider, refreshToken: string): Promise<boolean> {
  const url = oauthConfig(provider).revokeUrl;
  if (!url) return false;
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: refreshToken }),
    signal: AbortSignal.timeout(15_000),
  });
  // 400 invalid_token: already revoked or expired, which is what we wanted.
  return res.ok || res.status === 400;
}
