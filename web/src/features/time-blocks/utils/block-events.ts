/**
 * Time blocks drawn in the calendar's day and week grids (decisions D52): each occurrence of a block
 * that overlaps the window on screen, the recurrence expanded in the block's own zone (the same
 * expansion as the banner's "active now"), as a background band under the tasks. Pure; it carries
 * rrule, so only the lazily loaded calendar imports it.
 */
import { expandOccurrences } from '@tandem/shared/time/recurrence';
import type { TimeBlockView } from '@tandem/shared/time/views';

export interface BlockEvent {
  /** Block id and start: one occurrence of one block. */
  id: string;
  title: string;
  start: Date;
  end: Date;
  allDay: false;
  block: { id: string; color: string | null };
}

/** What a block stands for, as the calendar names and colours it. */
export interface BlockTarget {
  name: string;
  color: string | null;
}

export function blockEvents(
  blocks: readonly TimeBlockView[],
  window: { start: Date; end: Date },
  targetOf: (block: TimeBlockView) => BlockTarget,
): BlockEvent[] {
  const out: BlockEvent[] = [];
  for (const block of blocks) {
    const target = targetOf(block);
    const stop = block.endDate ? Date.parse(block.endDate) : Number.POSITIVE_INFINITY;
    // An occurrence that began before the window may still reach into it.
    const from = new Date(window.start.getTime() - block.duration * 60_000).toISOString();
    let occurrences: Array<{ start: string; end: string }>;
    try {
      occurrences = expandOccurrences(
        {
          startDate: block.startDate,
          recurRule: block.recurRule,
          timezone: block.timezone,
          duration: block.duration,
          exDate: block.exDate,
          rDate: block.rDate,
        },
        from,
        window.end.toISOString(),
      );
    } catch {
      continue; // a rule the expansion cannot read draws nothing rather than breaking the calendar
    }
    for (const o of occurrences) {
      const start = new Date(o.start);
      const end = new Date(o.end);
      if (start.getTime() >= stop || end <= window.start) continue;
      out.push({
        id: `${block.id}@${o.start}`,
        title: target.name,
        start,
        end,
        allDay: false,
        block: { id: block.id, color: target.color },
      });
    }
  }
  return out.sort((a, b) => a.start.getTime() - b.start.getTime());
}
