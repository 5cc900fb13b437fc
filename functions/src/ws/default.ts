/**
 * $default: messages from the client. Live updates flow server → client, so the only message the
 * server answers is the keep-alive `{type:'ping'}` (API Gateway drops a socket idle for 10 minutes);
 * anything else is ignored.
 */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { postToConnection } from '../core/ws/connections.ts';
import type { WsEvent } from './events.ts';

function messageType(event: WsEvent): string | undefined {
  if (!event.body || event.isBase64Encoded) return undefined;
  try {
    const parsed: unknown = JSON.parse(event.body);
    const type =
      typeof parsed === 'object' && parsed !== null ? (parsed as { type?: unknown }).type : undefined;
    return typeof type === 'string' ? type : undefined;
  } catch {
    return undefined;
  }
}

export const handler = async (event: WsEvent): Promise<APIGatewayProxyStructuredResultV2> => {
  if (messageType(event) === 'ping') {
    await postToConnection(event.requestContext.connectionId, { type: 'pong' });
  }
  return { statusCode: 200 };
};
