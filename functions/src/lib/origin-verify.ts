/**
 * Requests must come through CloudFront (and its web application firewall), not straight to the
 * APIs' execute-api addresses: CloudFront adds ORIGIN_VERIFY_HEADER with the secret that infra puts in
 * ORIGIN_VERIFY_SECRET. Without the variable (the local stack, which has no CloudFront) every request
 * passes.
 */
import { timingSafeEqual } from 'node:crypto';
import { ORIGIN_VERIFY_HEADER } from '@tandem/shared/api/security-headers';

export function cameThroughCloudFront(
  headers: Readonly<Record<string, string | undefined>> | undefined,
): boolean {
  const secret = process.env.ORIGIN_VERIFY_SECRET;
  if (!secret) return true;
  // HTTP API events have lower-case names; the WebSocket authorizer's keep the sender's case.
  const sent = Object.entries(headers ?? {}).find(([k]) => k.toLowerCase() === ORIGIN_VERIFY_HEADER)?.[1];
  if (!sent) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}
