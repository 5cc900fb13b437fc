/**
 * One-off backfill for the child links of decisions D36: sub-tasks made before them have no link in
 * their parent's partition, so GET /task/{id} of their parent still queries the tree (correct, one
 * request more). This writes a link for every task that has a parent. Safe to repeat (a link is
 * written again as it was). In AWS once after the deploy that adds them: `npm run admin --
 * backfill-child-links`.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { TaskEntity } from '../entities/task.ts';
import { TaskChildEntity } from '../entities/task-child.ts';

export async function backfillChildLinks(tableName = env.tableName): Promise<number> {
  let written = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#e = :task AND attribute_exists(parentId)',
        ExpressionAttributeNames: { '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':task': 'task' },
        ExclusiveStartKey: start,
      }),
    );
    const links = TaskEntity.parse({ Items: page.Items ?? [] }).data.flatMap((t) =>
      t.parentId ? [{ parentId: t.parentId, childId: t.taskId }] : [],
    );
    if (links.length) await TaskChildEntity.put(links).go({ table: tableName });
    written += links.length;
    start = page.LastEvaluatedKey;
  } while (start);
  return written;
}
