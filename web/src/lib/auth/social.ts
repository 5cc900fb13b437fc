/**
 * Google and LinkedIn sign-in through the Cognito hosted UI (authorization code with PKCE).
 * The browser goes to /oauth2/authorize with `identity_provider`; the provider sends it back to
 * /login/callback/{provider} with a code, which is exchanged at /oauth2/token for Cognito tokens.
 * Shown only when config.json names a hosted UI domain and providers (not available locally).
 */
import type { RuntimeConfig } from '@tandem/shared/api/config';
import { AuthError, toAuthError } from './auth-error.ts';

export type SocialProvider = NonNullable<RuntimeConfig['cognito']['providers']>[number];

const PENDING_KEY = 'tandem.oauth.pending';

export const providerSlug = (p: SocialProvider): string => p.toLowerCase();

export function providerFromSlug(slug: string | undefined, config: RuntimeConfig): SocialProvider | null {
  return (config.cognito.providers ?? []).find((p) => providerSlug(p) === slug) ?? null;
}

export const socialProviders = (config: RuntimeConfig): SocialProvider[] =>
  config.cognito.domain ? (config.cognito.providers ?? []) : [];

const hostedUi = (domain: string): string =>
  (/^https?:\/\//.test(domain) ? domain : `https://${domain}`).replace(/\/+$/, '');

const redirectUri = (provider: SocialProvider): string =>
  `${window.location.origin}/login/callback/${providerSlug(provider)}`;

const base64url = (bytes: Uint8Array): string => {
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};

const randomString = (bytes = 32): string => base64url(crypto.getRandomValues(new Uint8Array(bytes)));

async function challengeFor(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

interface Pending {
  state: string;
  verifier: string;
  provider: SocialProvider;
  next: string;
}

export async function startSocialSignIn(
  config: RuntimeConfig,
  provider: SocialProvider,
  next: string,
): Promise<void> {
  const domain = config.cognito.domain;
  if (!domain) throw new AuthError('generic', 'NoHostedUi');
  const pending: Pending = { state: randomString(), verifier: randomString(48), provider, next };
  sessionStorage.setItem(PENDING_KEY, JSON.stringify(pending));
  const params = new URLSearchParams({
    identity_provider: provider,
    redirect_uri: redirectUri(provider),
    response_type: 'code',
    client_id: config.cognito.clientId,
    scope: 'openid email profile aws.cognito.signin.user.admin',
    state: pending.state,
    code_challenge: await challengeFor(pending.verifier),
    code_challenge_method: 'S256',
  });
  window.location.assign(`${hostedUi(domain)}/oauth2/authorize?${params}`);
}

/** Exchanges the code from the callback URL; returns where to go next. */
export async function completeSocialSignIn(
  config: RuntimeConfig,
  provider: SocialProvider,
  search: URLSearchParams,
): Promise<string> {
  const raw = sessionStorage.getItem(PENDING_KEY);
  sessionStorage.removeItem(PENDING_KEY);
  const pending = raw ? (JSON.parse(raw) as Pending) : null;
  const code = search.get('code');
  if (
    search.get('error') ||
    !code ||
    !pending ||
    pending.state !== search.get('state') ||
    pending.provider !== provider
  ) {
    throw new AuthError('generic', search.get('error') ?? 'InvalidCallback');
  }
  const domain = config.cognito.domain;
  if (!domain) throw new AuthError('generic', 'NoHostedUi');
  let res: Response;
  try {
    res = await fetch(`${hostedUi(domain)}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: config.cognito.clientId,
        code,
        redirect_uri: redirectUri(provider),
        code_verifier: pending.verifier,
      }),
    });
  } catch (err) {
    throw toAuthError({ code: 'NetworkError', message: String(err) }, 'signIn');
  }
  if (!res.ok) throw new AuthError('generic', `TokenEndpoint${res.status}`);
  const body = (await res.json()) as { id_token?: string; access_token?: string; refresh_token?: string };
  if (!body.id_token || !body.access_token || !body.refresh_token)
    throw new AuthError('generic', 'TokenEndpointBody');
  // Cognito's library loads here, not with the sign-in page's buttons.
  const { adoptTokens } = await import('./cognito.ts');
  adoptTokens({ idToken: body.id_token, accessToken: body.access_token, refreshToken: body.refresh_token });
  return pending.next;
}
