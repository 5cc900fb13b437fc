/**
 * Digest notifications (decisions D46): for a template in DIGEST_TEMPLATES (new_message), a person has
 * at most one unread notification per subject (a chat), updated in place as more comes — the count
 * and the latest words — instead of one notification per event. A busy chat writes a person two
 * items per batch of the stream consumer, however many messages the batch holds.
 *
 * The state is a small pointer item per person and subject (`pk=DIGEST#<userId>`,
 * `sk=<template>#<subjectId>`): the id of the unread notification, its creation time and count, and
 * the key of the last event counted (so a retried stream record is not counted twice). One UpdateItem
 * moves it (ADD count; the id and time only if none yet), one PutItem writes the notification with the
 * new count (a MODIFY on the stream: the consumer tells the person's sockets). Reading the notification
 * or the chat ends the digest (`endDigest`): the next message starts a new one, and only that start
 * sends e-mail or push (a busy chat does not send one e-mail a message).
 */
import { DeleteCommand, GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { NOTIFICATION_TTL_DAYS, type NotificationSubject, type NotificationTemplate } from '@tandem/shared';
import { documentClient } from '../../db/client.ts';
import { NotificationEntity, unreadKeys } from '../../db/entities/notification.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import { notificationId } from './ids.ts';

const DAY_S = 86_400;

/** The key of a person's digest pointer of a subject. */
export const digestKey = (userId: string, template: NotificationTemplate, subjectId: string) => ({
  pk: `DIGEST#${userId}`,
  sk: `${template}#${subjectId}`,
});

interface Pointer {
  notificationId: string;
  createdAt: string;
  count: number;
  lastKey: string;
}

export interface DigestResult {
  id: string;
  /** A new digest began (e-mail and push go with it). */
  created: boolean;
  /** False when this event was counted before (a retried record): nothing new to tell. */
  counted: boolean;
}

async function writeNotification(
  userId: string,
  template: NotificationTemplate,
  subject: NotificationSubject,
  variables: Record<string, string | number>,
  p: Pointer,
) {
  await NotificationEntity.put({
    userId,
    notificationId: p.notificationId,
    templateName: template,
    subjectType: subject.type,
    subjectId: subject.id,
    variables: { ...variables, count: p.count },
    createdAt: p.createdAt,
    ...unreadKeys(userId, p.notificationId),
    ttl: Math.floor(Date.parse(p.createdAt) / 1000) + NOTIFICATION_TTL_DAYS * DAY_S,
  }).go({ response: 'none' });
}

/**
 * Counts `add` more events of `subject` into the person's digest and writes its notification (unread,
 * with the total count and these variables; not with `inApp` false, when the pointer alone keeps e-mail
 * and push to the digest's start). `key` names the event (a stream record's id).
 */
export async function addToDigest(
  userId: string,
  template: NotificationTemplate,
  subject: NotificationSubject,
  variables: Record<string, string | number>,
  add: number,
  key: string,
  now: Date,
  inApp = true,
): Promise<DigestResult> {
  const proposed = notificationId(now, `${userId}:${key}`);
  const Key = digestKey(userId, template, subject.id);
  let pointer: Pointer;
  try {
    const r = await documentClient.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key,
        UpdateExpression:
          'SET notificationId = if_not_exists(notificationId, :id), createdAt = if_not_exists(createdAt, :now), lastKey = :key, #ttl = :ttl ADD #count :add',
        ConditionExpression: 'attribute_not_exists(lastKey) OR lastKey <> :key',
        ExpressionAttributeNames: { '#count': 'count', '#ttl': 'ttl' },
        ExpressionAttributeValues: {
          ':id': proposed,
          ':now': now.toISOString(),
          ':key': key,
          ':add': add,
          ':ttl': Math.floor(now.getTime() / 1000) + NOTIFICATION_TTL_DAYS * DAY_S,
        },
        ReturnValues: 'ALL_NEW',
      }),
    );
    pointer = r.Attributes as Pointer;
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    // Counted before: the record came again, perhaps because the notification's write failed. Write
    // it again as the pointer says (the same item), and tell nothing new.
    const { Item } = await documentClient.send(new GetCommand({ TableName: env.tableName, Key }));
    if (Item && inApp) await writeNotification(userId, template, subject, variables, Item as Pointer);
    return { id: (Item as Pointer | undefined)?.notificationId ?? proposed, created: false, counted: false };
  }
  // In-app off: the pointer alone keeps the e-mail and push to the digest's start.
  if (inApp) await writeNotification(userId, template, subject, variables, pointer);
  return { id: pointer.notificationId, created: pointer.notificationId === proposed, counted: true };
}

/**
 * Ends the person's digest of a subject (they read its notification, or the chat itself): the next
 * event starts a new notification. With `notificationId`, only if the digest is still that one.
 * Answers the unread notification it was, if any.
 */
export async function endDigest(
  userId: string,
  template: NotificationTemplate,
  subjectId: string,
  notificationId?: string,
): Promise<string | null> {
  try {
    const r = await documentClient.send(
      new DeleteCommand({
        TableName: env.tableName,
        Key: digestKey(userId, template, subjectId),
        ...(notificationId
          ? {
              ConditionExpression: 'notificationId = :id',
              ExpressionAttributeValues: { ':id': notificationId },
            }
          : {}),
        ReturnValues: 'ALL_OLD',
      }),
    );
    return (r.Attributes as Pointer | undefined)?.notificationId ?? null;
  } catch (e) {
    if (isConditionFailed(e)) return null;
    throw e;
  }
}
