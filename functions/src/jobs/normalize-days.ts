/** Scheduled (hourly): each person's day at 03:00 in their own zone, and the morning reminder. */
import { normalizeDueUsers } from '../core/schedules/normalization.ts';
import { logger } from '../lib/logger.ts';

export const handler = async (): Promise<{ users: number }> => {
  const result = await normalizeDueUsers();
  logger.info('days normalised', result);
  return result;
};
