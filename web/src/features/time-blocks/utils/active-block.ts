/**
 * Which time block is active now (spec 001 §4 Time blocks): now falls in one of its occurrences,
 * the recurrence expanded in the block's own zone; and the header selection it stands for. Pure;
 * it carries rrule (through the shared expansion), so only lazily loaded modules import it. No Luxon:
 * the banner it decides loads on every signed-in page (D61).
 */
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import type { TimeBlockView } from '@tandem/shared/time/views';

export function isBlockActive(block: TimeBlockView, now: Date): boolean {
  const at = now.getTime();
  if (block.endDate && Date.parse(block.endDate) <= at) return false;
  // An occurrence that covers now started at most `duration` minutes ago.
  const from = new Date(at - block.duration * 60_000 - 1000).toISOString();
  const to = new Date(at + 1000).toISOString();
  try {
    return expandOccurrences(
      {
        startDate: block.startDate,
        recurRule: block.recurRule,
        timezone: block.timezone,
        duration: block.duration,
        exDate: block.exDate,
        rDate: block.rDate,
      },
      from,
      to,
    ).some((o) => Date.parse(o.start) <= at && at < Date.parse(o.end));
  } catch {
    return false;
  }
}

/** The first block active at `now`, if any. */
export const activeBlock = (blocks: readonly TimeBlockView[], now: Date): TimeBlockView | null =>
  blocks.find((b) => isBlockActive(b, now)) ?? null;

/**
 * The selection the block switches the header to: its group, or its category's groups that are
 * still active; null when the block names nothing the user can see.
 */
export function blockSelection(
  block: Pick<TimeBlockView, 'group' | 'groupCategory'>,
  activeIds: readonly string[],
  categories: ReadonlyArray<{ id: string; categoryGroups: string[] }>,
): string[] | null {
  if (block.group) return activeIds.includes(block.group) ? [block.group] : null;
  if (block.groupCategory) {
    const c = categories.find((x) => x.id === block.groupCategory);
    if (!c) return null;
    const ids = activeIds.filter((id) => c.categoryGroups.includes(id));
    return ids.length > 0 ? ids : null;
  }
  return null;
}
