/**
 * A curriculum lesson's task whose status changed (decisions D66): its lesson and its track's
 * progress follow (core/curricula/sync.ts). Task items already pass the filter. A failure is
 * reported as the record's batch item failure, so the record comes again; the sync is idempotent.
 */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { syncLessonStatus } from '../core/curricula/sync.ts';
import { logger } from '../lib/logger.ts';
import type { TaskChange } from './task-events.ts';

export async function syncLessonStatuses(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const c of changes) {
    const t = c.newTask;
    if (c.kind !== 'MODIFY' || !t?.curriculumLesson || c.oldTask?.status === t.status) continue;
    try {
      await syncLessonStatus(t.taskId, t.status);
    } catch (e) {
      logger.warn('a lesson status not brought along yet; the record is tried again', {
        taskId: t.taskId,
        error: e instanceof Error ? e.message : String(e),
      });
      failures.push({ itemIdentifier: c.sequenceNumber });
    }
  }
  return failures;
}
