/** Reading a request body with a size limit, the way API Gateway refuses oversized payloads. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BUILD_VERSION, BUILD_VERSION_HEADER } from '@tandem/shared/api/config';

/** The whole body, or `undefined` when it is larger than `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (Number(req.headers['content-length'] ?? 0) > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    // Chunked uploads announce no length: stop keeping data at the limit but read on, see refuse().
    if (size > limit) continue;
    chunks.push(chunk);
  }
  return size > limit ? undefined : Buffer.concat(chunks);
}

/** The most of an oversized upload read and dropped before the answer; past it the connection is cut. */
export const MAX_DRAIN_BYTES = 64 * 1024 * 1024;

/**
 * Answers an oversized request. The rest of the body is read and dropped first, up to
 * MAX_DRAIN_BYTES, so the client, still sending, gets the 413 instead of a reset connection (a
 * server that answers and closes mid-upload makes the client fail writing: EPIPE). The connection is
 * then closed.
 */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse, body: string, headers = {}): void {
  const answer = () => {
    if (res.headersSent) return;
    res
      .writeHead(413, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        connection: 'close',
        [BUILD_VERSION_HEADER]: BUILD_VERSION,
        ...headers,
      })
      .end(body);
  };
  if (req.readableEnded) {
    answer();
    return;
  }
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > MAX_DRAIN_BYTES) {
      answer();
      req.destroy();
    }
  });
  req.once('end', answer);
  req.once('error', () => res.destroy());
  req.resume();
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
      // What CloudFront's response-headers policy adds in AWS: also on the answers no handler gives.
      [BUILD_VERSION_HEADER]: BUILD_VERSION,
      ...headers,
    })
    .end(text);
}
