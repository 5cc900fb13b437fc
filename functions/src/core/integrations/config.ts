/**
 * The providers' addresses and this app's client registration, from the environment. Every endpoint
 * is configuration, so the local stack points them at the stand-ins of scripts/src/local/
 * calendar-providers/ and AWS at the real services (the defaults).
 */
import type { OAuthProvider } from '@tandem/shared/integrations/integrations';

export interface OAuthConfig {
  authUrl: string;
  tokenUrl: string;
  /** Google's revocation endpoint; Microsoft has none for one refresh token (the token is forgotten). */
  revokeUrl: string | null;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  scopes: string;
  redirectUri: string;
}

const v = (name: string, fallback: string) => process.env[name] || fallback;
const appUrl = () => v('APP_URL', 'http://localhost:3000');

export function oauthConfig(provider: OAuthProvider): OAuthConfig {
  if (provider === 'google')
    return {
      authUrl: v('GOOGLE_AUTH_URL', 'https://accounts.google.com/o/oauth2/v2/auth'),
      tokenUrl: v('GOOGLE_TOKEN_URL', 'https://oauth2.googleapis.com/token'),
      revokeUrl: v('GOOGLE_REVOKE_URL', 'https://oauth2.googleapis.com/revoke'),
      apiUrl: v('GOOGLE_CALENDAR_API_URL', 'https://www.googleapis.com/calendar/v3'),
      clientId: v('GOOGLE_CLIENT_ID', ''),
      clientSecret: v('GOOGLE_CLIENT_SECRET', ''),
      scopes: 'openid email https://www.googleapis.com/auth/calendar',
      redirectUri: `${appUrl()}/callback/google`,
    };
  return {
    authUrl: v('AZURE_AUTH_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize'),
    tokenUrl: v('AZURE_TOKEN_URL', 'https://login.microsoftonline.com/common/oauth2/v2.0/token'),
    revokeUrl: null,
    apiUrl: v('AZURE_GRAPH_URL', 'https://graph.microsoft.com/v1.0'),
    clientId: v('AZURE_CLIENT_ID', ''),
    clientSecret: v('AZURE_CLIENT_SECRET', ''),
    scopes: 'offline_access User.Read Calendars.ReadWrite',
    redirectUri: `${appUrl()}/callback/azure`,
  };
}
