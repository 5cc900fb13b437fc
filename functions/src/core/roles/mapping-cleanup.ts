/**
 * A deleted task's role mappings go with it (D64): the rows kept for the task, and — when the task
 * was a template's root (a template's id is its root task's id, D57) — the template's rows. One Query
 * of each partition, one BatchWriteItem per 25 rows. Idempotent: the stream consumer may run it again.
 * A module of its own so the consumer's bundle carries only the entity, not the mapping routes' checks.
 */
import { RoleMappingEntity } from '../../db/entities/role-mapping.ts';
import { chunks, MAX_BATCH_WRITE_ITEMS } from '../../lib/batches.ts';

export async function removeTaskRoleMappings(taskId: string): Promise<number> {
  let removed = 0;
  for (const targetKind of ['task', 'template'] as const) {
    const rows = (
      await RoleMappingEntity.query.byTarget({ targetKind, targetId: taskId }).go({ pages: 'all' })
    ).data;
    for (const part of chunks(rows, MAX_BATCH_WRITE_ITEMS)) {
      await RoleMappingEntity.delete(
        part.map((r) => ({ targetKind: r.targetKind, targetId: r.targetId, mappingId: r.mappingId })),
      ).go();
      removed += part.length;
    }
  }
  return removed;
}
