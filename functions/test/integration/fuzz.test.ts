/**
 * Schema-driven fuzz over every route of the manifest (issue 9, finding 3): for each route, input is
 * generated from the zod schemas its handler gives httpHandler (read from the route-schemas registry)
 * and spoiled on purpose — wrong types, huge, empty and invisible strings, deep nesting, unicode and
 * lone surrogates, negative and huge numbers, unknown keys, bad ids and broken bodies. Every answer
 * must be below 500, every 4xx must come in the error shape and must write nothing.
 *
 * "Writes nothing" is checked on a table of this file's own: the handlers run in this worker behind
 * the local gateway's HTTP API code (real HTTP, real token checks) with TABLE_NAME pointed at a fresh
 * table, so a Scan before and after each request sees only this fuzz user's doings, whatever other
 * test files run meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AttributeValue,
  CreateTableCommand,
  DeleteTableCommand,
  DynamoDBClient,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { API_BASE, type RouteDef } from '@tandem/shared';
import { routes } from '@tandem/shared/api/routes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { type FakeChat, startFakeChat } from '../../../scripts/src/local/ai/fake-chat.ts';
import { createUser, type StackEnv } from '../../../scripts/src/testing/users.ts';
import { createTableInput } from '../../src/db/table.ts';
import type { RouteSchemas } from '../../src/lib/route-schemas.ts';
import { stack } from './support.ts';

/** Runs per route: bounded, so the whole file stays well under two minutes on a busy 2-core machine. */
const RUNS = 30;

let fakeChat: FakeChat | undefined;

const env = stack.env as StackEnv;
const tableName = `tandem-fuzz-${randomUUID().slice(0, 8)}`;
const ddb = new DynamoDBClient({
  region: env.AWS_REGION ?? 'us-east-1',
  endpoint: env.DYNAMODB_ENDPOINT,
  credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
});

const manifest = Object.entries(routes) as Array<[string, RouteDef]>;
const key = (r: RouteDef) => `${r.method} ${r.path}`;

let server: Server;
let baseUrl: string;
let token: string;
const schemasByRoute = new Map<string, RouteSchemas>();
/** Ids of real objects of the fuzz user, mixed into generated ids so requests reach past the 404. */
const seeds: string[] = [];

// ---------- the table, read whole (this file's table only) ----------

const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;

async function snapshot(): Promise<string[]> {
  const items: string[] = [];
  let start: Record<string, AttributeValue> | undefined;
  do {
    const r = await ddb.send(
      new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of r.Items ?? []) items.push(JSON.stringify(canonical(item)));
    start = r.LastEvaluatedKey;
  } while (start);
  return items.sort();
}

// ---------- input generation from the route's schemas ----------

type JsonSchema = {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
  format?: string;
  pattern?: string;
};

const nest = (depth: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
};

const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '   ',
    '\t\n',
    '\u200b',
    '\u200b\u200d\ufeff',
    '\u0000',
    '\ud800',
    'a\udfffb',
    '🙂‍🙂',
    'e\u0301',
    '%',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '__proto__',
    'null',
    '-1',
    '1e309',
    'x'.repeat(129),
    'x'.repeat(501),
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);
/** Strings too long for any field, sent in bodies only (a URL has its own, smaller limit). */
const hugeString = fc.constantFrom('x'.repeat(20_001), 'é'.repeat(60_000), '🙂'.repeat(30_000));

const nastyNumber = fc.constantFrom(
  -1,
  0,
  -0,
  0.5,
  -1e308,
  1e308,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  Number.MIN_SAFE_INTEGER - 2,
  Number.MIN_VALUE,
);

/**
 * Stands for a value nested 10,000 deep: too deep for JSON.stringify itself, so the body text gets
 * the nesting spliced in where this marker was serialised (toJson).
 */
const DEEP = '\u0000deep\u0000';
const toJson = (v: unknown): string =>
  (JSON.stringify(v) ?? 'null').replaceAll(
    JSON.stringify(DEEP),
    `${'['.repeat(10_000)}${']'.repeat(10_000)}`,
  );

const nasty: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, [], {}, [null], { '': '' }),
  nastyString,
  hugeString,
  nastyNumber,
  fc.integer({ min: 20, max: 40 }).map(nest),
  fc.constant(DEEP),
  fc.anything({ maxDepth: 3 }),
);

/** Strings that mean something to a field: the user's real ids, zones, e-mail addresses. */
function stringFor(name: string, s: JsonSchema): fc.Arbitrary<string> {
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
  const lower = name.toLowerCase();
  if (lower.includes('email')) return fc.oneof(fc.emailAddress(), fc.constant('fuzz@example.com'));
  if (lower.includes('timezone'))
    return fc.constantFrom('Europe/Berlin', 'UTC', 'America/New_York', 'Asia/Kathmandu');
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern));
    } catch {
      // A pattern fast-check cannot generate from: plain strings below.
    }
  }
  const plain = fc.string({
    minLength: s.minLength ?? 0,
    maxLength: Math.max(s.minLength ?? 0, Math.min(s.maxLength ?? 30, 30)),
  });
  return seeds.length ? fc.oneof(fc.constantFrom(...seeds), plain) : plain;
}

/** A value the schema would accept, or nearly: refinements are not known here, so some miss. */
function valid(s: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((u) => valid(u, name, depth)));
  const type = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => valid({ ...s, type: t }, name, depth)));
  switch (type[0]) {
    case 'string':
      return stringFor(name, s);
    case 'integer':
      return fc.integer({ min: Math.max(s.minimum ?? -5, -1e6), max: Math.min(s.maximum ?? 1000, 1e6) });
    case 'number':
      return fc.double({
        min: s.minimum ?? -5,
        max: s.maximum ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items && depth < 6 ? fuzzed(s.items, name, depth + 1) : nasty, {
        minLength: s.minItems ?? 0,
        maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)),
      });
    case 'object':
      return objectOf(s, depth);
    default:
      return nasty;
  }
}

/** Mostly valid, sometimes spoiled. */
const fuzzed = (s: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> =>
  fc.oneof({ arbitrary: valid(s, name, depth), weight: 4 }, { arbitrary: nasty, weight: 1 });

function objectOf(s: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const fields = Object.fromEntries(
    Object.entries(props).map(([k, p]) => [
      k,
      // A required field is sometimes left out; an optional one sometimes given.
      fc.option(fuzzed(p, k, depth + 1), { freq: required.has(k) ? 10 : 2, nil: undefined }),
    ]),
  );
  const unknownKeys = fc.option(fc.dictionary(nastyString, nasty, { maxKeys: 2 }), {
    freq: 4,
    nil: undefined,
  });
  return fc.record({ fields: fc.record(fields), extra: unknownKeys }).map(({ fields: f, extra }) => {
    const out: Record<string, unknown> = { ...extra };
    for (const [k, v] of Object.entries(f)) if (v !== undefined) out[snake(k)] = v;
    return out;
  });
}

const snake = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();

const jsonSchemaOf = (schema: z.core.$ZodType | undefined): JsonSchema =>
  schema
    ? (z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema)
    : { type: 'object', properties: {} };

interface FuzzRequest {
  path: string;
  query: string;
  body?: { text: string; contentType?: string } | { form: FormData } | undefined;
}

const toQueryValue = (v: unknown): string =>
  typeof v === 'string' ? v : v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v);

/** A query string from the schema: mostly valid values, sometimes nasty short strings, unknown keys. */
function queryOf(s: JsonSchema): fc.Arbitrary<string> {
  const fields = Object.fromEntries(
    Object.entries(s.properties ?? {}).map(([k, p]) => [
      snake(k),
      fc.option(
        fc.oneof(
          { arbitrary: valid(p, k, 5).map(toQueryValue), weight: 3 },
          { arbitrary: fc.oneof(nastyString, nastyNumber.map(String)), weight: 1 },
        ),
        { freq: 3, nil: undefined },
      ),
    ]),
  );
  const extra = fc.option(fc.dictionary(fc.string({ maxLength: 10 }), nastyString, { maxKeys: 2 }), {
    freq: 4,
    nil: undefined,
  });
  return fc.record({ fields: fc.record(fields), extra }).map(({ fields: f, extra: x }) => {
    const entries = [...Object.entries(x ?? {}), ...Object.entries(f)].filter(
      (e): e is [string, string] => e[1] !== undefined,
    );
    return new URLSearchParams(entries).toString();
  });
}

function multipart(): fc.Arbitrary<FuzzRequest['body']> {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
  return fc.oneof(
    fc.constant({ text: 'no boundary', contentType: 'multipart/form-data' }),
    fc.constant({ text: '--x\r\nbroken', contentType: 'multipart/form-data; boundary=x' }),
    fc.constant({ text: '', contentType: 'multipart/form-data; boundary=x' }),
    fc.constant({ text: '{"a":1}', contentType: 'application/json' }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => {
      const form = new FormData();
      form.append('avatar', new Blob([png, bytes], { type: 'image/png' }), 'me.png');
      return { form };
    }),
    nastyString.map((name) => {
      const form = new FormData();
      form.append(name || 'x', new Blob([name], { type: 'text/plain' }), name);
      return { form };
    }),
  );
}

function requestArb(route: RouteDef, schemas: RouteSchemas): fc.Arbitrary<FuzzRequest> {
  const paramNames = [...route.path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]!);
  // Path segments as sent, already encoded (a lone surrogate has no encoding; raw bytes stand in).
  const segment = (v: string) => encodeURIComponent(v.toWellFormed());
  const paramArb = fc.tuple(
    ...paramNames.map(() =>
      fc.oneof(
        { arbitrary: (seeds.length ? fc.constantFrom(...seeds) : fc.uuid()).map(segment), weight: 2 },
        {
          arbitrary: fc.constantFrom('0', '1', '8', '9', '999999', '%ED%A0%80', '%FF', '%00', '%'),
          weight: 1,
        },
        { arbitrary: nastyString.map(segment), weight: 2 },
      ),
    ),
  );
  const queryArb = queryOf(jsonSchemaOf(schemas.query));
  const hasBody = route.method !== 'GET';
  const bodyArb: fc.Arbitrary<FuzzRequest['body']> = !hasBody
    ? fc.constant(undefined)
    : schemas.rawBody
      ? multipart()
      : fc.oneof(
          { arbitrary: objectOf(jsonSchemaOf(schemas.body), 0).map((v) => ({ text: toJson(v) })), weight: 6 },
          { arbitrary: nasty.map((v) => ({ text: toJson(v) })), weight: 1 },
          {
            arbitrary: fc.constantFrom(
              { text: '{"unclosed": ' },
              { text: 'not json at all' },
              { text: '{"a":1}', contentType: 'text/plain' },
              { text: `{"deep":${'['.repeat(50_000)}${']'.repeat(50_000)}}` },
              { text: JSON.stringify({ big: 'x'.repeat(300 * 1024) }) },
              { text: '' },
            ),
            weight: 1,
          },
        );
  return fc.record({ params: paramArb, query: queryArb, body: bodyArb }).map(({ params, query, body }) => {
    let i = 0;
    const path = route.path.replace(/\{\w+\+?\}/g, () => params[i++]!);
    return { path, query, body };
  });
}

async function send(route: RouteDef, req: FuzzRequest) {
  const headers: Record<string, string> = route.auth === 'user' ? { authorization: `Bearer ${token}` } : {};
  let body: string | FormData | undefined;
  if (req.body && 'form' in req.body) body = req.body.form;
  else if (req.body) {
    body = req.body.text;
    headers['content-type'] = req.body.contentType ?? 'application/json';
  }
  const url = `${baseUrl}${API_BASE}${req.path}${req.query ? `?${req.query}` : ''}`;
  const res = await fetch(url, { method: route.method, headers, body });
  const text = await res.text();
  return { status: res.status, text };
}

// ---------- setup: own table, handlers in this worker behind the gateway's HTTP API ----------

beforeAll(async () => {
  await ddb.send(new CreateTableCommand(createTableInput(tableName)));
  // Every functions module imported from here on talks to this file's table.
  vi.stubEnv('TABLE_NAME', tableName);
  // The AI routes talk to a local model (it answers a small template tree): with none configured
  // they answer 503, which is the service's state, not the input's fault.
  fakeChat = await startFakeChat();
  vi.stubEnv('AI_ENDPOINT', fakeChat.url);
  vi.stubEnv('AI_MODEL', 'fuzz');
  const { createHttpApi } = await import('../../../scripts/src/local/gateway/http-api.ts');
  const { routeSchemas } = await import('../../src/lib/route-schemas.ts');
  const { provisionUser } = await import('../../src/core/user/user.ts');
  for (const [, route] of manifest) {
    const file = new URL(`../../src/http/${route.handler}.ts`, import.meta.url).href;
    await import(/* @vite-ignore */ file);
  }
  for (const [route, schemas] of routeSchemas) schemasByRoute.set(key(route), schemas);

  const api = createHttpApi({
    jwt: { issuer: env.COGNITO_ISSUER!, clientId: env.COGNITO_CLIENT_ID, jwksUri: env.COGNITO_JWKS_URI! },
  });
  server = createServer((req, res) => {
    void api(req, res, new URL(req.url ?? '/', 'http://localhost'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const user = await createUser(env, { firstName: 'Fuzz' });
  token = user.accessToken;
  // The sign-up trigger wrote the profile into the stack's table; this table gets its own.
  await provisionUser(user.userId, { email: user.email, firstName: 'Fuzz', lastName: 'User' });
  seeds.push(user.userId);
  const call = (method: string, path: string, body: unknown) =>
    fetch(`${baseUrl}${API_BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      // POST /task answers its results list; the others the object made.
      const body = (await r.json()) as { id: string; results?: Array<{ id: string }> };
      return { status: r.status, body: { id: body.results?.[0]?.id ?? body.id } };
    });
  const group = await call('POST', '/user/group', { title: 'Fuzz group' });
  const task = await call('POST', '/task', { title: 'Fuzz task', group: group.body.id });
  const category = await call('POST', '/user/group/category', { title: 'Fuzz category' });
  const block = await call('POST', '/time-blocking/', {
    start_date: '2030-01-01T09:00:00Z',
    duration: 60,
    timezone: 'Europe/Berlin',
  });
  for (const made of [group, task, category, block]) {
    expect(made.status).toBe(201);
    expect(made.body.id).toEqual(expect.any(String));
    seeds.push(made.body.id);
  }
}, 120_000);

afterAll(async () => {
  vi.unstubAllEnvs();
  await fakeChat?.stop();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server?.closeAllConnections();
  await ddb.send(new DeleteTableCommand({ TableName: tableName })).catch(() => undefined);
});

describe('fuzz over the route manifest', () => {
  it('has the input schemas of every route of the manifest', () => {
    const missing = manifest.filter(([, r]) => !schemasByRoute.has(key(r))).map(([name]) => name);
    expect(missing, 'routes whose handler does not declare its input through httpHandler').toEqual([]);
  });

  for (const [name, route] of manifest) {
    it(`${name}: ${route.method} ${route.path} answers bad input below 500, in the error shape, writing nothing`, async () => {
      const schemas = schemasByRoute.get(key(route));
      expect(schemas, `${name} has no schemas`).toBeDefined();
      let before = await snapshot();
      const run = await fc.check(
        fc.asyncProperty(requestArb(route, schemas!), async (req) => {
          const res = await send(route, req);
          const shown = `${route.method} ${req.path.slice(0, 200)}?${req.query.slice(0, 300)} ${req.body && 'text' in req.body ? req.body.text.slice(0, 300) : ''} → ${res.status} ${res.text.slice(0, 300)}`;
          expect(res.status, shown).toBeLessThan(500);
          const after = await snapshot();
          if (res.status >= 400) {
            expect(JSON.parse(res.text), shown).toMatchObject({
              fallback_message: expect.any(String),
              code: expect.any(String),
              errors: expect.any(Object),
            });
            expect(after, `${shown} wrote to the table`).toEqual(before);
          }
          before = after;
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
      // The failing request, shortened: fast-check's own report repeats every huge generated value.
      if (run.failed) {
        const why =
          run.errorInstance instanceof Error ? run.errorInstance.message : String(run.errorInstance);
        throw new Error(`seed ${run.seed}: ${why.slice(0, 2000)}`);
      }
    });
  }
});
