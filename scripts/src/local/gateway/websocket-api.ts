/**
 * The WebSocket API (API Gateway) at /ws: the $connect flow (REQUEST authorizer, then the $connect
 * route, and only then the 101), messages routed by the manifest's `wsRoutes`, $disconnect on close,
 * and the `@connections` management endpoint handlers post through with the unchanged AWS SDK.
 */
import { isUtf8 } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WsAuthorizerEvent, WsEvent, WsRequestContext } from '@tandem/functions/ws/events';
import { BUILD_VERSION, BUILD_VERSION_HEADER, wsRoutes } from '@tandem/shared';
import type { APIGatewayAuthorizerResult } from 'aws-lambda';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { awsIds, clfTime, gatewayId, invoke, logRequests, sourceIp } from './lambda.ts';
import { readBody, refuseTooLarge, sendJson } from './request-body.ts';
import type { Throttle } from './throttle.ts';

export const WS_PATH = '/ws';
/** functions/src/ws/authorize.ts: infra attaches the same module to $connect as its authorizer. */
const WS_AUTHORIZER = 'authorize';
/** API Gateway's quotas: 128 KB a message, 10 minutes idle, 2 hours a connection. */
const MAX_MESSAGE_BYTES = 128 * 1024;
const IDLE_TIMEOUT_MS = 10 * 60 * 1000;
const MAX_CONNECTION_MS = 2 * 60 * 60 * 1000;

interface Connection {
  socket: WebSocket;
  /** What every event of the connection shares; each event adds its route, type, ids and time. */
  context: Omit<
    WsRequestContext,
    'routeKey' | 'eventType' | 'requestId' | 'extendedRequestId' | 'requestTime' | 'requestTimeEpoch'
  >;
  lastActiveAt: number;
  idleTimer?: NodeJS.Timeout;
  lifeTimer: NodeJS.Timeout;
}

type AuthorizerContext = NonNullable<WsRequestContext['authorizer']>;

/** Headers as the WebSocket API passes them: original case, plus a multi-value copy. */
function handshakeHeaders(req: IncomingMessage) {
  const headers: Record<string, string> = {};
  const multiValueHeaders: Record<string, string[]> = {};
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    const value = req.rawHeaders[i + 1]!;
    headers[name] = headers[name] === undefined ? value : `${headers[name]},${value}`;
    multiValueHeaders[name] = [...(multiValueHeaders[name] ?? []), value];
  }
  return { headers, multiValueHeaders };
}

function query(url: URL) {
  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [k, v] of url.searchParams) {
    single[k] = v;
    multi[k] = [...(multi[k] ?? []), v];
  }
  return { single, multi };
}

/** Whether an authorizer policy allows invoking `arn` (wildcards as IAM reads them). */
function allows(result: APIGatewayAuthorizerResult, arn: string): boolean {
  const matches = (pattern: string) =>
    new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replaceAll('*', '.*')}$`).test(arn);
  const statements = result.policyDocument?.Statement ?? [];
  const applies = (s: (typeof statements)[number]) => {
    const resources = 'Resource' in s ? [s.Resource].flat() : [];
    return resources.some((r) => typeof r === 'string' && matches(r));
  };
  if (statements.some((s) => s.Effect === 'Deny' && applies(s))) return false;
  return statements.some((s) => s.Effect === 'Allow' && applies(s));
}

/** Refuses an upgrade with a plain HTTP answer, as API Gateway does when $connect is refused. */
function refuse(socket: Duplex, status: number, message = STATUS_CODES[status] ?? 'Error'): void {
  if (socket.destroyed) return;
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json\r\n` +
      `${BUILD_VERSION_HEADER}: ${BUILD_VERSION}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

const statusOf = (result: unknown) =>
  typeof result === 'object' && result !== null && 'statusCode' in result
    ? Number((result as { statusCode: unknown }).statusCode ?? 200)
    : 200;

/** `throttle`: the stage's limit (webSocketStage) on connections and messages; none without it. */
export function createWebSocketApi(opts: { throttle?: Throttle } = {}) {
  const stageWait = () =>
    opts.throttle ? opts.throttle.check(['ws-stage', opts.throttle.limits.webSocketStage]) : 0;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const connections = new Map<string, Connection>();
  let closing = false;

  const eventContext = (
    conn: Pick<Connection, 'context'>,
    routeKey: string,
    eventType: WsRequestContext['eventType'],
  ): WsRequestContext => {
    const now = Date.now();
    return {
      ...conn.context,
      routeKey,
      eventType,
      requestId: gatewayId(),
      extendedRequestId: gatewayId(),
      requestTime: clfTime(now),
      requestTimeEpoch: now,
    };
  };

  async function upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): Promise<void> {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { headers, multiValueHeaders } = handshakeHeaders(req);
    const { single, multi } = query(url);
    const connectedAt = Date.now();
    const base: Connection['context'] = {
      stage: awsIds.wsStage,
      connectedAt,
      messageDirection: 'IN',
      identity: { sourceIp: sourceIp(req.socket.remoteAddress), userAgent: req.headers['user-agent'] ?? '' },
      domainName: req.headers.host ?? 'localhost',
      connectionId: gatewayId(),
      apiId: awsIds.apiId,
    };
    const log = (status: number) => {
      if (logRequests()) console.log(`WS ${WS_PATH} ${status} ${Date.now() - connectedAt}ms`);
    };

    // 0. The stage's throttling comes first, as in API Gateway.
    if (stageWait()) {
      log(429);
      return refuse(socket, 429, 'Too Many Requests');
    }

    // 1. The REQUEST authorizer, whose identity source is the `token` query parameter: without one
    // API Gateway answers 401 without calling it; 401 also when it throws "Unauthorized", 403 on Deny.
    if (!single.token) {
      log(401);
      return refuse(socket, 401, 'Unauthorized');
    }
    const methodArn = `arn:aws:execute-api:${awsIds.region}:${awsIds.accountId}:${awsIds.apiId}/${awsIds.wsStage}/$connect`;
    const authEvent: WsAuthorizerEvent = {
      type: 'REQUEST',
      methodArn,
      headers,
      multiValueHeaders,
      queryStringParameters: single,
      multiValueQueryStringParameters: multi,
      stageVariables: {},
      requestContext: eventContext({ context: base }, '$connect', 'CONNECT'),
    };
    let authorizer: AuthorizerContext;
    try {
      const started = Date.now();
      const result = (await invoke('ws', WS_AUTHORIZER, authEvent)) as APIGatewayAuthorizerResult;
      if (!allows(result, methodArn)) {
        log(403);
        return refuse(socket, 403);
      }
      // Context values reach the routes as strings.
      const context = Object.fromEntries(
        Object.entries(result.context ?? {}).map(([k, v]) => [
          k,
          v === null || v === undefined ? '' : String(v),
        ]),
      );
      authorizer = {
        ...context,
        userId: context.userId ?? '',
        principalId: result.principalId,
        integrationLatency: Date.now() - started,
      };
    } catch (e) {
      const denied = e instanceof Error && e.message === 'Unauthorized';
      if (!denied) console.error('WebSocket authorizer failed:', e);
      log(denied ? 401 : 500);
      return refuse(socket, denied ? 401 : 500, denied ? 'Unauthorized' : 'Internal server error');
    }

    // 2. The $connect route: anything but 2xx refuses the connection with that status.
    const conn = { context: { ...base, authorizer } };
    try {
      const result = await invoke('ws', wsRoutes.$connect, {
        headers,
        multiValueHeaders,
        queryStringParameters: single,
        multiValueQueryStringParameters: multi,
        requestContext: eventContext(conn, '$connect', 'CONNECT'),
        isBase64Encoded: false,
      } satisfies WsEvent);
      const status = statusOf(result);
      if (status < 200 || status >= 300) {
        log(status);
        return refuse(socket, status);
      }
    } catch (e) {
      console.error('WebSocket $connect failed:', e);
      log(500);
      return refuse(socket, 500, 'Internal server error');
    }

    // 3. The handshake completes only now, as in API Gateway. A client that left meanwhile is gone.
    if (socket.destroyed) {
      await disconnect(conn.context, 1006, 'Client left during $connect');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      log(101);
      open(ws, conn.context);
    });
  }

  function open(socket: WebSocket, context: Connection['context']): void {
    const { connectionId } = context;
    const conn: Connection = {
      socket,
      context,
      lastActiveAt: Date.now(),
      lifeTimer: setTimeout(() => socket.close(1001, 'Going away'), MAX_CONNECTION_MS).unref(),
    };
    const touch = () => {
      conn.lastActiveAt = Date.now();
      clearTimeout(conn.idleTimer);
      conn.idleTimer = setTimeout(() => socket.close(1001, 'Going away'), IDLE_TIMEOUT_MS).unref();
    };
    touch();
    connections.set(connectionId, conn);

    // With ws's default binaryType ('nodebuffer') every message arrives as one Buffer.
    socket.on('message', (data: RawData, isBinary: boolean) => {
      touch();
      void message(conn, data as Buffer, isBinary);
    });
    socket.on('close', (code: number, reason: Buffer) => {
      clearTimeout(conn.idleTimer);
      clearTimeout(conn.lifeTimer);
      connections.delete(connectionId);
      // While the gateway shuts down the engines may already be gone; the item's TTL cleans up.
      if (!closing) void disconnect(context, code, reason.toString());
    });
    socket.on('error', () => socket.terminate());
  }

  /**
   * Route selection by `$request.body.action` (infra configures the same expression): a JSON message
   * whose `action` names a route of the manifest goes there, everything else to $default.
   */
  function selectRoute(body: string | undefined): { routeKey: string; handler: string } {
    const named = wsRoutes as Record<string, string>;
    try {
      const action: unknown = body ? (JSON.parse(body) as { action?: unknown }).action : undefined;
      if (typeof action === 'string' && !action.startsWith('$') && named[action]) {
        return { routeKey: action, handler: named[action] };
      }
    } catch {
      // Not JSON: $default.
    }
    return { routeKey: '$default', handler: wsRoutes.$default };
  }

  async function message(conn: Connection, data: Buffer, isBinary: boolean): Promise<void> {
    const body = isBinary ? data.toString('base64') : data.toString('utf8');
    const { routeKey, handler } = selectRoute(isBinary ? undefined : body);
    const requestContext = { ...eventContext(conn, routeKey, 'MESSAGE'), messageId: gatewayId() };
    if (stageWait()) {
      // The message is dropped; the client is told, in the shape of the gateway's other refusals.
      conn.socket.send(
        JSON.stringify({
          message: 'Too Many Requests',
          connectionId: conn.context.connectionId,
          requestId: requestContext.requestId,
        }),
      );
      return;
    }
    try {
      await invoke('ws', handler, { requestContext, body, isBase64Encoded: isBinary } satisfies WsEvent);
    } catch (e) {
      console.error(`WebSocket ${routeKey} failed:`, e);
      // What API Gateway sends the client when the integration fails.
      if (conn.socket.readyState === WebSocket.OPEN) {
        conn.socket.send(
          JSON.stringify({
            message: 'Internal server error',
            connectionId: conn.context.connectionId,
            requestId: requestContext.requestId,
          }),
        );
      }
    }
  }

  async function disconnect(context: Connection['context'], code: number, reason: string): Promise<void> {
    const requestContext = {
      ...eventContext({ context }, '$disconnect', 'DISCONNECT'),
      disconnectStatusCode: code,
      disconnectReason: reason,
    };
    try {
      await invoke('ws', wsRoutes.$disconnect, {
        headers: { Host: context.domainName, 'X-Forwarded-For': context.identity.sourceIp },
        multiValueHeaders: { Host: [context.domainName], 'X-Forwarded-For': [context.identity.sourceIp] },
        requestContext,
        isBase64Encoded: false,
      } satisfies WsEvent);
    } catch (e) {
      console.error('WebSocket $disconnect failed:', e);
    }
    if (logRequests()) console.log(`WS ${WS_PATH} closed ${code}`);
  }

  /** `@connections/{id}`: POST sends, GET describes, DELETE closes. An unknown id is 410 Gone. */
  async function management(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    const m = /^\/@connections\/([^/]+)\/?$/.exec(url.pathname);
    if (!m || !['POST', 'GET', 'DELETE'].includes(req.method ?? '')) return false;
    const conn = connections.get(decodeURIComponent(m[1]!));
    // The SDK maps the error type header to its GoneException class.
    if (!conn || conn.socket.readyState !== WebSocket.OPEN) {
      req.resume();
      sendJson(res, 410, { message: 'Gone' }, { 'x-amzn-errortype': 'GoneException' });
      return true;
    }
    if (req.method === 'POST') {
      const data = await readBody(req, MAX_MESSAGE_BYTES);
      if (!data) {
        refuseTooLarge(req, res, JSON.stringify({ message: 'Message too long' }), {
          'x-amzn-errortype': 'PayloadTooLargeException',
        });
        return true;
      }
      conn.socket.send(data, { binary: !isUtf8(data) });
      res.writeHead(200, { 'content-length': 0 }).end();
    } else if (req.method === 'GET') {
      sendJson(res, 200, {
        connectedAt: new Date(conn.context.connectedAt).toISOString(),
        identity: conn.context.identity,
        lastActiveAt: new Date(conn.lastActiveAt).toISOString(),
      });
    } else {
      conn.socket.close(1000, 'Closed by the server');
      res.writeHead(204).end();
    }
    return true;
  }

  return {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
      void upgrade(req, socket, head).catch((e: unknown) => {
        console.error('WebSocket upgrade failed:', e);
        refuse(socket, 500);
      });
    },
    management,
    close(): void {
      closing = true;
      for (const { socket } of connections.values()) socket.terminate();
      connections.clear();
      wss.close();
    },
  };
}
