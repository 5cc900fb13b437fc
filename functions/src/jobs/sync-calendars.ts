/** Scheduled (every 15 minutes): syncs every linked calendar both ways (core/integrations/sync.ts). */
import { syncAll } from '../core/integrations/sync.ts';
import { logger } from '../lib/logger.ts';

export const handler = async (): Promise<{ links: number; failed: number }> => {
  const result = await syncAll();
  logger.info('calendars synced', result);
  return result;
};
