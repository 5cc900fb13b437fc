/**
 * Ends trials whose 14 days are over: status 'expired', the user told by e-mail once. Reads are
 * queries on the per-day trial-end index (never a scan); the last 7 days are read so that a job that
 * did not run for a while catches up. The write is conditional on the version read, so two runs at
 * once expire (and mail) each user once.
 *
 * Between runs, reads already see the trial as expired (effectiveStatus), so nothing waits on this job
 * for correctness; it makes the stored status true and sends the notice.
 */
import { effectiveStatus, type Subscription } from '@tandem/shared';
import { UserEntity } from '../../db/entities/user.ts';
import { env } from '../../lib/env.ts';
import { logger } from '../../lib/logger.ts';
import { sendMail } from '../../lib/mailer.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const CATCH_UP_DAYS = 7;

export async function expireTrials(now = new Date()): Promise<{ expired: number }> {
  let expired = 0;
  for (let back = CATCH_UP_DAYS - 1; back >= 0; back--) {
    const day = new Date(now.getTime() - back * DAY_MS).toISOString().slice(0, 10);
    let cursor: string | null = null;
    do {
      const page: {
        data: Array<{
          userId: string;
          email?: string;
          firstName?: string;
          subscription: unknown;
          version: number;
        }>;
        cursor: string | null;
      } = await UserEntity.query.byTrialEnd({ trialEndsOn: day }).go({ cursor, limit: 100 });
      for (const u of page.data) {
        if (await expireOne(u as Parameters<typeof expireOne>[0], now)) expired++;
      }
      cursor = page.cursor;
    } while (cursor);
  }
  return { expired };
}

async function expireOne(
  u: { userId: string; email?: string; firstName?: string; subscription: Subscription; version: number },
  now: Date,
): Promise<boolean> {
  if (u.subscription.currentStatus !== 'active' || effectiveStatus(u.subscription, now) !== 'expired')
    return false;
  try {
    await UserEntity.patch({ userId: u.userId })
      .set({ subscription: { ...u.subscription, currentStatus: 'expired' }, version: u.version + 1 })
      .remove(['trialEndsOn'])
      .where(({ version }, { eq }) => eq(version, u.version))
      .go({ response: 'none' });
  } catch (e) {
    // Another run (or a settings change) got there first; the next run sees the new state.
    logger.info('trial expiry skipped after a concurrent change', { userId: u.userId, error: String(e) });
    return false;
  }
  if (u.email) await sendMail(trialEndedMail(u.email, u.firstName));
  return true;
}

export function trialEndedMail(to: string, firstName?: string) {
  const link = `${env.appUrl}/settings?activeTab=billingLicensing`;
  const hello = firstName ? `Hello ${firstName},` : 'Hello,';
  return {
    to,
    subject: 'Your Tandem trial has ended',
    text: `${hello}\n\nYour 14-day trial of Tandem has ended. Your tasks and groups are kept. To keep working with them, choose a licence:\n${link}`,
    html: `<p>${hello.replace(/[<>&]/g, '')}</p><p>Your 14-day trial of Tandem has ended. Your tasks and groups are kept.</p><p><a href="${link}">Choose a licence</a> to keep working with them.</p>`,
  };
}
