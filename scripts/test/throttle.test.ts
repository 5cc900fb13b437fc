/**
 * The local gateway throttles as configured in @tandem/shared (THROTTLE_LIMITS): per signed-in user on
 * `user` routes, per IP on the public routes people open, per token on the calendar feed, and the stage
 * as a whole. The shared test stack runs with TANDEM_THROTTLE=off; this file starts a gateway of its
 * own with low limits against the same engines and pool.
 */
import { tmpdir } from 'node:os';
import type { ThrottleLimits } from '@tandem/shared/api/throttling';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Gateway } from '../src/local/gateway/index.ts';
import { createUser, type StackEnv, type TestUser } from '../src/testing/users.ts';

const env = inject('stack').env as StackEnv;
const gateways: Gateway[] = [];

async function gatewayWith(throttle: ThrottleLimits | undefined): Promise<Gateway> {
  const { startGateway } = await import('../src/local/gateway/index.ts');
  const gateway = await startGateway({
    port: 0,
    webDistDir: tmpdir(),
    ...(throttle ? { throttle } : {}),
    runtimeConfig: {
      apiUrl: 'http://localhost/api/v1',
      wsUrl: 'ws://localhost/ws',
      buildVersion: 'test',
      cognito: { region: 'us-east-1', userPoolId: env.COGNITO_USER_POOL_ID, clientId: env.COGNITO_CLIENT_ID },
    },
    jwt: { issuer: env.COGNITO_ISSUER!, clientId: env.COGNITO_CLIENT_ID, jwksUri: env.COGNITO_JWKS_URI! },
    extraHandlers: [],
  });
  gateways.push(gateway);
  return gateway;
}

afterAll(async () => {
  for (const g of gateways) await g.close();
});

const generous = { rate: 1000, burst: 1000 };
const wide: ThrottleLimits = {
  perUser: generous,
  publicPerIp: generous,
  perFeedToken: generous,
  httpStage: generous,
  publicRoute: generous,
  webSocketStage: generous,
};

/** The 429 of the API: the error shape, and when to try again. */
async function expectTooMany(res: Response) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
  expect(await res.json()).toEqual({
    detail: expect.stringMatching(/try again/),
    fallback_message: expect.stringMatching(/try again/),
    code: 'too-many-requests',
    errors: {},
  });
  return retryAfter;
}

describe('token buckets', () => {
  it('allow a burst, then one call per 1/rate seconds, and say how long to wait', async () => {
    const { TokenBuckets } = await import('../src/local/gateway/throttle.ts');
    let now = 0;
    const buckets = new TokenBuckets(() => now);
    const limit = { rate: 0.5, burst: 2 };
    expect([buckets.take('a', limit), buckets.take('a', limit)]).toEqual([0, 0]);
    expect(buckets.take('a', limit)).toBe(2); // one token back in 2 s
    expect(buckets.take('b', limit)).toBe(0); // another key has its own bucket
    now = 1000;
    expect(buckets.take('a', limit)).toBe(1); // half a token back: 1 s to go
    now = 2100;
    expect(buckets.take('a', limit)).toBe(0);
    now = 60_000;
    expect([buckets.take('a', limit), buckets.take('a', limit), buckets.take('a', limit)]).toEqual([0, 0, 2]);
  });
});

describe('local throttling', () => {
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    [alice, bob] = await Promise.all([
      createUser(env, { firstName: 'Alice' }),
      createUser(env, { firstName: 'Bob' }),
    ]);
  });

  it('limits each user on user routes: 429 with Retry-After in the error shape; others go on', async () => {
    const gateway = await gatewayWith({ ...wide, perUser: { rate: 0.2, burst: 3 } });
    const call = (u: TestUser) =>
      fetch(`${gateway.url}/api/v1/user/timezone/?code=UTC`, {
        headers: { authorization: `Bearer ${u.accessToken}` },
      });
    for (let i = 0; i < 3; i++) expect((await call(alice)).status).toBe(200);
    // One token back every 5 s: the next is due in up to 5 s.
    expect(await expectTooMany(await call(alice))).toBeLessThanOrEqual(5);
    expect((await call(bob)).status).toBe(200);
  });

  it('limits each IP on the public routes, more strictly than users', async () => {
    const gateway = await gatewayWith({ ...wide, publicPerIp: { rate: 0.1, burst: 2 } });
    const answer = () =>
      fetch(`${gateway.url}/api/v1/group/member/invitation/request`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: 'no-such-invitation', action: 'accept' }),
      });
    for (let i = 0; i < 2; i++) expect((await answer()).status).not.toBe(429);
    expect(await expectTooMany(await answer())).toBeLessThanOrEqual(10);
    // The same IP's limit covers every public route people open.
    await expectTooMany(await fetch(`${gateway.url}/api/v1/task/delegation/invitation/request?key=x`));
  });

  it('caps the stage as a whole, whoever calls', async () => {
    const gateway = await gatewayWith({ ...wide, httpStage: { rate: 0.1, burst: 2 } });
    const call = (u: TestUser) =>
      fetch(`${gateway.url}/api/v1/user/timezone/?code=UTC`, {
        headers: { authorization: `Bearer ${u.accessToken}` },
      });
    expect((await call(alice)).status).toBe(200);
    expect((await call(bob)).status).toBe(200);
    await expectTooMany(await call(bob));
  });

  it('limits the calendar feed per token, not per IP', async () => {
    const gateway = await gatewayWith({
      ...wide,
      publicPerIp: { rate: 0.1, burst: 1 },
      perFeedToken: { rate: 0.1, burst: 1 },
    });
    const feed = (token: string) => fetch(`${gateway.url}/api/v1/calendar/feed/${token}`);
    expect((await feed('token-a')).status).not.toBe(429);
    expect((await feed('token-b')).status).not.toBe(429);
    await expectTooMany(await feed('token-a'));
  });

  it('caps the WebSocket stage: a connection past the limit is refused with 429', async () => {
    const gateway = await gatewayWith({ ...wide, webSocketStage: { rate: 0.1, burst: 1 } });
    const connect = () =>
      new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(`${gateway.url.replace(/^http/, 'ws')}/ws?token=${alice.accessToken}`);
        ws.once('open', () => {
          ws.close();
          resolve(101);
        });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.once('error', reject);
      });
    expect(await connect()).toBe(101);
    expect(await connect()).toBe(429);
  });

  it('reads its limits from TANDEM_THROTTLE when not given any', async () => {
    const saved = process.env.TANDEM_THROTTLE;
    process.env.TANDEM_THROTTLE = 'perUser=0.1/1';
    try {
      const gateway = await gatewayWith(undefined);
      const call = () =>
        fetch(`${gateway.url}/api/v1/user/timezone/?code=UTC`, {
          headers: { authorization: `Bearer ${alice.accessToken}` },
        });
      expect((await call()).status).toBe(200);
      await expectTooMany(await call());
    } finally {
      if (saved === undefined) delete process.env.TANDEM_THROTTLE;
      else process.env.TANDEM_THROTTLE = saved;
    }
  });
});
