/**
 * Sync on change (decisions D70): a scheduled task made, changed, moved or removed marks the calendar
 * links of its group (before and after) that export as due; the due sync (jobs/sync-due-calendars.ts)
 * writes them within a minute. Only a mark is written here, so the consumer carries none of the sync's
 * weight (provider clients, task rules). Marking twice is harmless, so a record that comes again is too.
 */
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { markGroupsDue } from '../core/integrations/due.ts';
import { logger } from '../lib/logger.ts';
import type { TaskChange } from './task-events.ts';

/** Whether the change is one an exported event shows: a schedule, its words, its group. */
function exportedChange(c: TaskChange): boolean {
  const before = c.oldTask;
  const after = c.newTask;
  if (!before?.schedule && !after?.schedule) return false;
  if (!before || !after) return true;
  return (
    before.title !== after.title ||
    before.description !== after.description ||
    before.groupId !== after.groupId ||
    JSON.stringify(before.schedule) !== JSON.stringify(after.schedule)
  );
}

export async function markCalendarsOfChangedTasks(
  changes: readonly TaskChange[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const c of changes) {
    if (!exportedChange(c)) continue;
    const groups = [c.oldTask?.groupId, c.newTask?.groupId].filter((g): g is string => !!g);
    try {
      await markGroupsDue(groups);
    } catch (e) {
      logger.warn('calendar links not marked due', { error: String(e) });
      failures.push({ itemIdentifier: c.sequenceNumber });
    }
  }
  return failures;
}
