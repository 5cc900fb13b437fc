/**
 * Requests sent straight to the APIs' execute-api addresses, around CloudFront and its firewall, are
 * refused: the HTTP handlers answer 404, the WebSocket authorizer refuses the connection.
 */
import { routes } from '@tandem/shared/api/routes';
import { ORIGIN_VERIFY_HEADER } from '@tandem/shared/api/security-headers';
import type { Context } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type HttpEvent, httpHandler } from '../../src/lib/http-handler.ts';
import { cameThroughCloudFront } from '../../src/lib/origin-verify.ts';
import type { WsAuthorizerEvent } from '../../src/ws/events.ts';

const SECRET = 'a-secret-of-forty-characters-0123456789ab';
beforeAll(() => {
  process.env.TANDEM_LOG_LEVEL = 'silent';
});
afterEach(() => {
  delete process.env.ORIGIN_VERIFY_SECRET;
});

const ping = httpHandler({ route: routes.getCalendarFeed, run: async () => ({ ok: true }) });
const call = async (headers: Record<string, string>) =>
  (await ping(
    {
      headers,
      requestContext: { requestId: 'r', http: { method: 'GET', path: '/' } },
    } as unknown as HttpEvent,
    {} as Context,
  )) as unknown as { statusCode: number; body: string };

describe('cameThroughCloudFront', () => {
  it('lets everything through when no secret is configured (the local stack)', () => {
    expect(cameThroughCloudFront({})).toBe(true);
  });

  it('wants the exact secret, in any header case, when one is configured', () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    expect(cameThroughCloudFront({ [ORIGIN_VERIFY_HEADER]: SECRET })).toBe(true);
    expect(cameThroughCloudFront({ 'X-Tandem-Origin-Verify': SECRET })).toBe(true);
    expect(cameThroughCloudFront({})).toBe(false);
    expect(cameThroughCloudFront({ [ORIGIN_VERIFY_HEADER]: `${SECRET}x` })).toBe(false);
    expect(cameThroughCloudFront({ [ORIGIN_VERIFY_HEADER]: SECRET.replace('a', 'b') })).toBe(false);
  });
});

describe('an HTTP route', () => {
  it('answers 404 with the error body to a request without the header, and runs with it', async () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    const around = await call({});
    expect(around.statusCode).toBe(404);
    expect(JSON.parse(around.body).code).toBeTruthy();
    expect((await call({ [ORIGIN_VERIFY_HEADER]: SECRET })).statusCode).toBe(200);
  });
});

describe('the WebSocket authorizer', () => {
  it('refuses a connection without the header before looking at the token', async () => {
    process.env.ORIGIN_VERIFY_SECRET = SECRET;
    const { handler } = await import('../../src/ws/authorize.ts');
    await expect(
      handler({ headers: {}, queryStringParameters: { token: 'x' } } as unknown as WsAuthorizerEvent),
    ).rejects.toThrow('Unauthorized');
  });
});
