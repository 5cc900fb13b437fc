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
