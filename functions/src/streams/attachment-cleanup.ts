/**
 * Deleting a task deletes its files (issue 13 item 7; decisions D44): for each task item removed
 * from the table, its attachments go — the object, the item, and the adder's share of the quota —
 * after the delete, outside the request. Removing is idempotent, so a record that comes again (a
 * failure here is reported as a batch item failure) does no harm.
 */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { removeTaskAttachments } from '../core/attachments/attachments.ts';
import { forEachDeletedTask } from './deleted-tasks.ts';
import type { TaskChange } from './task-events.ts';

export async function removeFilesOfDeletedTasks(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  return forEachDeletedTask(changes, 'files', (task) => removeTaskAttachments(task.taskId));
}
