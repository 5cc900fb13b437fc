/**
 * verifyAccessToken against a pool of our own: an RSA key pair and a JWKS served over local HTTP,
 * the way cognito-local serves its keys. Each refusal case differs from a valid token in one thing.
 */
import { generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, InvalidTokenError, verifyAccessToken } from '../../src/lib/jwt.ts';

const KID = 'test-key';
const CLIENT_ID = 'test-client';
const pool = generateKeyPairSync('rsa', { modulusLength: 2048 });
const otherPool = generateKeyPairSync('rsa', { modulusLength: 2048 });

let server: Server;
let baseUrl: string;
const issuer = () => `${baseUrl}/local_pool1`;
const expected = () => ({
  issuer: issuer(),
  clientId: CLIENT_ID,
  jwksUri: `${issuer()}/.well-known/jwks.json`,
});

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

function signJwt(
  payload: Record<string, unknown>,
  key: KeyObject = pool.privateKey,
  header: object = {},
): string {
  const head = b64url({ alg: 'RS256', kid: KID, typ: 'JWT', ...header });
  const body = b64url(payload);
  const signature = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), key).toString('base64url');
  return `${head}.${body}.${signature}`;
}

const now = () => Math.floor(Date.now() / 1000);
/** Claims as Cognito puts them on an access token. */
const accessClaims = (over: Record<string, unknown> = {}) => ({
  sub: 'user-1',
  iss: issuer(),
  client_id: CLIENT_ID,
  origin_jti: randomUUID(),
  event_id: randomUUID(),
  token_use: 'access',
  scope: 'aws.cognito.signin.user.admin',
  auth_time: now(),
  exp: now() + 3600,
  iat: now(),
  jti: randomUUID(),
  username: 'ada',
  ...over,
});

beforeAll(async () => {
  const jwk = { ...pool.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
  server = createServer((req, res) => {
    if (req.url === '/local_pool1/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    } else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('verifyAccessToken', () => {
  it('accepts a valid access token and returns its claims', async () => {
    const claims = await verifyAccessToken(signJwt(accessClaims()), expected());
    expect(claims).toMatchObject({
      sub: 'user-1',
      username: 'ada',
      token_use: 'access',
      client_id: CLIENT_ID,
    });
  });

  it('refuses an ID token of the same pool', async () => {
    const { client_id: _c, scope: _s, ...rest } = accessClaims({ token_use: 'id' });
    const idToken = signJwt({ ...rest, aud: CLIENT_ID, email: 'ada@example.com' });
    await expect(verifyAccessToken(idToken, expected())).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses an expired token', async () => {
    const token = signJwt(accessClaims({ iat: now() - 7200, exp: now() - 3600 }));
    await expect(verifyAccessToken(token, expected())).rejects.toThrow(/expired/i);
  });

  it('refuses a token without an expiry', async () => {
    const { exp: _e, ...claims } = accessClaims();
    await expect(verifyAccessToken(signJwt(claims), expected())).rejects.toThrow(InvalidTokenError);
  });

  it('refuses alg none', async () => {
    const head = b64url({ alg: 'none', kid: KID, typ: 'JWT' });
    const token = `${head}.${b64url(accessClaims())}.`;
    await expect(verifyAccessToken(token, expected())).rejects.toThrow(InvalidTokenError);
  });

  it('refuses a token signed with another key', async () => {
    const token = signJwt(accessClaims(), otherPool.privateKey);
    await expect(verifyAccessToken(token, expected())).rejects.toThrow(InvalidTokenError);
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const [head, , signature] = signJwt(accessClaims()).split('.');
    const forged = `${head}.${b64url(accessClaims({ sub: 'someone-else' }))}.${signature}`;
    await expect(verifyAccessToken(forged, expected())).rejects.toThrow(InvalidTokenError);
  });

  it('refuses a token from another pool', async () => {
    const token = signJwt(accessClaims({ iss: `${baseUrl}/local_pool2` }));
    await expect(verifyAccessToken(token, expected())).rejects.toThrow(/issuer/i);
  });

  it('refuses a token issued to another app client', async () => {
    const token = signJwt(accessClaims({ client_id: 'another-client' }));
    await expect(verifyAccessToken(token, expected())).rejects.toThrow(InvalidTokenError);
  });

  it('refuses garbage', async () => {
    await expect(verifyAccessToken('not-a-jwt', expected())).rejects.toThrow(InvalidTokenError);
  });
});

describe('bearerToken', () => {
  it('reads the token after Bearer, or a bare token', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('bearer abc')).toBe('abc');
    expect(bearerToken('abc')).toBe('abc');
    expect(bearerToken(undefined)).toBeUndefined();
    expect(bearerToken('Bearer a b')).toBeUndefined();
  });
});
