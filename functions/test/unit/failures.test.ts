/**
 * Telling an engine failure from a caller's mistake, on errors the real SDK and ElectroDB throw: a
 * client pointed at a port where nothing listens (no engine is needed to be refused), and the SDK's
 * own exception classes for the answers a running engine gives.
 */

import { type AddressInfo, createServer } from 'node:net';
import {
  ConditionalCheckFailedException,
  DynamoDBClient,
  InternalServerError,
  ListTablesCommand,
  ProvisionedThroughputExceededException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { routes } from '@tandem/shared/api/routes';
import type { Context } from 'aws-lambda';
import { Entity } from 'electrodb';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGINE_HTTP_OPTIONS, engineFailure, tagEngine } from '../../src/lib/failures.ts';
import { type HttpEvent, httpHandler } from '../../src/lib/http-handler.ts';

beforeAll(() => {
  process.env.BUILD_VERSION = 'test-build';
});

/** A port nothing listens on: one the system just gave out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
const nowhere = `http://127.0.0.1:${await closedPort()}`;
const client = () =>
  tagEngine(
    new DynamoDBClient({
      endpoint: nowhere,
      region: 'us-east-1',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
      maxAttempts: 1,
    }),
    'DynamoDB',
  );
const meta = (httpStatusCode: number) => ({ $metadata: { httpStatusCode } });

const Thing = new Entity(
  {
    model: { entity: 'thing', version: '1', service: 'test' },
    attributes: { id: { type: 'string', required: true }, count: { type: 'number' } },
    indexes: { byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } } },
  },
  { table: 'test', client: DynamoDBDocumentClient.from(client()) },
);

describe('engineFailure', () => {
  it('names the engine and the cause of a refused connection', async () => {
    const err = await client()
      .send(new ListTablesCommand({}))
      .catch((e: unknown) => e);
    expect(engineFailure(err)).toMatchObject({
      engine: 'DynamoDB',
      reason: 'unreachable',
      code: 'ECONNREFUSED',
      attempts: 1,
    });
  });

  it('finds the cause behind the ElectroError that wraps it', async () => {
    const err = await Thing.get({ id: 'a' })
      .go()
      .catch((e: unknown) => e);
    expect((err as { code: number }).code).toBe(4001);
    expect(engineFailure(err)).toMatchObject({ engine: 'DynamoDB', reason: 'unreachable' });
  });

  it('counts throttling and server faults, by name, fault and status', () => {
    const throttled = new ProvisionedThroughputExceededException({ message: 'slow down', ...meta(400) });
    expect(engineFailure(throttled)).toMatchObject({
      reason: 'throttled',
      name: 'ProvisionedThroughputExceededException',
    });
    expect(engineFailure(new InternalServerError({ message: 'oops', ...meta(500) }))).toMatchObject({
      reason: 'server-error',
      httpStatus: 500,
    });
  });

  it('leaves the caller-side answers of a working engine alone', async () => {
    expect(engineFailure(new ConditionalCheckFailedException({ message: 'x', ...meta(400) }))).toBeNull();
    expect(engineFailure(new Error('connect ECONNREFUSED in a message only'))).toBeNull();
    const invalid = await Thing.create({ id: 'a', count: 'many' as never })
      .go()
      .catch((e: unknown) => e);
    expect(engineFailure(invalid)).toBeNull();
  });
});

describe('the answer to an ElectroDB error', () => {
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
  const answer = async (run: () => Promise<unknown>) => {
    const h = httpHandler({ route: routes.getUserConfig, run });
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const r = (await h(event, {} as Context)) as { statusCode: number; body: string };
      return { status: r.statusCode, code: JSON.parse(r.body).code as string, logged: spy.mock.calls.length };
    } finally {
      spy.mockRestore();
    }
  };

  it('keeps a value ElectroDB refuses as 400, unlogged', async () => {
    const r = await answer(() => Thing.create({ id: 'a', count: 'many' as never }).go());
    expect(r).toEqual({ status: 400, code: 'validation-error', logged: 0 });
  });

  it('answers 503 and logs once when DynamoDB cannot be reached', async () => {
    const r = await answer(() => Thing.get({ id: 'a' }).go());
    expect(r).toEqual({ status: 503, code: 'service-unavailable', logged: 1 });
  });
});

describe('an engine that accepts and never answers', () => {
  it('fails the request after the socket limit, as a timeout (503), not when Lambda gives up', async () => {
    const sockets: import('node:net').Socket[] = [];
    const server = createServer((socket) => void sockets.push(socket)); // reads nothing, says nothing
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const client = tagEngine(
      new DynamoDBClient({
        region: 'us-east-1',
        endpoint: `http://127.0.0.1:${port}`,
        credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
        maxAttempts: 1,
        requestHandler: ENGINE_HTTP_OPTIONS,
      }),
      'DynamoDB',
    );
    const started = Date.now();
    const err = await client.send(new ListTablesCommand({})).catch((e: unknown) => e);
    const took = Date.now() - started;
    for (const s of sockets) s.destroy();
    server.close();
    expect(engineFailure(err)).toMatchObject({ engine: 'DynamoDB', reason: 'timeout' });
    expect(took).toBeGreaterThanOrEqual(ENGINE_HTTP_OPTIONS.requestTimeout - 100);
    expect(took).toBeLessThan(ENGINE_HTTP_OPTIONS.requestTimeout + 5_000);
  }, 20_000);
});
