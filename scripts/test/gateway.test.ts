/**
 * The local gateway as clients and handlers meet it. The test starts its own gateway with a pool of
 * its own (an RSA key pair and a JWKS over local HTTP), so every token case can be forged; the real
 * handlers run behind it against the stack's DynamoDB Local (or one of its own when run alone).
 */
import { generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILD_VERSION, type RuntimeConfig } from '@tandem/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Gateway } from '../src/local/gateway/index.ts';

const CLIENT_ID = 'gateway-test-client';
const KID = 'gateway-test-key';
const pool = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });

const runtimeConfig: RuntimeConfig = {
  apiUrl: 'http://localhost/api/v1',
  wsUrl: 'ws://localhost/ws',
  buildVersion: 'test',
  cognito: {
    region: 'us-east-1',
    userPoolId: 'local_gatewaytest',
    clientId: CLIENT_ID,
    endpoint: 'http://x',
  },
};

let jwksServer: Server;
let issuer: string;
let gateway: Gateway;
let webDist: string;
let stopOwnDb: (() => Promise<void>) | undefined;
const extraHits: string[] = [];

const b64url = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
function signJwt(payload: object, key: KeyObject = pool.privateKey, header: object = {}): string {
  const head = b64url({ alg: 'RS256', kid: KID, typ: 'JWT', ...header });
  const body = b64url(payload);
  return `${head}.${body}.${sign('RSA-SHA256', Buffer.from(`${head}.${body}`), key).toString('base64url')}`;
}
const now = () => Math.floor(Date.now() / 1000);
const accessToken = (sub: string, over: object = {}) =>
  signJwt({
    sub,
    iss: issuer,
    client_id: CLIENT_ID,
    token_use: 'access',
    scope: 'aws.cognito.signin.user.admin',
    auth_time: now(),
    iat: now(),
    exp: now() + 3600,
    jti: randomUUID(),
    username: sub,
    ...over,
  });

const api = (p: string, init: RequestInit = {}) => fetch(`${gateway.url}/api/v1${p}`, init);
const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

beforeAll(async () => {
  jwksServer = createServer((req, res) => {
    const jwk = { ...pool.publicKey.export({ format: 'jwk' }), kid: KID, alg: 'RS256', use: 'sig' };
    if (req.url?.endsWith('/.well-known/jwks.json')) res.end(JSON.stringify({ keys: [jwk] }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/local_gatewaytest`;

  // In the `stack` project the shared stack's DynamoDB Local is in the environment already.
  if (!process.env.DYNAMODB_ENDPOINT) {
    const { startDynamoDb } = await import('../src/local/engines/dynamodb.ts');
    const tableName = 'tandem-gateway-test';
    const db = await startDynamoDb({ dataDir: tmpdir(), tableName, inMemory: true });
    stopOwnDb = db.stop;
    Object.assign(process.env, { DYNAMODB_ENDPOINT: db.endpoint, TABLE_NAME: tableName });
  }
  // The WebSocket authorizer reads the pool from the environment; point it at this test's pool.
  Object.assign(process.env, {
    AWS_REGION: process.env.AWS_REGION ?? 'us-east-1',
    COGNITO_ISSUER: issuer,
    COGNITO_CLIENT_ID: CLIENT_ID,
    COGNITO_JWKS_URI: `${issuer}/.well-known/jwks.json`,
  });

  webDist = await mkdtemp(path.join(tmpdir(), 'tandem-web-'));
  const { startGateway } = await import('../src/local/gateway/index.ts');
  gateway = await startGateway({
    port: 0,
    webDistDir: webDist,
    // An extra key to show /config.json keeps to the schema's keys.
    runtimeConfig: { ...runtimeConfig, secret: 'not for the browser' } as RuntimeConfig,
    jwt: { issuer, clientId: CLIENT_ID, jwksUri: `${issuer}/.well-known/jwks.json` },
    extraHandlers: [
      (req, res) => {
        extraHits.push(req.url ?? '');
        if (!req.url?.startsWith('/_extra')) return false;
        res.end('extra');
        return true;
      },
    ],
  });
}, 120_000);

afterAll(async () => {
  await gateway?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
  await stopOwnDb?.();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

describe('config.json', () => {
  it('serves exactly the runtime config keys, never cached', async () => {
    const res = await fetch(`${gateway.url}/config.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual(runtimeConfig);
  });
});

describe('HTTP API', () => {
  it('answers an unknown route with 404 and the API error body', async () => {
    for (const res of [await api('/no/such/route/'), await api('/user/timezone/', { method: 'DELETE' })]) {
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({
        detail: 'Not found.',
        fallback_message: 'Not found.',
        code: 'not-found',
        errors: {},
      });
    }
  });

  it.each([
    ['no Authorization header', undefined],
    ['a garbage token', 'Bearer garbage'],
    ['an ID token of the same pool', 'id'],
    ['an alg none token', `Bearer ${b64url({ alg: 'none', typ: 'JWT' })}.${b64url({ sub: 'u1' })}.`],
    ['a token signed with another key', 'stranger'],
    ['an expired token', 'expired'],
  ])('refuses %s with the JWT authorizer’s 401', async (_case, header) => {
    // Built here: the issuer is known only once the JWKS server listens.
    const value =
      header === 'stranger'
        ? `Bearer ${signJwt({ sub: 'u1', iss: issuer, client_id: CLIENT_ID, token_use: 'access', exp: now() + 60 }, stranger.privateKey)}`
        : header === 'expired'
          ? `Bearer ${accessToken('u1', { iat: now() - 7200, exp: now() - 3600 })}`
          : header === 'id'
            ? `Bearer ${signJwt({ sub: 'u1', iss: issuer, aud: CLIENT_ID, token_use: 'id', exp: now() + 60 })}`
            : header;
    const res = await api('/user/timezone/', value ? { headers: { authorization: value } } : {});
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: 'Unauthorized' });
  });

  it('lets a valid access token through to the handler, which finds the caller in the claims', async () => {
    // The route's handler answers 401 itself when the event carries no usable claims.
    const res = await api('/user/timezone/?code=Europe%2FParis', bearer(accessToken(`user-${randomUUID()}`)));
    expect(res.status).toBe(200);
    expect(res.headers.get('apigw-requestid')).toMatch(/^[\w-]{15}=$/);
    expect(res.headers.get('build-version')).toBeTruthy();
    expect(await res.json()).toMatchObject({ count: 1, results: [{ code: 'Europe/Paris' }] });
  });

  it('matches a route with or without its trailing slash', async () => {
    const token = accessToken(`user-${randomUUID()}`);
    expect((await api('/user/timezone?code=UTC', bearer(token))).status).toBe(200);
    expect((await api('/user/timezone/?code=UTC', bearer(token))).status).toBe(200);
  });

  it('refuses a body over 10 MB with 413 before anything runs', async () => {
    const res = await api('/user/config/', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(10 * 1024 * 1024 + 1, 32),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({
      detail: 'The request body is too large.',
      fallback_message: 'The request body is too large.',
      code: 'body-too-large',
      errors: {},
    });
  });
});

describe('WebSocket API', () => {
  const wsUrl = (query = '') => `${gateway.url.replace(/^http/, 'ws')}/ws${query}`;

  /** Resolves with the HTTP status of a refused handshake, or 101 once open. */
  const handshake = (ws: WebSocket) =>
    new Promise<number>((resolve, reject) => {
      ws.once('open', () => resolve(101));
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', reject);
    });
  const nextMessage = (ws: WebSocket) =>
    new Promise<unknown>((resolve) => ws.once('message', (data) => resolve(JSON.parse(String(data)))));

  async function connectionsOf(userId: string) {
    const { ConnectionEntity } = await import('@tandem/functions/db/entities/connection');
    return (await ConnectionEntity.query.byUser({ userId }).go()).data;
  }
  async function eventually<T>(read: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
    for (let i = 0; i < 50; i++) {
      const v = await read();
      if (done(v)) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    return read();
  }

  it('refuses the connection without a token or with a bad one (401, with the build version)', async () => {
    expect(await handshake(new WebSocket(wsUrl()))).toBe(401);
    expect(await handshake(new WebSocket(wsUrl('?token=garbage')))).toBe(401);
    const refused = new Promise<string | string[] | undefined>((resolve, reject) => {
      const ws = new WebSocket(wsUrl());
      ws.once('unexpected-response', (_req, res) => resolve(res.headers['build-version']));
      ws.once('error', reject);
    });
    expect(await refused).toBe(BUILD_VERSION);
  });

  it('connects with a valid token, answers ping with pong, pushes to the user, and forgets the socket on close', async () => {
    const userId = `user-${randomUUID()}`;
    const ws = new WebSocket(wsUrl(`?token=${accessToken(userId)}`));
    expect(await handshake(ws)).toBe(101);

    const [stored] = await connectionsOf(userId);
    expect(stored).toMatchObject({ userId });
    expect(stored!.ttl).toBeGreaterThan(now() + 23 * 3600);

    const pong = nextMessage(ws);
    ws.send(JSON.stringify({ type: 'ping' }));
    expect(await pong).toEqual({ type: 'pong' });

    const { sendToUser } = await import('@tandem/functions/core/ws/connections');
    const pushed = nextMessage(ws);
    expect(await sendToUser(userId, { type: 'task.updated', id: 't1' })).toBe(1);
    expect(await pushed).toEqual({ type: 'task.updated', id: 't1' });

    const info = await fetch(`${gateway.url}/@connections/${encodeURIComponent(stored!.connectionId)}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ identity: { sourceIp: expect.any(String) } });

    ws.close();
    expect(
      await eventually(
        () => connectionsOf(userId),
        (c) => c.length === 0,
      ),
    ).toEqual([]);
  });

  it('answers 410 Gone for an unknown connection, and the SDK sees GoneException', async () => {
    const res = await fetch(`${gateway.url}/@connections/${encodeURIComponent('nope0000000000=')}`, {
      method: 'POST',
      body: '{"type":"hello"}',
    });
    expect(res.status).toBe(410);
    expect(res.headers.get('x-amzn-errortype')).toBe('GoneException');

    const { postToConnection } = await import('@tandem/functions/core/ws/connections');
    expect(await postToConnection('nope0000000000=', { type: 'hello' })).toBe(false);
  });

  it('deletes the connection of a user whose socket is gone when pushing', async () => {
    const userId = `user-${randomUUID()}`;
    const { addConnection, sendToUser } = await import('@tandem/functions/core/ws/connections');
    await addConnection(userId, 'gone000000000000=');
    expect(await sendToUser(userId, { type: 'hello' })).toBe(0);
    expect(await connectionsOf(userId)).toEqual([]);
  });

  it('closes a socket on DELETE @connections and runs $disconnect', async () => {
    const userId = `user-${randomUUID()}`;
    const ws = new WebSocket(wsUrl(`?token=${accessToken(userId)}`));
    expect(await handshake(ws)).toBe(101);
    const [stored] = await connectionsOf(userId);
    const closed = new Promise<number>((resolve) => ws.once('close', resolve));
    const res = await fetch(`${gateway.url}/@connections/${encodeURIComponent(stored!.connectionId)}`, {
      method: 'DELETE',
    });
    expect(res.status).toBe(204);
    expect(await closed).toBe(1000);
    expect(
      await eventually(
        () => connectionsOf(userId),
        (c) => c.length === 0,
      ),
    ).toEqual([]);
  });
});

describe('web app', () => {
  it('says the app is not built when there is no index.html', async () => {
    const res = await fetch(`${gateway.url}/`);
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });

  it('tries the extra handlers after the API and before the files', async () => {
    const res = await fetch(`${gateway.url}/_extra/mail`);
    expect(await res.text()).toBe('extra');
    await api('/no/such/route/');
    expect(extraHits).not.toContain('/api/v1/no/such/route/');
  });

  it('serves the build: hashed assets cached for good, index.html for app pages, 404 for missing files', async () => {
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Tandem</title>');
    await writeFile(path.join(webDist, 'assets', 'app-3f2a1b.js'), 'console.log(1)');

    const page = await fetch(`${gateway.url}/tasks/42`, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('<title>Tandem</title>');

    const asset = await fetch(`${gateway.url}/assets/app-3f2a1b.js`);
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect(asset.headers.get('cache-control')).toContain('immutable');

    expect(
      (await fetch(`${gateway.url}/assets/missing.js`, { headers: { accept: 'text/html' } })).status,
    ).toBe(404);
    expect((await fetch(`${gateway.url}/favicon.ico`)).status).toBe(404);
    expect((await fetch(`${gateway.url}/%2e%2e/%2e%2e/etc/passwd`)).status).toBe(404);
  });

  it('compresses text with brotli or gzip as the browser accepts, and leaves small files and images alone', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    const { request } = await import('node:http');
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Tandem</title>');
    const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
    await writeFile(path.join(webDist, 'assets', 'big-9c8d7e.js'), script);
    await writeFile(path.join(webDist, 'assets', 'logo-1a2b3c.png'), Buffer.alloc(4_000, 7));
    // fetch would decompress on its own; a raw request shows what went over the wire.
    const raw = (p: string, acceptEncoding?: string) =>
      new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>(
        (resolve, reject) => {
          const req = request(
            `${gateway.url}${p}`,
            { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
    const br = await raw('/assets/big-9c8d7e.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await raw('/assets/big-9c8d7e.js', 'gzip, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await raw('/assets/big-9c8d7e.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    expect((await raw('/assets/logo-1a2b3c.png', 'br')).headers['content-encoding']).toBeUndefined();
    expect((await raw('/index.html', 'br')).headers['content-encoding']).toBeUndefined(); // under 1,000 bytes
  });

  it('answers a file that goes missing with 404 or 503 and stays up (a build swapped in meanwhile)', async () => {
    const index = path.join(webDist, 'index.html');
    const asset = path.join(webDist, 'assets', 'app-3f2a1b.js');
    const html = '<!doctype html><title>Tandem</title>';
    await mkdir(path.dirname(asset), { recursive: true });
    await writeFile(index, html);
    await writeFile(asset, 'console.log(1)');
    // Files come and go as fast as the file system allows while the requests run: some requests find
    // a file at the check and not at the read, which before crashed the gateway.
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const file = i % 2 ? asset : index;
        await rm(file, { force: true });
        // Written aside and renamed in: present means complete, as a swapped-in build is.
        await writeFile(`${file}.next`, i % 2 ? 'console.log(1)' : html);
        await rename(`${file}.next`, file);
      }
    })();
    const statuses = new Set<number>();
    try {
      for (let round = 0; round < 40; round++) {
        const answers = await Promise.all(
          ['/tasks/42', '/index.html', '/assets/app-3f2a1b.js', '/'].map(async (p) => {
            const res = await fetch(`${gateway.url}${p}`, { headers: { accept: 'text/html' } });
            return { p, status: res.status, body: await res.text() };
          }),
        );
        for (const a of answers) {
          statuses.add(a.status);
          expect([200, 404, 503], a.p).toContain(a.status);
          // A 200 is the whole file, never a cut-off one.
          if (a.status === 200) expect([html, 'console.log(1)'], a.p).toContain(a.body);
        }
      }
    } finally {
      churning = false;
      await churn;
    }
    expect(statuses).toContain(200);
    // Still up, and serving.
    expect((await fetch(`${gateway.url}/config.json`)).status).toBe(200);
    expect((await fetch(`${gateway.url}/tasks/1`, { headers: { accept: 'text/html' } })).status).toBe(200);
  });

  it('answers false for a file that cannot be read, before sending anything', async () => {
    const { sendFile } = await import('../src/local/gateway/static-files.ts');
    const server = createServer(async (req, res) => {
      const sent = await sendFile(req, res, path.join(webDist, 'no-such-file.html'), 'no-cache');
      if (!sent) res.writeHead(404).end('missing');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect({ status: res.status, body: await res.text() }).toEqual({ status: 404, body: 'missing' });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
