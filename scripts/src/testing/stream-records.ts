/**
 * A stream record of a stored task as DynamoDB Streams carries it (a MODIFY with both images, in
 * DynamoDB JSON), for handing the stream consumer a known change directly: the live integration test
 * and the live bench count the consumer's requests this way.
 */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';

/** `record(n)` makes the n-th record (its sequence number) of the task as it is stored now. */
export async function taskChangeRecords(taskId: string): Promise<(n: number) => DynamoDBRecord> {
  const { TaskEntity } = await import('@tandem/functions/db/entities/task');
  const raw = (await TaskEntity.get({ taskId }).go({ data: 'raw' })).data as unknown as {
    Item: Record<string, unknown>;
  };
  const image = marshall(raw.Item, { removeUndefinedValues: true });
  return (n) => ({
    eventID: `record-${randomUUID()}`,
    eventName: 'MODIFY',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: { pk: image.pk!, sk: image.sk! } as never,
      OldImage: image as never,
      NewImage: image as never,
      SequenceNumber: String(n),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  });
}

/** A stored item's record whose old image differs by `before` (a rename, a move): the n-th of them. */
function changed(item: Record<string, unknown>, before: Record<string, unknown>) {
  const image = marshall(item, { removeUndefinedValues: true });
  const old = marshall({ ...item, ...before }, { removeUndefinedValues: true });
  return (n: number): DynamoDBRecord => ({
    eventID: `record-${randomUUID()}`,
    eventName: 'MODIFY',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: { pk: image.pk!, sk: image.sk! } as never,
      OldImage: old as never,
      NewImage: image as never,
      SequenceNumber: String(n),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  });
}

/** Records of the group as stored now, renamed from another title (group_changed for its members). */
export async function groupRenameRecords(groupId: string): Promise<(n: number) => DynamoDBRecord> {
  const { GroupEntity } = await import('@tandem/functions/db/entities/group');
  const raw = (await GroupEntity.get({ groupId }).go({ data: 'raw' })).data as unknown as {
    Item: Record<string, unknown>;
  };
  return changed(raw.Item, { title: `${String(raw.Item.title)} (before)` });
}

/** Records of a person's placement of a task as stored now, moved from another priority group. */
export async function placementMoveRecords(
  userId: string,
  taskId: string,
): Promise<(n: number) => DynamoDBRecord> {
  const { PlacementEntity } = await import('@tandem/functions/db/entities/placement');
  const raw = (await PlacementEntity.get({ userId, taskId }).go({ data: 'raw' })).data as unknown as {
    Item: Record<string, unknown>;
  };
  return changed(raw.Item, { priorityGroup: Number(raw.Item.priorityGroup) === 2 ? 1 : 2 });
}
