/**
 * A task with the ids of its direct sub-tasks, in one Query of the task's partition: the task item
 * and its child links (entities/task-child.ts) share the key `TASK#<taskId>` (decisions D36). A task
 * with thousands of children takes a page more per megabyte of links.
 */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../lib/env.ts';
import { documentClient } from './client.ts';
import { TaskEntity } from './entities/task.ts';
import { TaskChildEntity } from './entities/task-child.ts';

export async function readTaskFamily(taskId: string) {
  const { Key } = TaskEntity.get({ taskId }).params<{ Key: { pk: string } }>();
  const items: Record<string, unknown>[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new QueryCommand({
        TableName: env.tableName,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': Key.pk },
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return {
    task: TaskEntity.parse({ Items: items }).data[0] ?? null,
    childIds: TaskChildEntity.parse({ Items: items }).data.map((c) => c.childId),
  };
}
