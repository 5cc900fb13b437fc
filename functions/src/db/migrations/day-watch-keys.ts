/**
 * One-off backfill for the day watch of decisions D34: placements written before it lack the keys of
 * the sparse index (gsi4) the daily normalisation reads. Each placement without them whose task has a
 * schedule, a due date or the urgent flag gets them. Safe to repeat: a placement that has them is not
 * read. Run by the local stack on a table it finds already there; in AWS once after the deploy that
 * adds gsi4.
 */
import { env } from '../../lib/env.ts';
import { dayWatchKeys, isDayWatched, PlacementEntity } from '../entities/placement.ts';
import { TaskEntity } from '../entities/task.ts';
import { scanEntityPages } from './scan-pages.ts';

export function backfillDayWatchKeys(tableName = env.tableName): Promise<number> {
  return scanEntityPages(
    tableName,
    'placement',
    { expression: 'attribute_not_exists(gsi4pk)' },
    async (items) => {
      const placements = items.flatMap((raw) => {
        const p = PlacementEntity.parse({ Item: raw }).data;
        return p ? [p] : [];
      });
      const ids = [...new Set(placements.map((p) => p.taskId))];
      const tasks = ids.length
        ? (await TaskEntity.get(ids.map((taskId) => ({ taskId }))).go({ table: tableName, concurrency: 4 }))
            .data
        : [];
      const taskOf = new Map(tasks.map((t) => [t.taskId, t]));
      let written = 0;
      for (const p of placements) {
        const t = taskOf.get(p.taskId);
        if (!t || !isDayWatched(t)) continue;
        await PlacementEntity.patch({ userId: p.userId, taskId: p.taskId })
          .set(dayWatchKeys(p.userId, p.taskId, t))
          .go({ table: tableName, response: 'none' });
        written++;
      }
      return written;
    },
  );
}
