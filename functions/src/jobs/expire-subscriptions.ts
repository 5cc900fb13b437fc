/** Scheduled (hourly): ends trials whose 14 days are over and tells their users. */
import { expireTrials } from '../core/user/trial-expiry.ts';
import { logger } from '../lib/logger.ts';

export const handler = async (): Promise<{ expired: number }> => {
  const result = await expireTrials();
  logger.info('trials expired', result);
  return result;
};
