/**
 * Operator changes to a user's subscription (npm run admin). Sets package and status; a package other
 * than the trial has no end date and leaves the trial-end index. The owner's groups learn the new
 * package for their member limit.
 */
import {
  normalisePackage,
  SUBSCRIPTION_PACKAGES,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionPackage,
  type SubscriptionStatus,
} from '@tandem/shared';
import { GroupEntity } from '../../db/entities/group.ts';
import { UserEntity } from '../../db/entities/user.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { listMemberships } from '../groups/groups.ts';
import type { UserRecord } from './user.ts';

export async function setSubscription(email: string, given: string, status: string): Promise<UserRecord> {
  // Package names arrive in many spellings ('Teams License'): kept lowercase with underscores (002 §3).
  const pkg = normalisePackage(given);
  if (!SUBSCRIPTION_PACKAGES.includes(pkg as SubscriptionPackage)) {
    throw new ValidationError({ package: `Package must be one of ${SUBSCRIPTION_PACKAGES.join(', ')}.` });
  }
  if (!SUBSCRIPTION_STATUSES.includes(status as SubscriptionStatus)) {
    throw new ValidationError({ status: `Status must be one of ${SUBSCRIPTION_STATUSES.join(', ')}.` });
  }
  const found = await UserEntity.query.byEmail({ email: email.trim().toLowerCase() }).go();
  const user = found.data[0];
  if (!user) throw new NotFoundError(`No user has the e-mail ${email}.`);
  const subscription: Subscription = {
    ...user.subscription,
    package: pkg as SubscriptionPackage,
    currentStatus: status as SubscriptionStatus,
    startedAt: new Date().toISOString(),
    endsAt: pkg === 'full_14_days_trial' ? user.subscription.endsAt : null,
  };
  const patch = UserEntity.patch({ userId: user.userId }).set({ subscription, version: user.version + 1 });
  await (pkg === 'full_14_days_trial' ? patch : patch.remove(['trialEndsOn'])).go({ response: 'none' });
  for (const m of await listMemberships(user.userId)) {
    if (m.role === 1)
      await GroupEntity.patch({ groupId: m.groupId }).set({ ownerPackage: pkg }).go({ response: 'none' });
  }
  return { ...user, subscription };
}
