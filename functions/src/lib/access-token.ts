/**
 * The caller's access token as it came in the Authorization header. The authorizer has verified it
 * before a handler runs; handlers need it only to act in the user pool as the person (e.g. an e-mail
 * change), so this module stays free of the verifier.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { NotAuthenticatedError } from './errors.ts';

/** `Authorization: Bearer <token>`; API Gateway also accepts the bare token. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (m) return m[1];
  return /^\S+$/.test(header.trim()) ? header.trim() : undefined;
}

/** The verified caller's token, for calls to the user pool made on their behalf. */
export function accessTokenOf(event: Pick<APIGatewayProxyEventV2, 'headers'>): string {
  const token = bearerToken(event.headers?.authorization ?? event.headers?.Authorization);
  if (!token) throw new NotAuthenticatedError();
  return token;
}
