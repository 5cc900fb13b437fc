/**
 * Passes a request on to an engine on this machine and its answer back, as it is (hop-by-hop headers
 * dropped, RFC 9110 §7.6.1), so the browser reaches the engines through the gateway's one origin
 * (cognito-proxy.ts, s3-proxy.ts). When the engine does not answer, `unreachable` answers instead.
 */
import { type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { reachHost } from '../engines/ports.ts';

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out = { ...headers };
  for (const h of HOP_BY_HOP) delete out[h];
  return out;
}

export type Forward = (req: IncomingMessage, res: ServerResponse, path: string) => void;

/** `target`: the engine's origin (http://localhost:<port>); `path` (with its query) is asked of it. */
export function forwardTo(target: string, name: string, unreachable: (res: ServerResponse) => void): Forward {
  const upstream = new URL(target);
  // Engines listen on the bind address; 'localhost' may resolve to ::1 first, where nothing listens.
  const hostname = upstream.hostname === 'localhost' ? reachHost() : upstream.hostname;
  return (req, res, path) => {
    const forward = request(
      {
        hostname,
        port: upstream.port,
        method: req.method,
        path,
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
      console.error(`${name} did not answer ${req.method} ${path.split('?')[0]}:`, e.message);
      unreachable(res);
    });
    req.pipe(forward);
  };
}
