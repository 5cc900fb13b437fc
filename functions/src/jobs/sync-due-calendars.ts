/** Scheduled (every minute): syncs the calendar links a task change marked due (streams/calendar-sync.ts). */
import { syncDue } from '../core/integrations/sync.ts';
import { logger } from '../lib/logger.ts';

export const handler = async (): Promise<{ links: number; failed: number }> => {
  const result = await syncDue();
  if (result.links > 0) logger.info('due calendars synced', result);
  return result;
};
