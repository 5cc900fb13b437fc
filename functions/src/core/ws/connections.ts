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
import { MAX_PARALLEL_POSTS } from '@tandem/shared';
import { CONNECTION_TTL_SECONDS, ConnectionEntity, PresenceEntity } from '../../db/entities/connection.ts';
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

/**
 * Remembers the socket under its user: the connection item (found by id on $disconnect, gone by TTL)
 * and its id in the user's presence item (read in bulk by the stream consumer).
 */
export async function addConnection(userId: string, connectionId: string): Promise<void> {
  await ConnectionEntity.put({ userId, connectionId }).go({ response: 'none' });
  await PresenceEntity.update({ userId })
    .add({ connectionIds: [connectionId] })
    .set({ ttl: Math.floor(Date.now() / 1000) + CONNECTION_TTL_SECONDS })
    .go({ response: 'none' });
}

/** `userId` saves the index lookup when the caller knows it (the authorizer context usually does). */
export async function removeConnection(connectionId: string, userId?: string): Promise<void> {
  const owner = userId ?? (await ConnectionEntity.query.byConnection({ connectionId }).go()).data[0]?.userId;
  if (!owner) return;
  await ConnectionEntity.delete({ userId: owner, connectionId }).go({ response: 'none' });
  // Removing from a set that lacks the id (or an item that is gone) changes nothing: no condition needed.
  await PresenceEntity.update({ userId: owner })
    .delete({ connectionIds: [connectionId] })
    .go({ response: 'none' });
}

/** The open connections of each user, read in one BatchGetItem per 100 users. */
export async function connectionsOf(userIds: readonly string[]): Promise<Map<string, string[]>> {
  const unique = [...new Set(userIds)];
  const out = new Map<string, string[]>();
  if (unique.length === 0) return out;
  // ElectroDB sends a batch get in requests of 100 keys. Keys DynamoDB left unread (throttling) make
  // the read fail rather than pass someone over: the caller tries again.
  const { data, unprocessed } = await PresenceEntity.get(unique.map((userId) => ({ userId }))).go();
  if (unprocessed.length > 0) throw new Error('DynamoDB left connection reads unprocessed');
  for (const p of data) if (p.connectionIds?.length) out.set(p.userId, [...p.connectionIds]);
  return out;
}

/** Posts in flight from this process (one Lambda invocation at a time), and those waiting for a turn. */
let inFlight = 0;
const waiting: Array<() => void> = [];

/** Runs `post` once fewer than MAX_PARALLEL_POSTS are in flight, in the order asked. */
async function inTurn<T>(post: () => Promise<T>): Promise<T> {
  if (inFlight >= MAX_PARALLEL_POSTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else inFlight++;
  try {
    return await post();
  } finally {
    // The slot passes straight to the next in line; only when nobody waits is it freed.
    const next = waiting.shift();
    if (next) next();
    else inFlight--;
  }
}

/**
 * Sends to one socket; false when it is gone (the caller decides whether to forget it). However many
 * are asked for at once, at most MAX_PARALLEL_POSTS run together: a 1,000-member group does not open
 * 1,000 requests at the same time.
 */
export async function postToConnection(connectionId: string, message: RealtimeMessage): Promise<boolean> {
  return inTurn(() => post(connectionId, message));
}

async function post(connectionId: string, message: RealtimeMessage): Promise<boolean> {
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

export interface Delivery {
  /** Sockets that received the message. */
  delivered: number;
  /** Sockets that had closed (410): forgotten now. */
  gone: number;
  /** Posts that failed otherwise (throttled, the endpoint down): the errors. */
  failures: unknown[];
}

/**
 * Posts the message to every open connection of these users (their presence items: one BatchGetItem
 * per 100 users). A gone connection is deleted on the spot; other failures are returned, not thrown,
 * so the caller decides whether the message is tried again (the stream consumer does).
 */
export async function sendToUsers(
  userIds: readonly string[],
  message: RealtimeMessage,
  /** Connections already read (connectionsOf) for a batch of messages; read here when absent. */
  known?: ReadonlyMap<string, string[]>,
): Promise<Delivery> {
  const byUser = known ?? (await connectionsOf(userIds));
  const posts = [...new Set(userIds)].flatMap((userId) =>
    (byUser.get(userId) ?? []).map((connectionId) => ({ userId, connectionId })),
  );
  const results = await Promise.allSettled(
    posts.map(async ({ userId, connectionId }) => {
      if (await postToConnection(connectionId, message)) return true;
      await removeConnection(connectionId, userId);
      return false;
    }),
  );
  const out: Delivery = { delivered: 0, gone: 0, failures: [] };
  for (const r of results) {
    if (r.status === 'rejected') out.failures.push(r.reason);
    else if (r.value) out.delivered++;
    else out.gone++;
  }
  return out;
}

/**
 * Pushes to every open connection of the user; answers how many received it. Best effort: a push
 * accompanies a write that has already happened, so a failing socket is logged, never thrown —
 * the client refetches on reconnect anyway.
 */
export async function sendToUser(userId: string, message: RealtimeMessage): Promise<number> {
  const { delivered, failures } = await sendToUsers([userId], message);
  for (const e of failures) logger.warn('push to a connection failed', e);
  return delivered;
}
