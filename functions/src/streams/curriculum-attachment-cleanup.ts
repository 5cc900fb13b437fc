/**
 * Deleting a curriculum deletes its attachments (decisions D72), as deleting a task deletes its files
 * (attachment-cleanup.ts): for each curriculum item removed from the table, its files and links go —
 * the object, the item, and the author's share of curriculumAttachments and curriculumStorage — after
 * the delete, outside the request. Removing is idempotent, so a record that comes again (a failure
 * here is reported as a batch item failure) does no harm.
 */
import type { DynamoDBBatchResponse, DynamoDBRecord } from 'aws-lambda';
import { removeOwnerAttachments } from '../core/attachments/attachments.ts';
import type { CurriculumRecord } from '../core/curricula/store.ts';
import { logger } from '../lib/logger.ts';
import { changeOf } from './records.ts';

export async function removeFilesOfDeletedCurricula(
  records: readonly DynamoDBRecord[],
): Promise<DynamoDBBatchResponse['batchItemFailures']> {
  const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
  for (const r of records) {
    const c = changeOf<CurriculumRecord>(r, 'curriculum');
    if (c?.kind !== 'REMOVE' || !c.before) continue;
    try {
      await removeOwnerAttachments({ kind: 'curriculum', id: c.before.curriculumId });
    } catch (e) {
      logger.warn('files of a deleted curriculum not removed yet; the record is tried again', {
        curriculumId: c.before.curriculumId,
        error: e instanceof Error ? e.message : String(e),
      });
      failures.push({ itemIdentifier: c.sequenceNumber });
    }
  }
  return failures;
}
