/**
 * The signed-in start without the Cognito library: the stored session is read from the keys
 * amazon-cognito-identity-js writes, and its access token is used only while it is good for more
 * than the refresh margin (after that Cognito refreshes it).
 */
import { describe, expect, it } from 'vitest';
import { freshStoredToken, jwtPayload, readStoredSession } from '../src/lib/auth/stored-session.ts';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: 'none' })}.${b64url(payload)}.sig`;

function storage(entries: Record<string, string>): Storage {
  const m = new Map(Object.entries(entries));
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, v),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}

const client = 'client1';
const prefix = `CognitoIdentityServiceProvider.${client}`;
const nowS = 1_800_000_000;
const session = (exp: number, extra: Record<string, string> = {}) =>
  storage({
    [`${prefix}.LastAuthUser`]: 'ann@example.com',
    [`${prefix}.ann@example.com.accessToken`]: jwt({ exp, username: 'ann' }),
    [`${prefix}.ann@example.com.idToken`]: jwt({ exp }),
    [`${prefix}.ann@example.com.refreshToken`]: 'opaque',
    ...extra,
  });

describe('the stored Cognito session', () => {
  it('reads the last user’s access token and its expiry', () => {
    const s = readStoredSession(
      client,
      session(nowS + 3600, { [`${prefix}.ann@example.com.clockDrift`]: '5' }),
    );
    expect(s).toMatchObject({ expiresAt: nowS + 3600, clockDriftSeconds: 5 });
    expect(freshStoredToken(s, nowS * 1000)).toBe(s!.accessToken);
  });

  it('is no session without a last user, an ID token, a refresh token or a readable token', () => {
    expect(readStoredSession(client, storage({}))).toBeNull();
    const noId = session(nowS + 3600);
    noId.removeItem(`${prefix}.ann@example.com.idToken`);
    expect(readStoredSession(client, noId)).toBeNull();
    const noRefresh = session(nowS + 3600);
    noRefresh.removeItem(`${prefix}.ann@example.com.refreshToken`);
    expect(readStoredSession(client, noRefresh)).toBeNull();
    const garbage = session(nowS + 3600, { [`${prefix}.ann@example.com.accessToken`]: 'not-a-jwt' });
    expect(readStoredSession(client, garbage)).toBeNull();
    // Another app client's tokens are not this one's.
    expect(readStoredSession('other', session(nowS + 3600))).toBeNull();
  });

  it('leaves a token that expires within 60 s (or has expired) to Cognito to refresh', () => {
    expect(freshStoredToken(readStoredSession(client, session(nowS + 61)), nowS * 1000)).not.toBeNull();
    expect(freshStoredToken(readStoredSession(client, session(nowS + 60)), nowS * 1000)).toBeNull();
    expect(freshStoredToken(readStoredSession(client, session(nowS - 10)), nowS * 1000)).toBeNull();
    expect(freshStoredToken(null)).toBeNull();
  });

  it('corrects the clock by the drift Cognito measured, in seconds', () => {
    // The computer runs 120 s ahead of Cognito: a token with 100 s left by the computer has 220 s left.
    const ahead = session(nowS + 100, { [`${prefix}.ann@example.com.clockDrift`]: '120' });
    expect(freshStoredToken(readStoredSession(client, ahead), nowS * 1000)).not.toBeNull();
    // 120 s behind: 100 s left by the computer is -20 s by Cognito.
    const behind = session(nowS + 100, { [`${prefix}.ann@example.com.clockDrift`]: '-120' });
    expect(freshStoredToken(readStoredSession(client, behind), (nowS + 100) * 1000 - 200_000)).not.toBeNull();
    expect(freshStoredToken(readStoredSession(client, behind), nowS * 1000)).toBeNull();
  });

  it('decodes a JWT payload, base64url included', () => {
    expect(jwtPayload(jwt({ exp: 1, name: 'Zoë ~?>' }))).toEqual({ exp: 1, name: 'Zoë ~?>' });
    expect(jwtPayload('a.b')).toBeNull();
    expect(jwtPayload('nothing')).toBeNull();
  });
});
