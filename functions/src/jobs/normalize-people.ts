/**
 * A batch of the daily normalisation's fan-out (decisions D34): each person of the batch normalised,
 * a few at a time. A batch with a person that failed fails, so the distributed map runs it again
 * (a second run is harmless: the normalisation is idempotent and costs at most 5 requests for a person
 * with nothing left to change); a person who still fails stays due and is taken up by the next
 * hour's run, for a day.
 */

import { normalizePeople } from '../core/schedules/normalization.ts';
import type { DuePerson } from '../core/schedules/normalization-due.ts';
import { logger } from '../lib/logger.ts';

/** What a distributed map's item batcher sends: the items and the batch input (the run's moment). */
export interface PeopleBatchEvent {
  Items: DuePerson[];
  BatchInput?: { now?: string };
}

export class NormalizationBatchError extends Error {
  override name = 'NormalizationBatchError';
}

export const handler = async (event: PeopleBatchEvent): Promise<{ users: number }> => {
  const now = event.BatchInput?.now ? new Date(event.BatchInput.now) : new Date();
  const { users, failed } = await normalizePeople(event.Items, now);
  logger.info('days normalised', { users, failed: failed.length });
  if (failed.length)
    throw new NormalizationBatchError(`${failed.length} of ${event.Items.length} people failed`);
  return { users };
};
