/** What a deleted task leaves behind, removed by the stream consumer (decisions D44, D46, D49). */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import type { TaskRecord } from '../core/access/task-access.ts';
import { logger } from '../lib/logger.ts';
import type { TaskChange } from './task-events.ts';

/**
 * Runs `remove` for each task the batch deleted (its old image), after the delete and outside the
 * request: what a deleted task leaves behind (files, custom fields, chat) goes this way. A failure is
 * logged and reported as that record's batch item failure, so the record comes again; `remove` must
 * be idempotent.
 */
export async function forEachDeletedTask(
  changes: readonly TaskChange[],
  what: string,
  remove: (task: TaskRecord) => Promise<unknown>,
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const c of changes) {
    if (c.kind !== 'REMOVE' || !c.oldTask) continue;
    try {
      await remove(c.oldTask);
    } catch (e) {
      logger.warn(`${what} of a deleted task not removed yet; the record is tried again`, {
        taskId: c.oldTask.taskId,
        error: e instanceof Error ? e.message : String(e),
      });
      failures.push({ itemIdentifier: c.sequenceNumber });
    }
  }
  return failures;
}
