/**
 * The WebSocket API's $connect authorizer. Browsers cannot set headers on a WebSocket, so the client
 * sends its Cognito access token as the `token` query parameter; it is verified exactly as the HTTP
 * API's JWT authorizer verifies the Authorization header.
 */
import type { APIGatewayAuthorizerWithContextResult } from 'aws-lambda';
import { env } from '../lib/env.ts';
import { verifyAccessToken } from '../lib/jwt.ts';
import { logger } from '../lib/logger.ts';
import { cameThroughCloudFront } from '../lib/origin-verify.ts';
import type { WsAuthorizerContext, WsAuthorizerEvent } from './events.ts';

export const handler = async (
  event: WsAuthorizerEvent,
): Promise<APIGatewayAuthorizerWithContextResult<WsAuthorizerContext>> => {
  // Only through CloudFront (and its firewall), never straight to the execute-api address.
  if (!cameThroughCloudFront(event.headers)) throw new Error('Unauthorized');
  const token = event.queryStringParameters?.token;
  // API Gateway answers 401 to exactly this error message (a Deny policy would be a 403).
  if (!token) throw new Error('Unauthorized');
  const issuer = env.cognitoIssuer;
  const claims = await verifyAccessToken(token, {
    issuer,
    clientId: env.cognitoClientId,
    jwksUri: env.cognitoJwksUri ?? `${issuer}/.well-known/jwks.json`,
  }).catch((e: unknown) => {
    logger.info('websocket token refused', e);
    throw new Error('Unauthorized');
  });
  return {
    principalId: claims.sub,
    policyDocument: {
      Version: '2012-10-17',
      Statement: [{ Action: 'execute-api:Invoke', Effect: 'Allow', Resource: event.methodArn }],
    },
    context: { userId: claims.sub },
  };
};
