/**
 * The session Cognito left in this browser's storage, read without loading the Cognito library, so
 * a signed-in start (the app's usual one) needs neither its code nor a call to Cognito while the
 * access token is good. The keys are the ones amazon-cognito-identity-js writes
 * (CognitoIdentityServiceProvider.{clientId}.LastAuthUser and .{user}.accessToken, .idToken,
 * .refreshToken, .clockDrift); anything else (no session, an expiring token, a refresh, sign-in)
 * goes through lib/auth/cognito.ts, loaded then.
 */
import { needsRefresh } from './token-refresh.ts';

export interface StoredSession {
  accessToken: string;
  /** The access token's `exp` (seconds). */
  expiresAt: number;
  /** Local clock minus Cognito's at sign-in, in seconds (as the library stores it). */
  clockDriftSeconds: number;
}

/** The payload of a JWT, or null when it is not one. */
export function jwtPayload(token: string): Record<string, unknown> | null {
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0)),
    );
    const payload: unknown = JSON.parse(json);
    return typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The tokens stored for the last user of this app client; null when there is no whole session. */
export function readStoredSession(clientId: string, storage: Storage = localStorage): StoredSession | null {
  const prefix = `CognitoIdentityServiceProvider.${clientId}`;
  const user = storage.getItem(`${prefix}.LastAuthUser`);
  if (!user) return null;
  const key = (name: string) => storage.getItem(`${prefix}.${user}.${name}`);
  const accessToken = key('accessToken');
  // Cognito needs all three to call it a session.
  if (!accessToken || !key('idToken') || !key('refreshToken')) return null;
  const exp = jwtPayload(accessToken)?.exp;
  if (typeof exp !== 'number') return null;
  return {
    accessToken,
    expiresAt: exp,
    clockDriftSeconds: Number.parseInt(key('clockDrift') ?? '', 10) || 0,
  };
}

/** The stored access token when it is good for more than the refresh margin; else null. */
export function freshStoredToken(s: StoredSession | null, nowMs: number = Date.now()): string | null {
  if (!s) return null;
  return needsRefresh(s.expiresAt, nowMs - s.clockDriftSeconds * 1000) ? null : s.accessToken;
}
