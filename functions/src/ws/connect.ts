/** $connect: the authorizer has let the socket in; remember it under its user so pushes reach it. */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { addConnection } from '../core/ws/connections.ts';
import type { WsEvent } from './events.ts';

export const handler = async (event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> => {
  const userId = event.requestContext.authorizer?.userId;
  // Only a misconfigured route (no authorizer) gets here without a user; refuse rather than store an orphan.
  if (!userId) return { statusCode: 401 };
  await addConnection(userId, event.requestContext.connectionId);
  return { statusCode: 200 };
};
