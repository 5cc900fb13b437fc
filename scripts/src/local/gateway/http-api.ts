/**
 * The HTTP API (API Gateway v2) in front of the route handlers: routes from the manifest, the JWT
 * authorizer on `auth: 'user'` routes, payload format 2.0 events, and the answers API Gateway itself
 * gives (401 from the authorizer, 413 for an oversized body — in the API's error shape here — and 500 when the function fails). Throttling
 * (THROTTLE_LIMITS of @tandem/shared): the stage as a whole and each public route as a whole, as the
 * deployed stage does, and per caller — each user, each IP on public routes, each calendar-feed
 * token — as the WAF rule of AWS does (docs/decisions.md D15).
 */
import { isUtf8 } from 'node:buffer';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AccessTokenIssuer, bearerToken, verifyAccessToken } from '@tandem/functions/lib/jwt';
import { API_BASE, errorCodes, messages, type RouteDef, routes, toSnake } from '@tandem/shared';
import { type CallerLimit, callerLimitOf } from '@tandem/shared/api/throttling';
import { VIEWER_ADDRESS_HEADER } from '@tandem/shared/request-links/constants';
import type {
  APIGatewayEventRequestContextJWTAuthorizer,
  APIGatewayProxyEventV2,
  APIGatewayProxyEventV2WithJWTAuthorizer,
} from 'aws-lambda';
import { awsIds, clfTime, gatewayId, invoke, sourceIp } from './lambda.ts';
import { readBody, refuseTooLarge, sendJson } from './request-body.ts';
import { type Throttle, tooManyRequests } from './throttle.ts';

/** API Gateway's payload limit for HTTP APIs. */
export const MAX_PAYLOAD_BYTES = 10 * 1024 * 1024;

interface CompiledRoute {
  id: string;
  def: RouteDef;
  caller: CallerLimit;
  /** "GET /api/v1/user/avatar/{id}", as the route is registered. */
  routeKey: string;
  pattern: RegExp;
  params: string[];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile([id, def]: [string, RouteDef]): CompiledRoute {
  const params: string[] = [];
  const segments = (API_BASE + def.path).replace(/\/+$/, '').split('/');
  const source = segments
    .map((segment) => {
      const m = /^\{(\w+)(\+?)\}$/.exec(segment);
      if (!m) return escapeRegExp(segment);
      params.push(m[1]!);
      return m[2] ? '(.+?)' : '([^/]+)';
    })
    .join('/');
  // The manifest mixes paths with and without a trailing slash; clients are not expected to know which.
  return {
    id,
    def,
    caller: callerLimitOf(id, def),
    routeKey: `${def.method} ${API_BASE}${def.path}`,
    pattern: new RegExp(`^${source}/?$`),
    params,
  };
}

/** Literal routes win over parameterised ones, as in API Gateway ("most specific match"). */
const compiled = Object.entries(routes as Record<string, RouteDef>)
  .map(compile)
  .sort((a, b) => a.params.length - b.params.length);

function match(method: string, path: string) {
  for (const route of compiled) {
    if (route.def.method !== method) continue;
    const m = route.pattern.exec(path);
    if (!m) continue;
    const pathParameters: Record<string, string> = {};
    route.params.forEach((name, i) => {
      const raw = m[i + 1]!;
      try {
        pathParameters[name] = decodeURIComponent(raw);
      } catch {
        pathParameters[name] = raw;
      }
    });
    return { route, pathParameters };
  }
  return undefined;
}

/** The refusal API Gateway's JWT authorizer sends: this body, and a Bearer challenge. */
function unauthorized(res: ServerResponse, error?: string): void {
  const challenge = error ? `Bearer error="invalid_token" error_description="${error}"` : 'Bearer';
  sendJson(res, 401, { message: 'Unauthorized' }, { 'www-authenticate': challenge });
}

/**
 * Claims as the JWT authorizer hands them over: every value a string, arrays written "[a b]"
 * (so `cognito:groups` arrives as "[admins]", a known quirk handlers must live with).
 */
function authorizerClaims(payload: Record<string, unknown>): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [k, v] of Object.entries(payload)) {
    claims[k] = Array.isArray(v) ? `[${v.join(' ')}]` : typeof v === 'object' ? JSON.stringify(v) : String(v);
  }
  return claims;
}

/** Content types API Gateway passes as text; every other body arrives base64-encoded. */
const TEXT_TYPE =
  /^(text\/|application\/(json|xml|javascript|x-www-form-urlencoded|graphql)\b)|\+(json|xml)\b/i;

function eventBody(body: Buffer, contentType: string | undefined) {
  if (body.byteLength === 0) return { isBase64Encoded: false };
  // Without a content type, valid UTF-8 is passed as text: what a client sending JSON carelessly expects.
  const text = contentType ? TEXT_TYPE.test(contentType) : isUtf8(body);
  return text
    ? { body: body.toString('utf8'), isBase64Encoded: false }
    : { body: body.toString('base64'), isBase64Encoded: true };
}

/** Header names lowercased and repeats joined with ',', as payload 2.0 delivers them. */
function eventHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!.toLowerCase();
    const value = req.rawHeaders[i + 1]!;
    headers[name] = name in headers ? `${headers[name]},${value}` : value;
  }
  return headers;
}

function queryParameters(rawQuery: string): Record<string, string> | undefined {
  if (!rawQuery) return undefined;
  const out: Record<string, string> = {};
  for (const [k, v] of new URLSearchParams(rawQuery)) out[k] = k in out ? `${out[k]},${v}` : v;
  return out;
}

function buildEvent(
  req: IncomingMessage,
  url: URL,
  route: CompiledRoute,
  pathParameters: Record<string, string>,
  body: Buffer,
  authorizer: APIGatewayEventRequestContextJWTAuthorizer | undefined,
): APIGatewayProxyEventV2 | APIGatewayProxyEventV2WithJWTAuthorizer {
  const now = Date.now();
  const ip = sourceIp(req.socket.remoteAddress);
  const { cookie, ...headers } = eventHeaders(req);
  const host = headers.host ?? 'localhost';
  // Headers API Gateway adds on its way in.
  headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${ip}` : ip;
  // CloudFront's function on the API's paths writes the viewer's address (decisions D76); this
  // gateway plays CloudFront, and keeps one a test sent so that one process can play many viewers.
  headers[VIEWER_ADDRESS_HEADER] ??= ip;
  headers['x-forwarded-port'] = String(req.socket.localPort ?? 80);
  headers['x-forwarded-proto'] = 'http';
  headers['x-amzn-trace-id'] =
    `Root=1-${Math.floor(now / 1000).toString(16)}-${randomBytes(12).toString('hex')}`;
  const rawQueryString = url.search.slice(1);
  const queryStringParameters = queryParameters(rawQueryString);
  const requestContext = {
    accountId: awsIds.accountId,
    apiId: awsIds.apiId,
    domainName: host,
    domainPrefix: host.replace(/:\d+$/, '').split('.')[0]!,
    http: {
      method: req.method ?? 'GET',
      path: url.pathname,
      protocol: `HTTP/${req.httpVersion}`,
      sourceIp: ip,
      userAgent: headers['user-agent'] ?? '',
    },
    requestId: gatewayId(),
    routeKey: route.routeKey,
    stage: awsIds.stage,
    time: clfTime(now),
    timeEpoch: now,
    ...(authorizer ? { authorizer } : {}),
  };
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: url.pathname,
    rawQueryString,
    // The Cookie header moves to `cookies`, one entry per cookie.
    ...(cookie ? { cookies: cookie.split(/;\s*/).filter(Boolean) } : {}),
    headers,
    ...(queryStringParameters ? { queryStringParameters } : {}),
    ...(route.params.length ? { pathParameters } : {}),
    requestContext,
    ...eventBody(body, headers['content-type']),
  };
}

interface StructuredResult {
  statusCode?: number;
  headers?: Record<string, string | number | boolean>;
  cookies?: string[];
  body?: string;
  isBase64Encoded?: boolean;
}

/**
 * API Gateway's reading of a payload 2.0 answer: a result with `statusCode` is used as given;
 * anything else (an object, a string) is a 200 JSON body.
 */
function structured(result: unknown): StructuredResult {
  if (typeof result === 'object' && result !== null && 'statusCode' in result)
    return result as StructuredResult;
  return {
    statusCode: 200,
    headers: { 'content-type': 'application/json' },
    body: typeof result === 'string' ? result : JSON.stringify(result ?? null),
  };
}

function writeResult(res: ServerResponse, result: unknown, requestId: string): void {
  const answer = structured(result);
  const body = answer.body
    ? Buffer.from(answer.body, answer.isBase64Encoded ? 'base64' : 'utf8')
    : Buffer.alloc(0);
  const headers: Record<string, string | string[]> = { 'apigw-requestid': requestId };
  for (const [k, v] of Object.entries(answer.headers ?? {})) headers[k.toLowerCase()] = String(v);
  if (answer.cookies?.length) headers['set-cookie'] = answer.cookies;
  headers['content-length'] = String(body.byteLength);
  res.writeHead(answer.statusCode ?? 200, headers).end(body);
}

const notFoundBody = toSnake({
  detail: messages.notFound,
  fallbackMessage: messages.notFound,
  code: errorCodes.notFound,
  errors: {},
});

/** An oversized body's answer, in the API's error shape like every other refusal. */
const tooLargeBody = JSON.stringify(
  toSnake({
    detail: messages.bodyTooLarge,
    fallbackMessage: messages.bodyTooLarge,
    code: errorCodes.bodyTooLarge,
    errors: {},
  }),
);

/** Handles a request under API_BASE. Without `throttle`, nothing is throttled. */
export function createHttpApi(opts: { jwt: AccessTokenIssuer; throttle?: Throttle }) {
  const { throttle } = opts;
  /** Seconds to wait before this request may run, or 0. `sub` is the verified caller of a user route. */
  const wait = (req: IncomingMessage, route: CompiledRoute, params: Record<string, string>, sub?: string) => {
    if (!throttle) return 0;
    const { limits } = throttle;
    const stage = ['stage', limits.httpStage] as [string, typeof limits.httpStage];
    switch (route.caller.by) {
      case 'user':
        return throttle.check(stage, [`user:${sub}`, limits.perUser]);
      case 'pathParameter':
        return throttle.check(stage, [`${route.id}:${params[route.caller.name]}`, limits.perFeedToken]);
      case 'ip':
        return throttle.check(
          stage,
          [`route:${route.id}`, limits.publicRoute],
          [`ip:${sourceIp(req.socket.remoteAddress)}`, limits.publicPerIp],
        );
    }
  };

  return async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    // The payload limit is checked at the front door, before routing or the authorizer.
    if (Number(req.headers['content-length'] ?? 0) > MAX_PAYLOAD_BYTES) {
      refuseTooLarge(req, res, tooLargeBody);
      return;
    }
    const found = match(req.method ?? 'GET', url.pathname);
    if (!found) {
      req.resume();
      sendJson(res, 404, notFoundBody);
      return;
    }

    let authorizer: APIGatewayEventRequestContextJWTAuthorizer | undefined;
    if (found.route.def.auth !== 'user') {
      const retryAfter = wait(req, found.route, found.pathParameters);
      if (retryAfter) {
        req.resume();
        tooManyRequests(res, retryAfter);
        return;
      }
    } else {
      const token = bearerToken(req.headers.authorization);
      if (!token) {
        req.resume();
        unauthorized(res);
        return;
      }
      try {
        const claims = await verifyAccessToken(token, opts.jwt);
        // Scopes are filled only for routes that declare authorization scopes; the manifest declares none.
        authorizer = { jwt: { claims: authorizerClaims(claims), scopes: null } };
      } catch {
        req.resume();
        unauthorized(res, 'the token is not valid');
        return;
      }
      const retryAfter = wait(req, found.route, found.pathParameters, String(authorizer.jwt.claims.sub));
      if (retryAfter) {
        req.resume();
        tooManyRequests(res, retryAfter);
        return;
      }
    }

    const body = await readBody(req, MAX_PAYLOAD_BYTES);
    if (!body) {
      refuseTooLarge(req, res, tooLargeBody);
      return;
    }
    const event = buildEvent(req, url, found.route, found.pathParameters, body, authorizer);
    let result: unknown;
    try {
      result = await invoke('http', found.route.def.handler, event);
    } catch (e) {
      console.error(`${found.route.routeKey}: the function failed:`, e);
      sendJson(
        res,
        500,
        { message: 'Internal Server Error' },
        { 'apigw-requestid': event.requestContext.requestId },
      );
      return;
    }
    writeResult(res, result, event.requestContext.requestId);
  };
}
