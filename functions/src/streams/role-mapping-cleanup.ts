/**
 * Deleting a task deletes its role mappings (D64), and a template root's its template's: for each
 * task item removed from the table, after the delete and outside the request
 * (core/roles/mapping-cleanup.ts). Idempotent, so a record that comes again does no harm.
 */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { removeTaskRoleMappings } from '../core/roles/mapping-cleanup.ts';
import { forEachDeletedTask } from './deleted-tasks.ts';
import type { TaskChange } from './task-events.ts';

export async function removeRoleMappingsOfDeletedTasks(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  return forEachDeletedTask(changes, 'role mappings', (task) => removeTaskRoleMappings(task.taskId));
}
