/**
 * The stream consumer's notification work (docs/realtime.md "Notifications"; decisions D39):
 *
 * - a notification item inserted (tell()'s in-app channel), or a digest's updated in place (D46),
 *   becomes a `notification` event on its person's sockets: one BatchGetItem for the presence items
 *   of the batch's people;
 * - a task whose assignees gained someone (created with assignees, assigned later, an individual
 *   delegation's copy) tells each new assignee through tell(), template `delegated`. Not the
 *   delegator, and not someone who joined by answering an e-mail invitation (that invitation told
 *   them already). The notification's id derives from the stream record's id, so a retried record
 *   makes no second one (and sends no second e-mail).
 *
 * A record whose work fails is reported as a batch item failure, as the task events are.
 */
import type { AttributeValue } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { NotificationEvent, NotificationTemplate } from '@tandem/shared';
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { senderName } from '../core/access/roster.ts';
import type { TaskRecord } from '../core/access/task-access.ts';
import type { UserRecord } from '../core/access/users.ts';
import { delegatedMail } from '../core/notifications/mails.ts';
import { tell } from '../core/notifications/tell.ts';
import { connectionsOf, sendToUsers } from '../core/ws/connections.ts';
import { NOTIFICATION_SORT_PREFIX } from '../db/entities/notification.ts';
import { UserEntity } from '../db/entities/user.ts';
import { logger } from '../lib/logger.ts';
import type { TaskChange } from './task-events.ts';

type Failures = DynamoDBBatchResponse['batchItemFailures'];
type Image = Record<string, AttributeValue>;

/** Whether a stream record's keys are a notification item's (the filter infra gives the mapping says the same). */
export const isNotificationKey = (sk: string | undefined) =>
  sk?.startsWith(NOTIFICATION_SORT_PREFIX) ?? false;

interface Inserted {
  sequenceNumber: string;
  userId: string;
  event: NotificationEvent;
}

function insertedOf(record: DynamoDBRecord): Inserted | null {
  const d = record.dynamodb;
  if (!d?.NewImage || !isNotificationKey(d.Keys?.sk?.S)) return null;
  const n = unmarshall(d.NewImage as Image) as {
    userId?: string;
    notificationId?: string;
    templateName?: string;
    createdAt?: string;
    readAt?: string;
    variables?: unknown;
  };
  if (!n.userId || !n.notificationId || !n.templateName) return null;
  if (record.eventName !== 'INSERT' && !digestUpdated(n, d.OldImage as Image | undefined)) return null;
  return {
    sequenceNumber: d.SequenceNumber ?? '',
    userId: n.userId,
    event: {
      type: 'notification',
      id: record.eventID ?? `${d.SequenceNumber}`,
      notification_id: n.notificationId,
      template_name: n.templateName as NotificationTemplate,
      at: n.createdAt ?? new Date().toISOString(),
    },
  };
}

/**
 * A digest (D46) written again with new words while unread: told like a new one. Being marked received
 * or read is not (the variables stay).
 */
function digestUpdated(n: { readAt?: string; variables?: unknown }, old: Image | undefined): boolean {
  if (n.readAt || !old) return false;
  type Counted = { variables?: { count?: unknown } };
  const before = (unmarshall(old) as Counted).variables?.count;
  return before !== undefined && before !== (n as Counted).variables?.count;
}

/** Posts each new notification to its person's open sockets. */
async function announce(records: readonly DynamoDBRecord[]): Promise<Failures> {
  const inserted = records.map(insertedOf).filter((x): x is Inserted => x !== null);
  if (inserted.length === 0) return [];
  const connections = await connectionsOf(inserted.map((i) => i.userId));
  const failures: Failures = [];
  for (const i of inserted) {
    if (!connections.has(i.userId)) continue;
    try {
      const { failures: f } = await sendToUsers([i.userId], { ...i.event }, connections);
      if (f.length > 0) throw new AggregateError(f, 'posts to connections failed');
    } catch (e) {
      logger.warn('notification event not delivered; the record is tried again', { error: String(e) });
      failures.push({ itemIdentifier: i.sequenceNumber });
    }
  }
  return failures;
}

/** The people a change made assignees of the task, who did not ask for it themselves. */
export function newAssignees(c: TaskChange): string[] {
  const t = c.newTask;
  if (!t) return [];
  const before = c.oldTask?.assignees ?? {};
  const answeredInvitation = new Set(Object.keys(c.oldTask?.pending ?? {}).map((e) => e.toLowerCase()));
  return Object.values(t.assignees ?? {})
    .filter((a) => !before[a.userId] && a.userId !== t.createdBy)
    .filter((a) => !answeredInvitation.has(a.email?.toLowerCase() ?? ''))
    .map((a) => a.userId);
}

const nameOf = (u: UserRecord | undefined) => [u?.firstName, u?.lastName].filter(Boolean).join(' ').trim();

/** Tells each new assignee of the batch's tasks (template `delegated`). */
async function delegations(changes: readonly TaskChange[]): Promise<Failures> {
  const work = changes
    .map((c) => ({ c, to: newAssignees(c) }))
    .filter((w): w is { c: TaskChange & { newTask: TaskRecord }; to: string[] } => w.to.length > 0);
  if (work.length === 0) return [];
  const delegatorIds = [...new Set(work.map((w) => w.c.newTask.createdBy))];
  const { data } = await UserEntity.get(delegatorIds.map((userId) => ({ userId }))).go();
  const delegators = new Map(data.map((u) => [u.userId, u]));
  const failures: Failures = [];
  for (const { c, to } of work) {
    const t = c.newTask;
    const by = senderName(nameOf(delegators.get(t.createdBy)));
    try {
      await tell({
        template: 'delegated',
        subject: { type: 'task', id: t.taskId },
        variables: { taskId: t.taskId, taskTitle: t.title, groupId: t.groupId, byName: by },
        to: to.map((userId) => ({ userId })),
        mail: (email, user) => delegatedMail(email, user, t, by),
        push: { title: `${by} gave you a task`, body: t.title },
        key: `delegated:${c.eventId}`,
        now: c.writtenAt ? new Date(c.writtenAt * 1000) : new Date(),
      });
    } catch (e) {
      logger.warn('delegation notice not made; the record is tried again', { error: String(e) });
      failures.push({ itemIdentifier: c.sequenceNumber });
    }
  }
  return failures;
}

/** The notification work of a batch: both parts at once; each failed record reported once. */
export async function deliverNotifications(
  records: readonly DynamoDBRecord[],
  taskChanges: readonly TaskChange[],
): Promise<Failures> {
  const [a, b] = await Promise.all([announce(records), delegations(taskChanges)]);
  return [...a, ...b];
}
