import type { HttpEvent } from '../../lib/http-handler.ts';

/**
 * The visitor's address, the key of the per-address limit (decisions D68). Requests come through
 * CloudFront, so API Gateway's source address is CloudFront's edge; CloudFront appends the viewer's
 * address to X-Forwarded-For and API Gateway the edge's after it: the viewer's is the entry before
 * the last. Without that (a direct caller), the source address.
 */
export function clientAddress(event: HttpEvent): string {
  const source = event.requestContext?.http?.sourceIp ?? 'unknown';
  const entries = (event.headers?.['x-forwarded-for'] ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length >= 2 && entries[entries.length - 1] === source)
    return entries[entries.length - 2]!.slice(0, 64);
  return source;
}
