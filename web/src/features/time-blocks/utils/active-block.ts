/**
 * Which time block is active now (spec 001 §4 Time blocks): now falls in one of its occurrences,
 * the recurrence expanded in the block's own zone; and the header selection it stands for. Pure;
 * it carries rrule (through the shared expansion), so only lazily loaded modules import it.
 */
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import type { TimeBlockView } from '@tandem/shared/time/views';
import { DateTime } from 'luxon';

export function isBlockActive(block: TimeBlockView, now: Date): boolean {
  const at = now.getTime();
  if (block.endDate && Date.parse(block.endDate) <= at) return false;
  // An occurrence that covers now started at most `duration` minutes ago.
  const from = DateTime.fromMillis(at - block.duration * 60_000 - 1000)
    .toUTC()
    .toISO()!;
  const to = DateTime.fromMillis(at + 1000)
    .toUTC()
    .toISO()!;
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
