/**
 * People's sockets on the local stack's WebSocket API (/ws?token=…) for the live tests: each records
 * every message it hears, and all are closed (their $disconnect run) before the stack goes.
 */
import { afterAll } from 'vitest';
import WebSocket from 'ws';
import { stack } from './support.ts';

const wsUrl = (token: string) => `${stack.url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(token)}`;
const open: WebSocket[] = [];

afterAll(async () => {
  await Promise.all(
    open.splice(0).map(
      (ws) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === WebSocket.CLOSED) return resolve();
          ws.once('close', () => resolve());
          ws.close();
        }),
    ),
  );
  await new Promise((r) => setTimeout(r, 200));
});

/** A socket of the person (by access token), open; `messages` fills as it hears. */
export async function listen(
  token: string,
): Promise<{ ws: WebSocket; messages: Array<Record<string, unknown>> }> {
  const ws = new WebSocket(wsUrl(token));
  open.push(ws);
  const messages: Array<Record<string, unknown>> = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data))));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`handshake answered ${res.statusCode}`)));
    ws.once('error', reject);
  });
  return { ws, messages };
}
