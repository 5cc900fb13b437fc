/**
 * One-off backfill for the child links of decisions D36: sub-tasks made before them have no link in
 * their parent's partition, so GET /task/{id} of their parent still queries the tree (correct, one
 * request more). This writes a link for every task that has a parent. Safe to repeat (a link is
 * written again as it was). In AWS once after the deploy that adds them: `npm run admin --
 * backfill-child-links`.
 */
import { env } from '../../lib/env.ts';
import { TaskEntity } from '../entities/task.ts';
import { TaskChildEntity } from '../entities/task-child.ts';
import { scanEntityPages } from './scan-pages.ts';

export function backfillChildLinks(tableName = env.tableName): Promise<number> {
  return scanEntityPages(tableName, 'task', { expression: 'attribute_exists(parentId)' }, async (items) => {
    const links = TaskEntity.parse({ Items: items }).data.flatMap((t) =>
      t.parentId ? [{ parentId: t.parentId, childId: t.taskId }] : [],
    );
    if (links.length) await TaskChildEntity.put(links).go({ table: tableName });
    return links.length;
  });
}
