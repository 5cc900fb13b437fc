import { VIEWER_ADDRESS_HEADER } from '@tandem/shared/request-links/constants';
import type { HttpEvent } from '../../lib/http-handler.ts';

/** An address as a header may carry it: one value (no list), short, of address characters. */
const ADDRESS = /^[0-9A-Za-z.:_-]{1,64}$/;

/**
 * Whether an edge in front of the API writes VIEWER_ADDRESS_HEADER itself (decisions D76). In AWS
 * that is CloudFront: ORIGIN_VERIFY_SECRET is set exactly when the distribution fronts the API, and
 * then every request without CloudFront's secret is refused before a handler runs, and CloudFront's
 * function on the API's paths replaces any such header a viewer sent. Locally the gateway plays
 * CloudFront (EDGE_VIEWER_ADDRESS, set by the local stack).
 */
export const edgeWritesViewerAddress = () =>
  Boolean(process.env.ORIGIN_VERIFY_SECRET || process.env.EDGE_VIEWER_ADDRESS);

/**
 * The visitor's address, the key of the per-address limit (decisions D68, D76). Behind the edge:
 * the address it wrote. Without one (API Gateway reached directly): API Gateway's source address,
 * which is the connection's. X-Forwarded-For is never read: a viewer can put anything in it, and
 * CloudFront and API Gateway only append to what was sent.
 */
export function clientAddress(event: HttpEvent, behindEdge = edgeWritesViewerAddress()): string {
  const source = event.requestContext?.http?.sourceIp ?? 'unknown';
  if (!behindEdge) return source;
  const viewer = event.headers?.[VIEWER_ADDRESS_HEADER]?.trim();
  return viewer && ADDRESS.test(viewer) ? viewer : source;
}
