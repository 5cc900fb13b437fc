/**
 * Deleting a task deletes its agenda (decisions D67): for each task item removed from the table, the
 * agenda keyed by its id goes, after the delete and outside the request. A delete of an item that is not
 * there does nothing, so a record that comes again does no harm.
 */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { AgendaEntity } from '../db/entities/agenda.ts';
import { forEachDeletedTask } from './deleted-tasks.ts';
import type { TaskChange } from './task-events.ts';

export async function removeAgendasOfDeletedTasks(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  return forEachDeletedTask(changes, 'agenda', (task) =>
    AgendaEntity.delete({ taskId: task.taskId }).go({ response: 'none' }),
  );
}
