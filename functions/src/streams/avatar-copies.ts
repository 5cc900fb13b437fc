/**
 * A person's avatar id is kept beside their name where the name is kept (decisions D48): their roster
 * entries (group items), their assignee entries and, for tasks they created, the task's creator avatar.
 * The views read it from there, so no list call reads a profile for it. When the avatar changes (a user
 * item whose settings' avatar id differs between the two images), this module writes the new id into
 * every copy, after the change and outside the request:
 *   - one Query of their memberships, then one UpdateItem per group;
 *   - one Query of their placements (every task on their lists: the ones they created or are
 *     assigned to), one BatchGetItem per 100 of those tasks, then one UpdateItem per task that names
 *     them.
 * Each update sets the one nested attribute and moves the item's version (so a write that read the
 * item before fails on its version instead of putting the old copy back, and the live consumer tells
 * the item's people: roster_changed, task_changed). Updates are idempotent; a record whose updates
 * fail is reported and comes again. Messages keep the id they were written with; reads prefer the
 * task's and roster's copies (core/chat/views.ts).
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import type { UserRecord } from '../core/access/users.ts';
import { documentClient } from '../db/client.ts';
import { GroupEntity } from '../db/entities/group.ts';
import { MembershipEntity } from '../db/entities/membership.ts';
import { PlacementEntity } from '../db/entities/placement.ts';
import { TaskEntity } from '../db/entities/task.ts';
import { isConditionFailed } from '../lib/conditions.ts';
import { env } from '../lib/env.ts';
import { logger } from '../lib/logger.ts';
import { changeOf } from './records.ts';

/** Updates in flight at once for one person. */
const CONCURRENCY = 8;

export interface AvatarChange {
  sequenceNumber: string;
  userId: string;
  /** The new avatar id, null when it was removed. */
  avatarId: string | null;
}

/** The records that change someone's avatar, in stream order. */
export function avatarChangesOf(records: readonly DynamoDBRecord[]): AvatarChange[] {
  return records.flatMap((r) => {
    if (r.eventName !== 'MODIFY') return [];
    const c = changeOf<UserRecord>(r, 'user');
    if (!c?.before || !c.after) return [];
    const before = c.before.config?.avatar?.id ?? null;
    const after = c.after.config?.avatar?.id ?? null;
    return before === after
      ? []
      : [{ sequenceNumber: c.sequenceNumber, userId: c.after.userId, avatarId: after }];
  });
}

/** SET or REMOVE the attribute at `path`, and move the version, if `condition` holds; false when it did not. */
async function writeCopy(
  key: Record<string, unknown>,
  path: string,
  names: Record<string, string>,
  avatarId: string | null,
  condition: string,
  values: Record<string, unknown> = {},
): Promise<boolean> {
  const update = avatarId
    ? `SET ${path} = :avatar, #version = #version + :one`
    : `SET #version = #version + :one REMOVE ${path}`;
  try {
    await documentClient.send(
      new UpdateCommand({
        TableName: env.tableName,
        Key: key,
        UpdateExpression: update,
        ConditionExpression: condition,
        ExpressionAttributeNames: { ...names, '#version': 'version' },
        ExpressionAttributeValues: { ...values, ':one': 1, ...(avatarId ? { ':avatar': avatarId } : {}) },
      }),
    );
    return true;
  } catch (e) {
    // The entry went meanwhile (a member removed, an assignee taken off): nothing to keep.
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

const keyOf = (params: { Key?: Record<string, unknown> }) => {
  if (!params.Key) throw new Error('no key');
  return params.Key;
};

async function inTurns<T>(items: readonly T[], work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += CONCURRENCY)
    await Promise.all(items.slice(i, i + CONCURRENCY).map(work));
}

/** The person's roster entries: one Query of their memberships, one UpdateItem per group. */
async function copyIntoRosters({ userId, avatarId }: AvatarChange): Promise<number> {
  const memberships = (await MembershipEntity.query.byUser({ userId }).go({ pages: 'all' })).data;
  let written = 0;
  await inTurns(memberships, async (m) => {
    const key = keyOf(GroupEntity.get({ groupId: m.groupId }).params() as { Key?: Record<string, unknown> });
    const ok = await writeCopy(
      key,
      '#members.#member.#avatarId',
      { '#members': 'members', '#member': m.memberId, '#avatarId': 'avatarId', '#userId': 'userId' },
      avatarId,
      'attribute_exists(#members.#member) AND #members.#member.#userId = :user',
      { ':user': userId },
    );
    if (ok) written += 1;
  });
  return written;
}

/** The tasks that name the person: one Query of their placements, the tasks read in batches of 100. */
async function copyIntoTasks({ userId, avatarId }: AvatarChange): Promise<number> {
  const placements = (await PlacementEntity.query.byUser({ userId }).go({ pages: 'all' })).data;
  if (placements.length === 0) return 0;
  const tasks = (await TaskEntity.get(placements.map((p) => ({ taskId: p.taskId }))).go({ concurrency: 2 }))
    .data;
  let written = 0;
  await inTurns(tasks, async (t) => {
    const key = keyOf(TaskEntity.get({ taskId: t.taskId }).params() as { Key?: Record<string, unknown> });
    if (t.createdBy === userId && (t.creatorAvatarId ?? null) !== avatarId) {
      if (
        await writeCopy(
          key,
          '#creatorAvatarId',
          { '#creatorAvatarId': 'creatorAvatarId' },
          avatarId,
          'attribute_exists(#version)',
        )
      )
        written += 1;
    }
    const a = t.assignees[userId];
    if (a && (a.avatarId ?? null) !== avatarId) {
      const ok = await writeCopy(
        key,
        '#assignees.#user.#avatarId',
        { '#assignees': 'assignees', '#user': userId, '#avatarId': 'avatarId' },
        avatarId,
        'attribute_exists(#assignees.#user)',
      );
      if (ok) written += 1;
    }
  });
  return written;
}

/** Writes every copy of each changed avatar; a record whose writes failed is reported to come again. */
export async function copyChangedAvatars(
  records: readonly DynamoDBRecord[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const change of avatarChangesOf(records)) {
    try {
      await Promise.all([copyIntoRosters(change), copyIntoTasks(change)]);
    } catch (e) {
      logger.warn('avatar copies not all written; the record is tried again', {
        userId: change.userId,
        error: e instanceof Error ? e.message : String(e),
      });
      failures.push({ itemIdentifier: change.sequenceNumber });
    }
  }
  return failures;
}
