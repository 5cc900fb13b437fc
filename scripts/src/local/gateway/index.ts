/**
 * The local gateway: one HTTP server that plays CloudFront, API Gateway (HTTP and WebSocket APIs)
 * and the Lambda runtime on one origin (ARCHITECTURE §3). In order:
 *   GET /config.json → the runtime config; /api/v1/* → the route handlers; /ws → the WebSocket API;
 *   /@connections/* → the management endpoint; then the extra handlers (mail viewer, …); then the
 *   web build with its SPA fallback.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AccessTokenIssuer } from '@tandem/functions/lib/jwt';
import { API_BASE, type RuntimeConfig, runtimeConfig } from '@tandem/shared';
import type { ThrottleLimits } from '@tandem/shared/api/throttling';
import { bindHost, localOrigin } from '../engines/ports.ts';
import { createHttpApi } from './http-api.ts';
import { logRequests } from './lambda.ts';
import { sendJson } from './request-body.ts';
import { createSecurityHeaders } from './security-headers.ts';
import { createStaticFiles } from './static-files.ts';
import { createThrottle } from './throttle.ts';
import { createWebSocketApi, WS_PATH } from './websocket-api.ts';

export type ExtraHandler = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface GatewayOptions {
  /** 0 picks a free port; the one used is in the returned url. */
  port: number;
  /** The address to listen on; loopback unless HOST says otherwise (engines/ports.ts). */
  host?: string;
  webDistDir: string;
  runtimeConfig: RuntimeConfig;
  /** The Cognito pool whose access tokens the authorizers accept. */
  jwt: AccessTokenIssuer;
  /** Request limits; false for none; unset reads TANDEM_THROTTLE (unset too: THROTTLE_LIMITS). */
  throttle?: ThrottleLimits | false;
  /** Tried in order after the API; a handler answers and returns true, or returns false to pass. */
  extraHandlers: ExtraHandler[];
}

export interface Gateway {
  url: string;
  close(): Promise<void>;
}

/**
 * The environment Lambda and infra give the handlers, for the handlers this process runs; returns
 * how to put the previous values back. The management endpoint is always this gateway (its port is
 * known only now). Lambda always puts credentials in a function's environment; without any, the SDK
 * would refuse to sign the @connections calls, so placeholders stand in (this gateway checks no
 * signature). Cognito settings the stack has already set win.
 */
function setHandlerEnv(url: string, jwt: AccessTokenIssuer): () => void {
  const wanted: Record<string, string | undefined> = {
    WS_MANAGEMENT_ENDPOINT: url,
    COGNITO_ISSUER: process.env.COGNITO_ISSUER ?? jwt.issuer,
    COGNITO_CLIENT_ID: process.env.COGNITO_CLIENT_ID ?? jwt.clientId,
    COGNITO_JWKS_URI: process.env.COGNITO_JWKS_URI ?? jwt.jwksUri,
  };
  if (!process.env.AWS_ACCESS_KEY_ID && !process.env.AWS_PROFILE) {
    wanted.AWS_ACCESS_KEY_ID = 'local';
    wanted.AWS_SECRET_ACCESS_KEY = 'local';
  }
  const previous = Object.fromEntries(Object.keys(wanted).map((k) => [k, process.env[k]]));
  Object.assign(process.env, wanted);
  return () => {
    for (const [k, v] of Object.entries(previous)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
}

export async function startGateway(opts: GatewayOptions): Promise<Gateway> {
  // Parsing keeps /config.json to exactly the keys the web app reads.
  const configJson = JSON.stringify(runtimeConfig.parse(opts.runtimeConfig));
  const throttle = createThrottle(opts.throttle);
  const httpApi = createHttpApi({ jwt: opts.jwt, throttle });
  const wsApi = createWebSocketApi({ throttle });
  const staticFiles = createStaticFiles(opts.webDistDir);
  const security = createSecurityHeaders(opts.webDistDir, opts.runtimeConfig);
  const setHeaders = (res: ServerResponse, headers: Record<string, string>) => {
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  };

  async function dispatch(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    // As CloudFront's behaviours: the site's headers on the default one, the API's on /api/v1.
    if (url.pathname === '/config.json' && (req.method === 'GET' || req.method === 'HEAD')) {
      setHeaders(res, await security.site());
      return sendJson(res, 200, JSON.parse(configJson), { 'cache-control': 'no-store' });
    }
    if (url.pathname === API_BASE || url.pathname.startsWith(`${API_BASE}/`)) {
      setHeaders(res, security.api());
      return httpApi(req, res, url);
    }
    if (await wsApi.management(req, res, url)) return;
    // Local only (cognito-local, s3rver, the mail viewer): in AWS these are other hosts.
    for (const extra of opts.extraHandlers) {
      if (await extra(req, res)) return;
    }
    setHeaders(res, await security.site());
    return staticFiles(req, res, url);
  }

  const server = createServer((req, res) => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (logRequests()) {
      // The path only: query strings may carry tokens.
      res.on('finish', () =>
        console.log(
          `${req.method} ${url.pathname} ${res.statusCode} ${Math.round(performance.now() - started)}ms`,
        ),
      );
    }
    dispatch(req, res, url).catch((e: unknown) => {
      console.error(`${req.method} ${url.pathname} failed:`, e);
      if (!res.headersSent)
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error\n');
      else res.destroy();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if (pathname === WS_PATH) return wsApi.upgrade(req, socket, head);
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });

  const host = opts.host ?? bindHost();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = localOrigin((server.address() as AddressInfo).port, host);
  const restoreEnv = setHandlerEnv(url, opts.jwt);

  return {
    url,
    close: async () => {
      wsApi.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      restoreEnv();
    },
  };
}
