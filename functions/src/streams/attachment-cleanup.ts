/**
 * Deleting a task deletes its files (issue 13 item 7; decisions D44): for each task item removed
 * from the table, its attachments go — the object, the item, and the adder's share of the quota —
 * after the delete, outside the request. Removing is idempotent, so a record that comes again (a
 * failure here is reported as a batch item failure) does no harm.
 */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { removeTaskAttachments } from '../core/attachments/attachments.ts';
import { logger } from '../lib/logger.ts';
import type { TaskChange } from './task-events.ts';

export async function removeFilesOfDeletedTasks(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const c of changes) {
    if (c.kind !== 'REMOVE' || !c.oldTask) continue;
    try {
      await removeTaskAttachments(c.oldTask.taskId);
    } catch (e) {
      logger.warn('files of a deleted task not removed yet; the record is tried again', {
        taskId: c.oldTask.taskId,
        error: e instanceof Error ? e.message : String(e),
      });
      failures.push({ itemIdentifier: c.sequenceNumber });
    }
  }
  return failures;
}
