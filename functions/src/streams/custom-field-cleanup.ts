/**
 * Deleting a task deletes its custom fields and values (decisions D49): for each task item removed
 * from the table, its definition and the values entered on it go, after the delete, outside the
 * request (one Query of the values, one BatchWriteItem per 25). Idempotent, so a record that comes
 * again (a failure here is reported as a batch item failure) does no harm. A routine definition's
 * instances keep their own values until they are deleted themselves.
 */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { removeTaskCustomFields } from '../core/custom-fields/custom-fields.ts';
import { forEachDeletedTask } from './deleted-tasks.ts';
import type { TaskChange } from './task-events.ts';

export async function removeCustomFieldsOfDeletedTasks(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  return forEachDeletedTask(changes, 'custom fields', (task) => removeTaskCustomFields(task.taskId));
}
