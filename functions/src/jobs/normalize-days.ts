/**
 * Scheduled (hourly), the first step of the daily normalisation's fan-out (decisions D34): one page
 * of the people whose 03:00 has come in their zone. The run's moment is fixed by the first call (the
 * schedule's time) and handed on with the cursor, so every page and batch normalises the same day.
 * Its workers (jobs/normalize-people) normalise the page in batches: a Step Functions distributed map
 * in AWS, a pool in the local runner.
 */
import { type DueCursor, type DuePerson, duePeoplePage } from '../core/schedules/normalization-due.ts';
import { logger } from '../lib/logger.ts';

/** What the schedule sends (an EventBridge event has `time`), or the previous page's `next`. */
export interface DuePageEvent {
  now?: string;
  time?: string;
  cursor?: DueCursor | null;
}

export interface DuePage {
  now: string;
  items: DuePerson[];
  next: { now: string; cursor: DueCursor } | null;
}

/** People per page: a page travels in the state machine's input, which must stay under 256 KB. */
export const DUE_PAGE_SIZE = 1000;

export const handler = async (event: DuePageEvent = {}): Promise<DuePage> => {
  const now = event.now ?? event.time ?? new Date().toISOString();
  const page = await duePeoplePage(new Date(now), event.cursor ?? null, DUE_PAGE_SIZE);
  logger.info('people due for their day', { now, people: page.people.length, more: page.next !== null });
  return { now, items: page.people, next: page.next ? { now, cursor: page.next } : null };
};
