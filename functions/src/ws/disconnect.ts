/**
 * $disconnect: forget the socket. API Gateway calls it on a best-effort basis, so connections it
 * misses are caught by the 410 on the next push and by the item's TTL.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { removeConnection } from '../core/ws/connections.ts';
import type { WsEvent } from './events.ts';

export const handler = async (event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> => {
  const { connectionId, authorizer } = event.requestContext;
  await removeConnection(connectionId, authorizer?.userId);
  return { statusCode: 200 };
};
