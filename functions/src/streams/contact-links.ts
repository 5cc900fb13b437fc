/**
 * A deleted task's contact and company links go with it (decisions D63): for each task item removed
 * from the table, its links are dropped and the counts of the contacts and companies lowered
 * (core/contacts/deleted-task-links.ts), after the delete and outside the request. Task items already
 * pass the consumer's filter (filter.ts LIVE_EXACT_SORT_KEYS), so no key is added there.
 */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { dropContactLinksOfTask } from '../core/contacts/deleted-task-links.ts';
import { forEachDeletedTask } from './deleted-tasks.ts';
import type { TaskChange } from './task-events.ts';

export async function removeContactLinksOfDeletedTasks(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  return forEachDeletedTask(changes, 'contact links', (task) => dropContactLinksOfTask(task.taskId));
}
