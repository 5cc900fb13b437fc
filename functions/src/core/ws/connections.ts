/**
 * Real time (ARCHITECTURE §7): the WebSocket connections a user has open, and pushing a message to
 * them through API Gateway's management API. A connection that answers 410 (GoneException) has
 * closed without our $disconnect running; it is deleted on the spot.
 */
import {
  ApiGatewayManagementApiClient,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { ConnectionEntity } from '../../db/entities/connection.ts';
import { env } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';

/** Every message on the socket is a JSON object with a `type`. */
export interface RealtimeMessage {
  type: string;
  [key: string]: unknown;
}

/**
 * Built on first use rather than at import: HTTP handlers import this module to push updates, and
 * their cold start (and unit tests) should not need the endpoint until a push actually happens.
 */
let client: ApiGatewayManagementApiClient | undefined;
function managementApi(): ApiGatewayManagementApiClient {
  client ??= new ApiGatewayManagementApiClient({ endpoint: env.wsManagementEndpoint, region: env.region });
  return client;
}

const isGone = (e: unknown) =>
  e instanceof GoneException ||
  (e as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode === 410;

export async function addConnection(userId: string, connectionId: string): Promise<void> {
  await ConnectionEntity.put({ userId, connectionId }).go({ response: 'none' });
}

/** `userId` saves the index lookup when the caller knows it (the authorizer context usually does). */
export async function removeConnection(connectionId: string, userId?: string): Promise<void> {
  const owner = userId ?? (await ConnectionEntity.query.byConnection({ connectionId }).go()).data[0]?.userId;
  if (!owner) return;
  await ConnectionEntity.delete({ userId: owner, connectionId }).go({ response: 'none' });
}

/** Sends to one socket; false when it is gone (the caller decides whether to forget it). */
export async function postToConnection(connectionId: string, message: RealtimeMessage): Promise<boolean> {
  try {
    await managementApi().send(
      new PostToConnectionCommand({ ConnectionId: connectionId, Data: JSON.stringify(message) }),
    );
    return true;
  } catch (e) {
    if (isGone(e)) return false;
    throw e;
  }
}

/**
 * Pushes to every open connection of the user; answers how many received it. Best effort: a push
 * accompanies a write that has already happened, so a failing socket is logged, never thrown —
 * the client refetches on reconnect anyway.
 */
export async function sendToUser(userId: string, message: RealtimeMessage): Promise<number> {
  const { data } = await ConnectionEntity.query.byUser({ userId }).go({ pages: 'all' });
  const results = await Promise.allSettled(
    data.map(async ({ connectionId }) => {
      if (await postToConnection(connectionId, message)) return true;
      await removeConnection(connectionId, userId);
      return false;
    }),
  );
  let delivered = 0;
  for (const r of results) {
    if (r.status === 'fulfilled') delivered += r.value ? 1 : 0;
    else logger.warn('push to a connection failed', r.reason);
  }
  return delivered;
}
