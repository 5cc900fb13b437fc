/**
 * The live consumer's module for task items (docs/realtime.md): an event per change (task-events.ts),
 * for everyone who may see the task. Its reads for a whole batch: the tasks' groups (one BatchGetItem)
 * and the accounts of open e-mail invitations (one Query each, usually none).
 */
import type { DynamoDBRecord } from 'aws-lambda';
import { groupsById, type TaskRecord } from '../core/access/task-access.ts';
import { UserEntity } from '../db/entities/user.ts';
import { changeOf, type LiveModule, type Outgoing } from './records.ts';
import { audienceOf, groupsOf, invitedEmailsOf, type TaskChange, taskEvent } from './task-events.ts';

/** The record as a task change, or null when it is not a task item. */
export function taskChangeOf(record: DynamoDBRecord): TaskChange | null {
  const c = changeOf<TaskRecord>(record, 'task');
  return c && { ...c, oldTask: c.before, newTask: c.after };
}

async function usersByEmail(emails: string[]): Promise<Map<string, string>> {
  const found = await Promise.all(
    emails.map(async (email) => {
      const { data } = await UserEntity.query.byEmail({ email }).go({ limit: 1 });
      return [email, data[0]?.userId] as const;
    }),
  );
  return new Map(found.filter((e): e is readonly [string, string] => !!e[1]));
}

/** The consumer's module for task items: an event per change, for everyone who may see the task. */
export const taskUpdates: LiveModule = async (records) => {
  const changes = records.flatMap((r, index) => {
    const c = taskChangeOf(r);
    return c ? [{ index, c }] : [];
  });
  if (changes.length === 0) return [];
  const [groups, invited] = await Promise.all([
    groupsById(changes.flatMap(({ c }) => groupsOf(c))),
    usersByEmail([...new Set(changes.flatMap(({ c }) => invitedEmailsOf(c)))]),
  ]);
  return changes.map(
    ({ index, c }): Outgoing => ({
      index,
      sequenceNumber: c.sequenceNumber,
      message: { ...taskEvent(c) },
      audience: audienceOf(c, groups, invited),
    }),
  );
};
