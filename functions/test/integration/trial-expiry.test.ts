/**
 * The hourly trial-expiry job. Users here are created back-dated, so their trials ended days ago;
 * users made by other tests (trials ending in 14 days) are outside the job's window and untouched.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';

const stack = inject('stack');
const { ensureUser, getSubscription } = await import('../../src/core/user/user.ts');
const { expireTrials } = await import('../../src/core/user/trial-expiry.ts');
const { handler } = await import('../../src/jobs/expire-subscriptions.ts');
const { UserEntity } = await import('../../src/db/entities/user.ts');

const DAY = 24 * 3600 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

async function backDatedUser(createdDaysAgo: number) {
  const userId = `expiry-${randomUUID()}`;
  const email = `${userId}@example.com`;
  await ensureUser(userId, { email, firstName: 'Tess' }, daysAgo(createdDaysAgo));
  return { userId, email, actor: { userId, username: userId } };
}

const mailsTo = async (to: string) =>
  (await (await fetch(`${stack.url}/_local/mail.json?to=${encodeURIComponent(to)}`)).json()) as unknown[];

describe('trial expiry job', () => {
  it('reads a trial past its 14 days as expired even before the job runs', async () => {
    const u = await backDatedUser(15);
    expect(await getSubscription(u.actor)).toMatchObject({
      package: 'full_14_days_trial',
      currentStatus: 'expired',
    });
  });

  it('stores the expiry, takes the user off the trial-end index and mails them once', async () => {
    const u = await backDatedUser(16);
    const result = await handler();
    expect(result.expired).toBeGreaterThanOrEqual(1);

    const item = (await UserEntity.get({ userId: u.userId }).go()).data!;
    expect(item.subscription).toMatchObject({ package: 'full_14_days_trial', currentStatus: 'expired' });
    expect(item.trialEndsOn).toBeUndefined();
    const day = daysAgo(2).toISOString().slice(0, 10);
    const stillIndexed = await UserEntity.query.byTrialEnd({ trialEndsOn: day }).go({ pages: 'all' });
    expect(stillIndexed.data.map((d) => d.userId)).not.toContain(u.userId);

    const mail = await waitForMail(stack.url, { to: u.email, subjectIncludes: 'trial has ended' });
    expect(mail.text).toContain('/settings?activeTab=billingLicensing');

    await expireTrials();
    expect(await mailsTo(u.email)).toHaveLength(1);
  });

  it('leaves a trial that still runs alone', async () => {
    const u = await backDatedUser(5);
    await expireTrials();
    const item = (await UserEntity.get({ userId: u.userId }).go()).data!;
    expect(item.subscription).toMatchObject({ currentStatus: 'active' });
    expect(item.trialEndsOn).toBeDefined();
  });

  it('expires and mails each user once when two runs overlap', async () => {
    const u = await backDatedUser(17);
    await Promise.all([expireTrials(), expireTrials()]);
    await waitForMail(stack.url, { to: u.email, subjectIncludes: 'trial has ended' });
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(u.email)).toHaveLength(1);
  });
});
