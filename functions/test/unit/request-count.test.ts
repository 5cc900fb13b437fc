/**
 * DynamoDB requests are counted per call: calls served at the same time by one process are counted
 * apart, and the HTTP answer carries its call's count only against a local engine (never in AWS).
 */
import { routes } from '@tandem/shared/api/routes';
import type { Context } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { type HttpEvent, httpHandler } from '../../src/lib/http-handler.ts';
import { countRequest, countRequests, DYNAMODB_REQUESTS_HEADER } from '../../src/lib/request-count.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('countRequests', () => {
  it('counts interleaved calls apart, by command', async () => {
    const call = (n: number) =>
      countRequests(async () => {
        for (let i = 0; i < n; i++) {
          await tick();
          countRequest(i % 2 ? 'QueryCommand' : 'GetItemCommand');
        }
        return n;
      });
    const [a, b] = await Promise.all([call(3), call(5)]);
    expect(a).toMatchObject({
      result: 3,
      tally: { count: 3, byCommand: { GetItemCommand: 2, QueryCommand: 1 } },
    });
    expect(b.tally.count).toBe(5);
  });

  it('counts nothing outside a call', () => {
    expect(() => countRequest('GetItemCommand')).not.toThrow();
  });
});

describe('the count header', () => {
  const event = {
    version: '2.0',
    rawPath: '/api/v1/user/config/',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      requestId: 'r-1',
      http: { method: 'GET', path: '/api/v1/user/config/' },
      authorizer: { jwt: { claims: { sub: 'user-1', token_use: 'access' }, scopes: [] } },
    },
  } as unknown as HttpEvent;
  const saved = process.env.DYNAMODB_ENDPOINT;
  afterEach(() => {
    if (saved === undefined) delete process.env.DYNAMODB_ENDPOINT;
    else process.env.DYNAMODB_ENDPOINT = saved;
  });
  const run = async () => {
    countRequest('GetItemCommand');
    await tick();
    countRequest('BatchGetItemCommand');
    return { ok: true };
  };

  it('answers the call’s count against a local engine', async () => {
    process.env.DYNAMODB_ENDPOINT = 'http://127.0.0.1:8000';
    const h = httpHandler({ route: routes.getUserConfig, run });
    const r = (await h(event, {} as Context)) as { statusCode: number; headers: Record<string, string> };
    expect(r.statusCode).toBe(200);
    expect(r.headers[DYNAMODB_REQUESTS_HEADER]).toBe('2');
  });

  it('sends no count in AWS', async () => {
    delete process.env.DYNAMODB_ENDPOINT;
    const h = httpHandler({ route: routes.getUserConfig, run });
    const r = (await h(event, {} as Context)) as { headers: Record<string, string> };
    expect(r.headers).not.toHaveProperty(DYNAMODB_REQUESTS_HEADER);
  });
});
