/**
 * The local stand-in for the browsers' push services (docs/realtime.md "Web Push"): an https server
 * on loopback that accepts Web Push requests (RFC 8030) at `https://127.0.0.1:<port>/push/<id>`,
 * records them as they came (headers and the encrypted body; it decrypts nothing) and answers 201,
 * or the status a test asked for (404, 410, 500…) to play a gone or failing subscription.
 *
 * It is https because the push sender (core/push/web-push.ts) speaks only https; its self-signed certificate is made once with
 * openssl into LOCAL_DATA_DIR/push and handed to the functions as PUSH_CA_FILE. The VAPID keys are
 * made there once too (push-keys.json) and handed over as VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY; the
 * public key also reaches the web in /config.json.
 *
 * Read and steer it through the gateway, loopback only, like the captured mail:
 * - `GET /_local/push.json?endpoint=<id>`: the pushes received (for that endpoint id), oldest first;
 * - `PUT /_local/push/answer` `{ "endpoint": "<id>", "status": 410 }`: that endpoint answers `status`
 *   from now on (`null` goes back to 201).
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { isLoopback } from './engines/ports.ts';

export interface RecordedPush {
  id: string;
  /** The endpoint's id: the last segment of its path. */
  endpoint: string;
  at: string;
  /** The status it was answered with. */
  status: number;
  headers: Record<string, string>;
  /** The encrypted body, base64. */
  body: string;
}

export interface PushRecorder {
  /** https://127.0.0.1:<port>/push: an endpoint is this plus `/<any id>`. */
  url: string;
  env: Record<string, string>;
  handler: (req: IncomingMessage, res: ServerResponse) => boolean;
  stop(): Promise<void>;
}

const MAX_BODY = 8 * 1024; // push services take 4 KB of payload; leave room for the encryption
const KEPT = 1000;

async function certificate(dir: string): Promise<{ cert: string; key: string; certFile: string }> {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  const read = async () => ({
    cert: await readFile(certFile, 'utf8'),
    key: await readFile(keyFile, 'utf8'),
    certFile,
  });
  try {
    return await read();
  } catch {
    await promisify(execFile)('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      certFile,
      '-days',
      '3650',
      '-subj',
      '/CN=Tandem local push recorder',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ]);
    return read();
  }
}

async function vapidKeys(dir: string): Promise<{ publicKey: string; privateKey: string }> {
  const file = path.join(dir, 'push-keys.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string };
  } catch {
    // Only node:crypto behind it: safe to load before the stack's environment is set.
    const { generateVapidKeys } = await import('@tandem/functions/core/push/vapid');
    const keys = generateVapidKeys();
    await writeFile(file, JSON.stringify(keys), { mode: 0o600 });
    return keys;
  }
}

export async function startPushRecorder(dataDir: string): Promise<PushRecorder> {
  const dir = path.join(dataDir, 'push');
  await mkdir(dir, { recursive: true });
  const [{ cert, key, certFile }, keys] = await Promise.all([certificate(dir), vapidKeys(dir)]);
  const received: RecordedPush[] = [];
  const answers = new Map<string, number>();

  const server = createServer({ cert, key }, (req, res) => {
    const url = new URL(req.url ?? '/', 'https://local');
    const m = /^\/push\/([^/]+)$/.exec(url.pathname);
    if (req.method !== 'POST' || !m) {
      req.resume();
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size <= MAX_BODY) chunks.push(c);
    });
    req.on('end', () => {
      const endpoint = decodeURIComponent(m[1]!);
      const status = size > MAX_BODY ? 413 : (answers.get(endpoint) ?? 201);
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers[k] = v;
      received.push({
        id: randomUUID(),
        endpoint,
        at: new Date().toISOString(),
        status,
        headers,
        body: Buffer.concat(chunks).toString('base64'),
      });
      if (received.length > KEPT) received.splice(0, received.length - KEPT);
      res.writeHead(status, status === 201 ? { location: `/message/${randomUUID()}` } : {}).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/push`;

  const handler = (req: IncomingMessage, res: ServerResponse): boolean => {
    const u = new URL(req.url ?? '/', 'http://local');
    const p = u.pathname;
    if (p !== '/_local/push.json' && p !== '/_local/push/answer') return false;
    const reply = (status: number, body?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    if (!isLoopback(req.socket.remoteAddress)) {
      req.resume();
      reply(404, { message: 'Not found' });
      return true;
    }
    if (req.method === 'GET' && p === '/_local/push.json') {
      const endpoint = u.searchParams.get('endpoint');
      reply(200, { url, pushes: received.filter((r) => !endpoint || r.endpoint === endpoint) });
      return true;
    }
    if (req.method === 'PUT' && p === '/_local/push/answer') {
      let text = '';
      req.on('data', (c: Buffer) => {
        text += c.toString('utf8');
      });
      req.on('end', () => {
        try {
          const { endpoint, status } = JSON.parse(text) as { endpoint?: string; status?: number | null };
          if (!endpoint) return reply(400, { message: 'endpoint is required' });
          if (status === null || status === undefined) answers.delete(endpoint);
          else answers.set(endpoint, status);
          reply(204);
        } catch {
          reply(400, { message: 'Unreadable body' });
        }
      });
      return true;
    }
    return false;
  };

  return {
    url,
    env: {
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      PUSH_CA_FILE: certFile,
      PUSH_RECORDER_URL: url,
    },
    handler,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
