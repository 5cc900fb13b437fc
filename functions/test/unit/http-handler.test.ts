import { MAX_JSON_BODY_BYTES, updateUserConfigInput } from '@tandem/shared';
import { routes } from '@tandem/shared/api/routes';
import type { Context } from 'aws-lambda';
import { Entity } from 'electrodb';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { NotFoundError } from '../../src/lib/errors.ts';
import { type HttpEvent, httpHandler, isElectroError, toErrorResponse } from '../../src/lib/http-handler.ts';

beforeAll(() => {
  process.env.TANDEM_LOG_LEVEL = 'silent';
});

const claims = { sub: 'user-1', token_use: 'access', username: 'user-1' };

function event(over: Partial<HttpEvent> & { claims?: Record<string, string> | null } = {}): HttpEvent {
  const { claims: c = claims, ...rest } = over;
  return {
    version: '2.0',
    routeKey: 'PATCH /api/v1/user/config/',
    rawPath: '/api/v1/user/config/',
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: 'PATCH',
        path: '/api/v1/user/config/',
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 't',
      },
      requestId: 'r1',
      routeKey: 'PATCH /api/v1/user/config/',
      stage: '$default',
      time: '',
      timeEpoch: 0,
      authorizer:
        c === null
          ? (undefined as never)
          : { principalId: '', integrationLatency: 0, jwt: { claims: c, scopes: [] } },
    },
    ...rest,
  } as HttpEvent;
}

type Result = { statusCode: number; headers: Record<string, string>; body: string };
const call = async (h: ReturnType<typeof httpHandler>, e: HttpEvent) =>
  (await h(e, {} as Context)) as unknown as Result;

const echo = httpHandler({
  route: routes.updateUserConfig,
  body: updateUserConfigInput,
  run: async ({ actor, body }) => ({ userId: actor.userId, received: body }),
});

describe('httpHandler', () => {
  it('parses snake_case input into camelCase and answers in snake_case with the build version', async () => {
    const r = await call(
      echo,
      event({ body: JSON.stringify({ time_format_option: 12, routine_times: { end: '8:00 pm' } }) }),
    );
    expect(r.statusCode).toBe(200);
    expect(r.headers['build-version']).toBe('11');
    expect(JSON.parse(r.body)).toEqual({
      user_id: 'user-1',
      received: { time_format_option: 12, routine_times: { end: '20:00' } },
    });
  });

  it('answers 400 with the error body, the wire field name and the spec code', async () => {
    const r = await call(
      echo,
      event({ body: JSON.stringify({ routine_times: { beginning: '7 o clock' } }) }),
    );
    expect(r.statusCode).toBe(400);
    expect(r.headers['build-version']).toBe('11');
    expect(JSON.parse(r.body)).toEqual({
      detail: 'Invalid time format',
      fallback_message: 'Invalid time format',
      code: 'user-config.invalid-time-format',
      errors: { 'routine_times.beginning': 'Invalid time format' },
    });
  });

  it('names unknown fields instead of ignoring them', async () => {
    const r = await call(echo, event({ body: JSON.stringify({ time_format: 12 }) }));
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body).fallback_message).toContain('time_format');
  });

  it("says zod's own messages in English, as before zod/mini, where a schema has none of ours", async () => {
    // preferences.selected_levels: integers 1 to 9, with no message of ours.
    const r = await call(echo, event({ body: JSON.stringify({ preferences: { selected_levels: [12] } }) }));
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body).errors).toEqual({
      'preferences.selected_levels.0': 'Too big: expected number to be <=9',
    });
  });

  it('answers 400 to a zod error thrown by domain code, from the full zod or zod/mini', async () => {
    for (const error of [
      z.safeParse(z.string(), 1).error,
      (await import('zod')).string().safeParse(1).error,
    ]) {
      const r = toErrorResponse(error);
      expect(r).toMatchObject({ statusCode: 400 });
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const r = await call(echo, event({ body: '{"time_format_option": 12' }));
    expect(r.statusCode).toBe(400);
    expect(JSON.parse(r.body).code).toBe('invalid-json');
  });

  it('refuses a body over the limit with 413 before parsing it', async () => {
    const big = JSON.stringify({ timezone: 'x'.repeat(MAX_JSON_BODY_BYTES) });
    const r = await call(echo, event({ body: big }));
    expect(r.statusCode).toBe(413);
    expect(JSON.parse(r.body).code).toBe('body-too-large');
  });

  it('answers 401 on a user route when the authorizer put no claims', async () => {
    const r = await call(echo, event({ claims: null, body: '{}' }));
    expect(r.statusCode).toBe(401);
    expect(JSON.parse(r.body).code).toBe('not-authenticated');
  });

  it('refuses claims of an ID token', async () => {
    const r = await call(echo, event({ claims: { ...claims, token_use: 'id' }, body: '{}' }));
    expect(r.statusCode).toBe(401);
  });

  it('maps typed errors to their status and hides unexpected ones behind a generic 500', async () => {
    const notFound = httpHandler({
      route: routes.getAvatar,
      params: z.object({ id: z.string() }),
      run: async () => {
        throw new NotFoundError();
      },
    });
    const r404 = await call(notFound, event({ pathParameters: { id: 'x' } }));
    expect(r404.statusCode).toBe(404);
    expect(JSON.parse(r404.body)).toMatchObject({ code: 'not-found', fallback_message: 'Not found.' });

    const boom = httpHandler({
      route: routes.getUserConfig,
      run: async () => {
        throw new Error('database password is hunter2');
      },
    });
    const r500 = await call(boom, event());
    expect(r500.statusCode).toBe(500);
    expect(r500.body).not.toContain('hunter2');
    expect(JSON.parse(r500.body).fallback_message).toBe('Something went wrong, please try again later');
  });
});

describe('answers', () => {
  it("never mistakes a domain object's own status field for the HTTP status", async () => {
    const h = httpHandler({
      route: routes.getUserConfig,
      run: async () => ({ status: 2, title: 'Archived group' }),
    });
    const r = await call(h, event());
    expect(r.statusCode).toBe(200);
    expect(JSON.parse(r.body)).toEqual({ status: 2, title: 'Archived group' });
  });
});

describe('ElectroDB errors, recognised without importing ElectroDB into the handler', () => {
  it('answers 400 to an input ElectroDB refuses and 409 to a condition nobody expected to fail', () => {
    let refused: unknown;
    try {
      const entity = new Entity(
        {
          model: { entity: 'thing', version: '1', service: 'test' },
          attributes: { id: { type: 'string' }, version: { type: 'number' } },
          indexes: { primary: { pk: { field: 'pk', composite: ['id'] } } },
        },
        { table: 'test' },
      );
      entity
        .patch({ id: 'u' })
        .set({ version: 'not a number' as never })
        .params();
    } catch (e) {
      refused = e;
    }
    expect(isElectroError(refused)).toBe(true);
    expect((toErrorResponse(refused) as { statusCode: number }).statusCode).toBe(400);

    const cause = Object.assign(new Error('The conditional request failed'), {
      name: 'ConditionalCheckFailedException',
    });
    const failed = Object.assign(new Error('Error thrown by DynamoDB client', { cause }), {
      name: 'ElectroError',
      code: 4001,
      isElectroError: true,
    });
    expect((toErrorResponse(failed) as { statusCode: number }).statusCode).toBe(409);
    expect(isElectroError(new Error('plain'))).toBe(false);
    expect((toErrorResponse(new Error('plain')) as { statusCode: number }).statusCode).toBe(500);
  });
});
