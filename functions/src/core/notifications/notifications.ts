/**
 * A person's notifications (spec 001 §2, §3, §4, §7, §9; decisions D39): made by tell() (tell.ts),
 * listed newest first by one Query, marked received and read by their owner only. The unread count
 * is one COUNT Query on the sparse unread index, bounded at NOTIFICATION_LIMIT. Items expire
 * NOTIFICATION_TTL_DAYS after they were made (the table's TTL).
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import {
  DIGEST_TEMPLATES,
  NOTIFICATION_LIMIT,
  NOTIFICATION_TTL_DAYS,
  type NotificationList,
  type NotificationSubject,
  type NotificationTemplate,
  type NotificationView,
  notificationLink,
} from '@tandem/shared';
import { documentClient } from '../../db/client.ts';
import { NotificationEntity, unreadKeys, unreadPartition } from '../../db/entities/notification.ts';
import type { StoredItem } from '../../db/records.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { endDigest } from './digest.ts';
import { notificationId } from './ids.ts';

const NOT_FOUND = 'This notification does not exist.';
const DAY_S = 86_400;

/** A notification as stored (db/entities/notification.ts). */
export type NotificationRecord = StoredItem<typeof NotificationEntity>;

export { notificationId } from './ids.ts';

export function toView(n: NotificationRecord): NotificationView {
  const view = {
    templateName: n.templateName as NotificationTemplate,
    variables: n.variables ?? {},
  };
  return {
    id: n.notificationId,
    ...view,
    actions: { open: notificationLink(view) },
    createdAt: n.createdAt,
    receivedAt: n.receivedAt ?? null,
    readAt: n.readAt ?? null,
    status: n.readAt ? 'read' : n.receivedAt ? 'unread' : 'unreceived',
  };
}

/**
 * Makes one notification for a person; with `key`, a second call with the same key makes nothing
 * and answers `created: false`.
 */
export async function makeNotification(
  userId: string,
  template: NotificationTemplate,
  subject: NotificationSubject,
  variables: Record<string, string | number>,
  now = new Date(),
  key?: string,
): Promise<{ id: string; created: boolean }> {
  const id = notificationId(now, key ? `${userId}:${key}` : undefined);
  try {
    await NotificationEntity.create({
      userId,
      notificationId: id,
      templateName: template,
      subjectType: subject.type,
      subjectId: subject.id,
      variables,
      createdAt: now.toISOString(),
      ...unreadKeys(userId, id),
      ttl: Math.floor(now.getTime() / 1000) + NOTIFICATION_TTL_DAYS * DAY_S,
    }).go({ response: 'none' });
  } catch (e) {
    if (key && isConditionFailed(e)) return { id, created: false };
    throw e;
  }
  return { id, created: true };
}

/** makeNotification's id. */
export const createNotification = async (...args: Parameters<typeof makeNotification>) =>
  (await makeNotification(...args)).id;

/** Unread notifications of the person: one COUNT Query on the sparse index, at most NOTIFICATION_LIMIT. */
export async function unreadCount(userId: string): Promise<number> {
  const r = await documentClient.send(
    new QueryCommand({
      TableName: env.tableName,
      IndexName: 'gsi3',
      KeyConditionExpression: 'gsi3pk = :p',
      ExpressionAttributeValues: { ':p': unreadPartition(userId) },
      Select: 'COUNT',
      Limit: NOTIFICATION_LIMIT,
    }),
  );
  return r.Count ?? 0;
}

/**
 * GET /notifications/: newest first, `limit` from item (page − 1) × limit + offset. One Query (two
 * with the unread count, run together); items past the TTL that DynamoDB has not removed yet are
 * left out.
 */
export async function listNotifications(
  actor: Actor,
  q: { page: number; offset: number; limit: number },
  now = new Date(),
): Promise<NotificationList> {
  const skip = (q.page - 1) * q.limit + q.offset;
  const [{ data }, unread] = await Promise.all([
    NotificationEntity.query.byUser({ userId: actor.userId }).go({ order: 'desc', limit: skip + q.limit }),
    unreadCount(actor.userId),
  ]);
  const alive = (data as (NotificationRecord & { ttl: number })[]).filter(
    (n) => n.ttl * 1000 > now.getTime(),
  );
  const results = alive.slice(skip, skip + q.limit).map(toView);
  return { count: results.length, unread, results };
}

/** The caller's notifications of these ids, all or a 404 (another person's id is not found). */
async function own(actor: Actor, ids: readonly string[]): Promise<NotificationRecord[]> {
  const unique = [...new Set(ids)];
  const { data, unprocessed } = await NotificationEntity.get(
    unique.map((notificationId) => ({ userId: actor.userId, notificationId })),
  ).go();
  if (unprocessed.length > 0) throw new Error('DynamoDB left notification reads unprocessed');
  if (data.length !== unique.length) throw new NotFoundError(NOT_FOUND);
  return data;
}

/** PATCH /notifications/received: shown by a client. Nothing is written when one id is not the caller's. */
export async function markReceived(actor: Actor, ids: readonly string[], now = new Date()) {
  const found = await own(actor, ids);
  const at = now.toISOString();
  await Promise.all(
    found
      .filter((n) => !n.receivedAt)
      .map((n) =>
        NotificationEntity.patch({ userId: n.userId, notificationId: n.notificationId })
          .set({ receivedAt: at })
          .go({ response: 'none' }),
      ),
  );
  return { ids: found.map((n) => n.notificationId), receivedAt: at };
}

/** PATCH /notifications/read: read (and received). Nothing is written when one id is not the caller's. */
export async function markRead(actor: Actor, ids: readonly string[], now = new Date()) {
  const found = await own(actor, ids);
  const at = now.toISOString();
  await Promise.all(
    found
      .filter((n) => !n.readAt)
      .map((n) =>
        NotificationEntity.patch({ userId: n.userId, notificationId: n.notificationId })
          .set({ readAt: at, receivedAt: n.receivedAt ?? at })
          .remove(['unreadPk', 'unreadSk'])
          .go({ response: 'none' }),
      ),
  );
  // A digest read is ended: the next message of its chat makes a new notification (digest.ts).
  await Promise.all(
    found
      .filter((n) => !n.readAt && DIGEST_TEMPLATES.has(n.templateName as NotificationTemplate))
      .map((n) => endDigest(n.userId, n.templateName as NotificationTemplate, n.subjectId, n.notificationId)),
  );
  return { ids: found.map((n) => n.notificationId), readAt: at, unread: await unreadCount(actor.userId) };
}

/** GET /notifications/events/{id}: one of the caller's notifications. */
export async function getNotification(actor: Actor, id: string): Promise<NotificationView> {
  const { data } = await NotificationEntity.get({ userId: actor.userId, notificationId: id }).go();
  if (!data) throw new NotFoundError(NOT_FOUND);
  return toView(data);
}

/**
 * Ends the person's digest of a subject and marks its notification read (D46): one DeleteItem, and one
 * UpdateItem when there was an unread one. For a chat read in the chat itself.
 */
export async function readDigest(
  userId: string,
  template: NotificationTemplate,
  subjectId: string,
  now = new Date(),
): Promise<void> {
  const id = await endDigest(userId, template, subjectId);
  if (!id) return;
  const at = now.toISOString();
  try {
    await NotificationEntity.patch({ userId, notificationId: id })
      .set({ readAt: at, receivedAt: at })
      .remove(['unreadPk', 'unreadSk'])
      .go({ response: 'none' });
  } catch (e) {
    // In-app off for chats: the digest had no notification.
    if (!isConditionFailed(e)) throw e;
  }
}
