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

/**
 * Answers an oversized request. The rest of the body is read and dropped so the client, still
 * sending, gets the status instead of a reset connection; the connection is then closed.
 */
export function refuseTooLarge(req: IncomingMessage, res: ServerResponse, body: string, headers = {}): void {
  res
    .writeHead(413, {
      'content-type': 'application/json',
      connection: 'close',
      [BUILD_VERSION_HEADER]: BUILD_VERSION,
      ...headers,
    })
    .end(body);
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
