/**
 * Marking calendar links due (decisions D70): light on purpose, as the stream consumer runs it
 * (streams/calendar-sync.ts); the due sync (sync.ts syncDue) does the work.
 */
import { CalendarLinkEntity } from '../../db/integrations.ts';

/** A change to a task of these groups: their links that export are marked due (streams/calendar-sync.ts). */
export async function markGroupsDue(groupIds: readonly string[]): Promise<number> {
  let marked = 0;
  for (const groupId of new Set(groupIds)) {
    const links = (await CalendarLinkEntity.query.byGroup({ groupId }).go({ pages: 'all' })).data;
    for (const l of links) {
      if (l.direction === 'import' || l.dueFlag) continue;
      await CalendarLinkEntity.patch({ userId: l.userId, integrationId: l.integrationId, linkId: l.linkId })
        .set({ dueFlag: 'due' })
        .go({ response: 'none' })
        // Removed meanwhile: nothing to sync.
        .catch(() => undefined);
      marked++;
    }
  }
  return marked;
}
