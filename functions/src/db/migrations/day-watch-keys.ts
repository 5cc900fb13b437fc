/**
 * One-off backfill for the day watch of decisions D34: placements written before it lack the keys of
 * the sparse index (gsi4) the daily normalisation reads. Each placement without them whose task has a
 * schedule, a due date or the urgent flag gets them. Safe to repeat: a placement that has them is not
 * read. Run by the local stack on a table it finds already there; in AWS once after the deploy that
 * adds gsi4.
 */
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { env } from '../../lib/env.ts';
import { documentClient } from '../client.ts';
import { dayWatchKeys, isDayWatched, PlacementEntity } from '../entities/placement.ts';
import { TaskEntity } from '../entities/task.ts';

export async function backfillDayWatchKeys(tableName = env.tableName): Promise<number> {
  let written = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await documentClient.send(
      new ScanCommand({
        TableName: tableName,
        FilterExpression: '#e = :placement AND attribute_not_exists(gsi4pk)',
        ExpressionAttributeNames: { '#e': '__edb_e__' },
        ExpressionAttributeValues: { ':placement': 'placement' },
        ExclusiveStartKey: start,
      }),
    );
    const placements = (page.Items ?? []).flatMap((raw) => {
      const p = PlacementEntity.parse({ Item: raw }).data;
      return p ? [p] : [];
    });
    const ids = [...new Set(placements.map((p) => p.taskId))];
    const tasks = ids.length
      ? (await TaskEntity.get(ids.map((taskId) => ({ taskId }))).go({ table: tableName, concurrency: 4 }))
          .data
      : [];
    const taskOf = new Map(tasks.map((t) => [t.taskId, t]));
    for (const p of placements) {
      const t = taskOf.get(p.taskId);
      if (!t || !isDayWatched(t)) continue;
      await PlacementEntity.patch({ userId: p.userId, taskId: p.taskId })
        .set(dayWatchKeys(p.userId, p.taskId, t))
        .go({ table: tableName, response: 'none' });
      written++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return written;
}
