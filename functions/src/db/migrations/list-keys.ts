/**
 * One-off backfill for the list indexes of decisions D28: placements written before them lack the
 * keys of "a person's tasks newest first" (gsi2) and, when they are on the Delegated tab, of the
 * sparse Delegated index (gsi3). Each such placement is written again through the entity, which
 * writes every key. Safe to repeat: a placement that has its keys is skipped. Run by the local
 * stack on a table it finds already there; in AWS once after the deploy that adds gsi3.
 */
import { env } from '../../lib/env.ts';
import { delegatedOutKeys, PlacementEntity } from '../entities/placement.ts';
import { scanEntityPages } from './scan-pages.ts';

export function backfillListKeys(tableName = env.tableName): Promise<number> {
  return scanEntityPages(
    tableName,
    'placement',
    {
      expression: 'attribute_not_exists(gsi2pk) OR (delegatedOut = :yes AND attribute_not_exists(gsi3pk))',
      values: { ':yes': true },
    },
    async (items) => {
      let written = 0;
      for (const raw of items) {
        const p = PlacementEntity.parse({ Item: raw }).data;
        if (!p) continue;
        await PlacementEntity.put({
          ...p,
          ...(p.delegatedOut ? delegatedOutKeys(p.userId, p.createdAt ?? '', p.taskId) : {}),
        }).go({ table: tableName });
        written++;
      }
      return written;
    },
  );
}
