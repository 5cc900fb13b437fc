/**
 * The one handler factory every HTTP route uses (STYLE: middy). It stacks, in this order:
 *   1. the error mapper and the build-version header (outermost, so every answer has both);
 *   2. input: JSON body (size-bounded), snake_case → camelCase, zod parsing of body, query and path;
 *   3. the actor, from the claims the JWT authorizer put on the event;
 * then the route's own function, whose result is turned back into snake_case JSON (avatar keys in it
 * signed into links first: lib/avatar-urls.ts).
 * A route function receives parsed input and an actor, never a raw event.
 */
import middy from '@middy/core';
import {
  BUILD_VERSION,
  BUILD_VERSION_HEADER,
  errorCodes,
  ID_REQUIRED,
  JsonTooDeepError,
  MAX_JSON_BODY_BYTES,
  messages,
  type RouteDef,
  SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS,
  TASK_ERROR_CODES,
  toCamel,
  toSnake,
} from '@tandem/shared';
import { englishZodMessages } from '@tandem/shared/api/zod-messages';
import type { APIGatewayProxyEventV2WithJWTAuthorizer, APIGatewayProxyResultV2 } from 'aws-lambda';
import * as z from 'zod/mini';
// A named import: `z.core.…` as a value would put all of zod's core in the bundle (D42).
import { $ZodError } from 'zod/v4/core';
import { type Actor, actorFromClaims } from './actor.ts';
import { withAvatarUrls } from './avatar-urls.ts';
import { isConditionFailed } from './conditions.ts';
import {
  ConflictError,
  HttpError,
  NotAuthenticatedError,
  NotFoundError,
  PayloadTooLargeError,
  ValidationError,
} from './errors.ts';
import { engineFailure } from './failures.ts';
import { logger } from './logger.ts';
import { cameThroughCloudFront } from './origin-verify.ts';
import { countRequests, DYNAMODB_REQUESTS_HEADER } from './request-count.ts';
import { routeSchemas } from './route-schemas.ts';

// zod's own messages (a check without one of ours) in English, as the API has always answered them.
englishZodMessages();

export type HttpEvent = APIGatewayProxyEventV2WithJWTAuthorizer;

/** A route function may answer a bare value (200), or `respond(...)` to choose status and headers. */
const RESULT = Symbol('http-result');
export interface HttpResult<T> {
  [RESULT]: true;
  status: number;
  body?: T;
  headers?: Record<string, string>;
}
export const respond = <T>(status: number, body?: T, headers?: Record<string, string>): HttpResult<T> => ({
  [RESULT]: true,
  status,
  ...(body !== undefined ? { body } : {}),
  ...(headers ? { headers } : {}),
});

export interface Request<B, Q, P, A> {
  actor: A;
  body: B;
  query: Q;
  params: P;
  event: HttpEvent;
}

interface Options<
  B extends z.core.$ZodType,
  Q extends z.core.$ZodType,
  P extends z.core.$ZodType,
  Auth extends boolean,
> {
  route: RouteDef;
  body?: B;
  query?: Q;
  params?: P;
  /** The route reads the body itself (file uploads); JSON parsing is skipped. */
  rawBody?: boolean;
  /** A JSON body larger than the default bound (MAX_JSON_BODY_BYTES) this route takes (a task import). */
  maxBodyBytes?: number;
  /** Defaults to the route's auth; 'public' routes get a null actor. */
  run: (
    req: Request<z.output<B>, z.output<Q>, z.output<P>, Auth extends true ? Actor : null>,
  ) => Promise<unknown>;
}

/** A non-JSON answer (an iCalendar feed): the text as it is, with its content type. */
const TEXT = Symbol('http-text');
export interface TextResult {
  [TEXT]: true;
  status: number;
  text: string;
  contentType: string;
}
export const respondText = (status: number, text: string, contentType: string): TextResult => ({
  [TEXT]: true,
  status,
  text,
  contentType,
});
const isTextResult = (v: unknown): v is TextResult => typeof v === 'object' && v !== null && TEXT in v;

// Branded, so a domain answer that happens to have a `status` field is never mistaken for one.
const isHttpResult = (v: unknown): v is HttpResult<unknown> =>
  typeof v === 'object' && v !== null && RESULT in v;

const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): APIGatewayProxyResultV2 => ({
  statusCode: status,
  headers: { 'content-type': 'application/json', [BUILD_VERSION_HEADER]: BUILD_VERSION, ...headers },
  body: body === undefined ? '' : JSON.stringify(toSnake(body)),
});

/** zod issue paths are camelCase inside; the client sees the wire (snake_case) names. */
function zodToValidation(err: z.core.$ZodError, where: 'body' | 'query' | 'params'): ValidationError {
  const errors: Record<string, string> = {};
  for (const issue of err.issues) {
    const path = issue.path.map((p) => (typeof p === 'string' ? toSnakeKey(p) : String(p))).join('.');
    const key = path || where;
    if (!(key in errors))
      errors[key] = issue.code === 'unrecognized_keys' ? unknownKeys(issue) : issue.message;
  }
  const first = Object.values(errors)[0] ?? messages.validation;
  return new ValidationError(errors, first, codeForMessage(first));
}
const toSnakeKey = (k: string) => k.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const unknownKeys = (issue: z.core.$ZodIssue) =>
  `Unknown field(s): ${('keys' in issue ? (issue.keys as string[]) : []).map(toSnakeKey).join(', ')}.`;

/** Spec messages that carry their own catalogue code. */
const codeByMessage: Record<string, string> = {
  [messages.invalidTimeFormat]: errorCodes.invalidTimeFormat,
  [messages.invalidTimezone]: errorCodes.invalidTimezone,
  ...TASK_ERROR_CODES,
};
const codeForMessage = (m: string): string => codeByMessage[m] ?? errorCodes.validation;

/** Who asked what: the keys every failure's log line carries. */
export interface RequestInfo {
  requestId?: string;
  route?: string;
  userId?: string;
}

export function requestInfo(event: HttpEvent | undefined, route?: RouteDef): RequestInfo {
  const sub = event?.requestContext?.authorizer?.jwt?.claims?.sub;
  return {
    ...(event?.requestContext?.requestId ? { requestId: event.requestContext.requestId } : {}),
    ...(route ? { route: `${route.method} ${route.path}` } : {}),
    ...(typeof sub === 'string' ? { userId: sub } : {}),
  };
}

/**
 * ElectroDB's own checks of the values it was given (2xxx: query parameters, 3001: an attribute's
 * value), made before any request is sent: a bad input that slipped past the schema. ElectroDB's 4001
 * is different — it wraps whatever the DynamoDB client threw, an engine outage included.
 */
const isElectroInputError = (err: ElectroFailure) => err.code >= 2000 && err.code < 4000;
const dynamoErrorName = (err: ElectroFailure) => (err.cause instanceof Error ? err.cause.name : undefined);

/**
 * ElectroDB's error, recognised by the flag it sets rather than by its class: importing the class
 * would bring the whole of ElectroDB into bundles that never touch the table (docs/decisions.md D35).
 */
interface ElectroFailure extends Error {
  code: number;
  isElectroError: true;
}
export const isElectroError = (err: unknown): err is ElectroFailure =>
  err instanceof Error && (err as Partial<ElectroFailure>).isElectroError === true;

const unavailableBody = {
  detail: messages.serviceUnavailable,
  fallbackMessage: messages.serviceUnavailable,
  code: errorCodes.serviceUnavailable,
  errors: {},
};

/**
 * The one mapping from an error to the API's answer. A failure that is not the caller's doing (an
 * engine down or throttled, a bug) is logged here, one line per request, with who asked what.
 */
export function toErrorResponse(err: unknown, info: RequestInfo = {}): APIGatewayProxyResultV2 {
  if (err instanceof HttpError) return json(err.status, err.toBody());
  if (err instanceof $ZodError) return json(400, zodToValidation(err, 'body').toBody());
  const failure = engineFailure(err);
  if (failure) {
    logger.error('service unavailable', { ...info, status: 503, cause: failure });
    return json(503, unavailableBody, { 'retry-after': String(SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS) });
  }
  if (isElectroError(err)) {
    if (isElectroInputError(err) || dynamoErrorName(err) === 'ValidationException')
      return json(400, new ValidationError({}, messages.validation).toBody());
    // A condition the domain did not expect to fail: somebody else changed the item meanwhile.
    if (isConditionFailed(err)) return json(409, new ConflictError(messages.conflict).toBody());
  }
  const e = err instanceof Error ? err : new Error(String(err));
  logger.error('unhandled error', {
    ...info,
    status: 500,
    cause: { name: e.name, message: e.message, stack: e.stack },
  });
  return json(500, {
    detail: messages.generic,
    fallbackMessage: messages.generic,
    code: errorCodes.internal,
    errors: {},
  });
}

/** The JSON body in camelCase: size-bounded (413) and depth-bounded (400) before anything else reads it. */
export function parseBody(event: HttpEvent, maxBytes: number = MAX_JSON_BODY_BYTES): unknown {
  if (!event.body) return {};
  const raw = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (raw.byteLength > maxBytes) throw new PayloadTooLargeError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new HttpError(400, errorCodes.invalidJson, messages.invalidJson);
  }
  try {
    return toCamel(parsed);
  } catch (e) {
    if (e instanceof JsonTooDeepError) throw new HttpError(400, errorCodes.bodyTooDeep, messages.bodyTooDeep);
    throw e;
  }
}

/** Path parameters are ids: a blank or whitespace one is refused here, for every route. */
function refuseBlankParams(params: Record<string, string | undefined>): void {
  const errors: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (!value?.trim()) errors[name] = ID_REQUIRED;
  if (Object.keys(errors).length) throw new ValidationError(errors);
}

function parsePart<S extends z.core.$ZodType>(
  schema: S | undefined,
  value: unknown,
  where: 'body' | 'query' | 'params',
) {
  if (!schema) return value;
  const r = z.safeParse(schema, value);
  if (!r.success) throw zodToValidation(r.error, where);
  return r.data;
}

export function httpHandler<
  B extends z.core.$ZodType = z.core.$ZodUnknown,
  Q extends z.core.$ZodType = z.core.$ZodUnknown,
  P extends z.core.$ZodType = z.core.$ZodUnknown,
>(opts: Options<B, Q, P, true>) {
  const needsActor = opts.route.auth === 'user';
  const { body, query, params, rawBody = false } = opts;
  routeSchemas.set(opts.route, { body, query, params, rawBody });
  const base = async (event: HttpEvent): Promise<APIGatewayProxyResultV2> => {
    // Sent around CloudFront to the execute-api address: as if there were no such route.
    if (!cameThroughCloudFront(event.headers)) throw new NotFoundError();
    const claims = event.requestContext?.authorizer?.jwt?.claims;
    const actor = claims ? actorFromClaims(claims) : null;
    if (needsActor && !actor) throw new NotAuthenticatedError();
    const body = opts.rawBody ? undefined : parsePart(opts.body, parseBody(event, opts.maxBodyBytes), 'body');
    const query = parsePart(opts.query, toCamel(event.queryStringParameters ?? {}), 'query');
    refuseBlankParams(event.pathParameters ?? {});
    const params = parsePart(opts.params, event.pathParameters ?? {}, 'params');
    const result = await opts.run({ actor: actor as Actor, body, query, params, event } as never);
    if (isTextResult(result)) {
      return {
        statusCode: result.status,
        headers: {
          'content-type': result.contentType,
          [BUILD_VERSION_HEADER]: BUILD_VERSION,
          'cache-control': 'no-store',
        },
        body: result.text,
      };
    }
    // Avatars in the answer are object keys until here: each becomes a presigned link (D48).
    if (isHttpResult(result)) return json(result.status, await withAvatarUrls(result.body), result.headers);
    return json(200, await withAvatarUrls(result));
  };
  const handler = middy<HttpEvent, APIGatewayProxyResultV2>(base).use({
    onError: async (request) => {
      request.response = toErrorResponse(request.error, requestInfo(request.event, opts.route));
    },
  });
  // Only against local engines (never in AWS): the call's DynamoDB request count, for the tests.
  if (!process.env.DYNAMODB_ENDPOINT) return handler;
  const counted = async (event: HttpEvent, context: Parameters<typeof handler>[1]) => {
    const { result, tally } = await countRequests(() => handler(event, context));
    if (typeof result === 'object' && result !== null)
      result.headers = { ...result.headers, [DYNAMODB_REQUESTS_HEADER]: String(tally.count) };
    return result;
  };
  return Object.assign(counted, handler) as unknown as typeof handler;
}
