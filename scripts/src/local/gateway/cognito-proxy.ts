/**
 * cognito-local on the app's origin: `<app>/cognito-idp` and everything under it is passed, as it
 * is, to cognito-local on its own port, and its answer back. The web app's Cognito endpoint
 * (config.json `cognito.endpoint`) names this path, so the browser talks to one origin on one port,
 * the way it talks to cognito-idp.<region>.amazonaws.com in AWS through nothing but HTTPS. Nothing of
 * it exists in AWS, where config.json names no endpoint and the SDK's default is used.
 *
 * Unlike /_local/mail it answers any address: whoever may use the app may sign in to it.
 */
import { type IncomingHttpHeaders, request } from 'node:http';
import { reachHost } from '../engines/ports.ts';
import type { ExtraHandler } from './index.ts';

export const COGNITO_PATH = '/cognito-idp';

/** Headers that describe one connection, not the message: not passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out = { ...headers };
  for (const h of HOP_BY_HOP) delete out[h];
  return out;
}

/** `target`: cognito-local's origin (http://localhost:<port>). */
export function cognitoProxy(target: string): ExtraHandler {
  const upstream = new URL(target);
  // cognito-local listens on the bind address; 'localhost' may resolve to ::1 first, where nothing listens.
  const hostname = upstream.hostname === 'localhost' ? reachHost() : upstream.hostname;
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname !== COGNITO_PATH && !url.pathname.startsWith(`${COGNITO_PATH}/`)) return false;
    const forward = request(
      {
        hostname,
        port: upstream.port,
        method: req.method,
        path: (url.pathname.slice(COGNITO_PATH.length) || '/') + url.search,
        headers: { ...withoutHopByHop(req.headers), host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
      },
    );
    forward.on('error', (e) => {
      req.resume();
      if (res.headersSent) return void res.destroy();
      // As the SDK reports a network failure; the web app shows it as "could not reach the server".
      console.error(`${COGNITO_PATH}: cognito-local did not answer:`, e.message);
      res
        .writeHead(503, { 'content-type': 'application/x-amz-json-1.1', 'retry-after': '5' })
        .end(JSON.stringify({ __type: 'NetworkError', message: 'The sign-in service is not reachable.' }));
    });
    req.pipe(forward);
    return true;
  };
}
