/**
 * Honest failures when an engine is down (issue 9, finding 2), against real engines of this test's own:
 * the handlers' clients point at ports where nothing listens yet, then DynamoDB Local, s3rver and
 * cognito-local are started on exactly those ports to show that the same module instances recover on
 * their own. The shared test stack is never touched (other files use it at the same time).
 *
 * Handlers are called as API Gateway calls them: with an HTTP API v2 event whose authorizer claims come
 * from a real access token of this test's cognito-local.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUILD_VERSION } from '@tandem/shared';
import { routes } from '@tandem/shared/api/routes';
import type { APIGatewayProxyResultV2, Context } from 'aws-lambda';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CognitoEngine } from '../../../scripts/src/local/engines/cognito.ts';
import type { DynamoDbEngine } from '../../../scripts/src/local/engines/dynamodb.ts';
import type { S3Engine } from '../../../scripts/src/local/engines/s3.ts';
import type { StackEnv, TestUser } from '../../../scripts/src/testing/users.ts';
import type { HttpEvent } from '../../src/lib/http-handler.ts';

const { freePort } = await import('../../../scripts/src/local/engines/ports.ts');
const { startDynamoDb } = await import('../../../scripts/src/local/engines/dynamodb.ts');
const { startS3 } = await import('../../../scripts/src/local/engines/s3.ts');
const { startCognito } = await import('../../../scripts/src/local/engines/cognito.ts');
const { MailStore } = await import('../../../scripts/src/local/mail/mail-store.ts');
const { createUser, signIn } = await import('../../../scripts/src/testing/users.ts');

const dataDir = await mkdtemp(path.join(tmpdir(), 'tandem-outage-'));
const TABLE = 'tandem-outage';
const BUCKET = 'tandem-outage-files';
const dynamoPort = await freePort();
const s3Port = await freePort();
const mail = new MailStore(path.join(dataDir, 'mail'));
const cognitoOptions = { dataDir, mail, appUrl: 'http://localhost:3000', quiet: true };
let cognito: CognitoEngine | null = await startCognito(cognitoOptions);
const cognitoPort = cognito.port;

// The handlers read their engines from the environment when first imported: set it before importing.
Object.assign(process.env, {
  TABLE_NAME: TABLE,
  ATTACHMENTS_BUCKET: BUCKET,
  DYNAMODB_ENDPOINT: `http://127.0.0.1:${dynamoPort}`,
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  COGNITO_ENDPOINT: cognito.endpoint,
  COGNITO_USER_POOL_ID: cognito.userPoolId,
  COGNITO_CLIENT_ID: cognito.clientId,
  COGNITO_ISSUER: cognito.issuer,
  COGNITO_JWKS_URI: cognito.jwksUri,
  BUILD_VERSION: 'outage-test',
});
const cognitoEnv: StackEnv = {
  COGNITO_ENDPOINT: cognito.endpoint,
  COGNITO_USER_POOL_ID: cognito.userPoolId,
  COGNITO_CLIENT_ID: cognito.clientId,
};

const getConfig = (await import('../../src/http/user/get-config.ts')).handler;
const createAvatar = (await import('../../src/http/user/create-avatar.ts')).handler;
const { handler: postConfirmation } = await import('../../src/triggers/post-confirmation.ts');
const { UserEntity } = await import('../../src/db/entities/user.ts');
const { httpHandler } = await import('../../src/lib/http-handler.ts');
const { MembershipEntity } = await import('../../src/db/entities/membership.ts');

let dynamo: DynamoDbEngine | null = null;
let s3: S3Engine | null = null;

afterAll(async () => {
  await Promise.allSettled([dynamo?.stop(), s3?.stop(), cognito?.stop()]);
  await rm(dataDir, { recursive: true, force: true });
});

const claimsOf = (u: TestUser) =>
  JSON.parse(Buffer.from(u.accessToken.split('.')[1]!, 'base64url').toString()) as Record<string, string>;

let requests = 0;
function event(
  method: string,
  routePath: string,
  claims: Record<string, string>,
  extra: Partial<HttpEvent> = {},
): HttpEvent {
  const p = `/api/v1${routePath}`;
  requests += 1;
  return {
    version: '2.0',
    routeKey: `${method} ${p}`,
    rawPath: p,
    rawQueryString: '',
    headers: {},
    isBase64Encoded: false,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path: p, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'test' },
      requestId: `outage-request-${requests}`,
      routeKey: `${method} ${p}`,
      stage: '$default',
      time: '',
      timeEpoch: Date.now(),
      authorizer: { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } },
    },
    ...extra,
  } as HttpEvent;
}

type Result = { statusCode: number; headers: Record<string, string>; body: string };
type Handler = (e: HttpEvent, c: Context) => Promise<APIGatewayProxyResultV2>;
const call = async (h: Handler, e: HttpEvent) => (await h(e, {} as Context)) as unknown as Result;

/** Error lines the handlers log during `fn`, parsed (the logger writes one JSON line per call). */
async function loggedErrors<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; lines: Array<Record<string, unknown>> }> {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  try {
    const result = await fn();
    const lines = spy.mock.calls
      .map((c) => String(c[0]))
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    return { result, lines };
  } finally {
    spy.mockRestore();
  }
}
afterEach(() => vi.restoreAllMocks());

function expectUnavailable(r: Result) {
  expect(r.statusCode).toBe(503);
  expect(r.headers['retry-after']).toBe('5');
  expect(r.headers['build-version']).toBe(BUILD_VERSION);
  expect(JSON.parse(r.body)).toEqual({
    detail: 'The service is briefly unavailable. Please try again in a moment.',
    fallback_message: 'The service is briefly unavailable. Please try again in a moment.',
    code: 'service-unavailable',
    errors: {},
  });
}

const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d4948445200000001000000010806000000', 'hex'),
]);
/** A multipart upload as API Gateway hands it to Lambda: base64 body, the boundary in the header. */
async function avatarUpload(claims: Record<string, string>): Promise<HttpEvent> {
  const fd = new FormData();
  fd.append('avatar', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const req = new Request('http://localhost/', { method: 'POST', body: fd });
  const body = Buffer.from(await req.arrayBuffer()).toString('base64');
  return event('POST', '/user/avatar/', claims, {
    headers: { 'content-type': req.headers.get('content-type')! },
    body,
    isBase64Encoded: true,
  });
}

let ada: TestUser;
let grace: TestUser;

describe('DynamoDB down', () => {
  beforeAll(async () => {
    // Signed up and confirmed while DynamoDB is down: the post-confirmation trigger cannot provision.
    const { lines } = await loggedErrors(async () => {
      ada = await createUser(cognitoEnv, { firstName: 'Ada', lastName: 'Lovelace' });
      grace = await createUser(cognitoEnv, { firstName: 'Grace', lastName: 'Hopper' });
    });
    // The trigger says why, once per sign-up, naming the engine.
    expect(lines.filter((l) => l.message === 'provisioning at sign-up failed')).toHaveLength(2);
  });

  it('answers 503 with Retry-After and the error body, and logs one line with request, route, user and cause', async () => {
    const e = event('GET', '/user/config/', claimsOf(ada));
    const { result: r, lines } = await loggedErrors(() => call(getConfig, e));
    expectUnavailable(r);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'ERROR',
      message: 'service unavailable',
      requestId: e.requestContext.requestId,
      route: 'GET /user/config/',
      userId: ada.userId,
      status: 503,
      cause: { engine: 'DynamoDB', reason: 'unreachable', code: 'ECONNREFUSED' },
    });
    expect(typeof lines[0]!.timestamp).toBe('string');
  });

  it('recovers on its own when DynamoDB is back, and the first call finishes the provisioning', async () => {
    dynamo = await startDynamoDb({ dataDir, tableName: TABLE, inMemory: true, preferredPort: dynamoPort });
    expect(dynamo.port).toBe(dynamoPort);
    const r = await call(getConfig, event('GET', '/user/config/', claimsOf(ada)));
    expect(r.statusCode).toBe(200);
    const config = JSON.parse(r.body);
    expect(config.is_provisioned).toBe(true);
    expect(config.group).toEqual(expect.any(String));
    // The profile given at sign-up, read back from the user pool: no account is half made.
    const stored = (await UserEntity.get({ userId: ada.userId }).go()).data;
    expect(stored).toMatchObject({
      email: ada.email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      ownedGroupCount: 1,
      groupMembershipCount: 1,
    });
  });

  it('provisions once: a repeated trigger and repeated calls add no records and double no counters', async () => {
    const trigger = {
      triggerSource: 'PostConfirmation_ConfirmSignUp',
      request: {
        userAttributes: { sub: ada.userId, email: ada.email, given_name: 'Ada', family_name: 'Lovelace' },
      },
    } as unknown as Parameters<typeof postConfirmation>[0];
    await postConfirmation(trigger);
    await Promise.all([
      call(getConfig, event('GET', '/user/config/', claimsOf(ada))),
      call(getConfig, event('GET', '/user/config/', claimsOf(ada))),
    ]);
    const stored = (await UserEntity.get({ userId: ada.userId }).go()).data;
    expect(stored).toMatchObject({ ownedGroupCount: 1, ownedGroupTotalCount: 1, groupMembershipCount: 1 });
    const memberships = await MembershipEntity.query.byUser({ userId: ada.userId }).go({ pages: 'all' });
    expect(memberships.data).toHaveLength(1);
  });
});

describe('a working engine refusing a write', () => {
  it('answers 409, not 503, when a condition fails unexpectedly (changed elsewhere meanwhile)', async () => {
    const duplicate = httpHandler({
      route: routes.getUserConfig,
      run: async ({ actor }) => {
        const { userId, ...rest } = (await UserEntity.get({ userId: actor.userId }).go()).data!;
        return UserEntity.create({ userId, ...rest }).go();
      },
    });
    const { result: r, lines } = await loggedErrors(() =>
      call(duplicate, event('GET', '/user/config/', claimsOf(ada))),
    );
    expect(r.statusCode).toBe(409);
    expect(JSON.parse(r.body).code).toBe('conflict');
    expect(lines).toHaveLength(0);
  });
});

describe('Cognito down', () => {
  it('answers 503 where provisioning must read the profile from Cognito, writes nothing, and recovers', async () => {
    await cognito!.stop();
    cognito = null;
    const e = event('GET', '/user/config/', claimsOf(grace));
    const { result: r, lines } = await loggedErrors(() => call(getConfig, e));
    expectUnavailable(r);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      message: 'service unavailable',
      requestId: e.requestContext.requestId,
      route: 'GET /user/config/',
      userId: grace.userId,
      cause: { engine: 'Cognito', reason: 'unreachable' },
    });
    expect((await UserEntity.get({ userId: grace.userId }).go()).data).toBeNull();

    cognito = await startCognito({ ...cognitoOptions, preferredPort: cognitoPort });
    expect(cognito.port).toBe(cognitoPort);
    const ok = await call(getConfig, event('GET', '/user/config/', claimsOf(grace)));
    expect(ok.statusCode).toBe(200);
    expect(JSON.parse(ok.body).is_provisioned).toBe(true);
    expect((await UserEntity.get({ userId: grace.userId }).go()).data).toMatchObject({
      email: grace.email,
      firstName: 'Grace',
      lastName: 'Hopper',
    });
    // Signing in works again too.
    await signIn(cognitoEnv, grace.email, grace.password);
  });
});

describe('S3 down', () => {
  it('answers 503 on an avatar upload, changes no settings, and recovers when S3 is back', async () => {
    const { result: r, lines } = await loggedErrors(async () =>
      call(createAvatar, await avatarUpload(claimsOf(ada))),
    );
    expectUnavailable(r);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      message: 'service unavailable',
      route: 'POST /user/avatar/',
      userId: ada.userId,
      cause: { engine: 'S3', reason: 'unreachable', code: 'ECONNREFUSED' },
    });
    const config = await call(getConfig, event('GET', '/user/config/', claimsOf(ada)));
    expect(JSON.parse(config.body).avatar).toBeNull();

    s3 = await startS3({
      dataDir,
      bucket: BUCKET,
      appOrigin: 'http://localhost:3000',
      preferredPort: s3Port,
    });
    expect(s3.port).toBe(s3Port);
    const up = await call(createAvatar, await avatarUpload(claimsOf(ada)));
    expect(up.statusCode).toBe(201);
    expect(JSON.parse(up.body).id).toEqual(expect.any(String));
  });
});
