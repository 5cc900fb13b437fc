/**
 * Subscription packages and statuses (spec 000 §9, 002 §3). A new user starts on the full
 * 14-day trial; when it runs out the status reads 'expired'.
 */
import * as z from 'zod/mini';

export const SUBSCRIPTION_PACKAGES = [
  'full_14_days_trial',
  'teams_license',
  'standard_license',
  'free_license',
] as const;
export const SUBSCRIPTION_STATUSES = ['active', 'cancelled', 'expired', 'on-hold'] as const;
export type SubscriptionPackage = (typeof SUBSCRIPTION_PACKAGES)[number];
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const TRIAL_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export const subscription = z.object({
  package: z.enum(SUBSCRIPTION_PACKAGES),
  currentStatus: z.enum(SUBSCRIPTION_STATUSES),
  startedAt: z.string(),
  endsAt: z.nullable(z.string()),
});
export type Subscription = z.infer<typeof subscription>;

export function newTrial(now: Date): Subscription {
  return {
    package: 'full_14_days_trial',
    currentStatus: 'active',
    startedAt: now.toISOString(),
    endsAt: new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString(),
  };
}

/** The status a stored subscription has at `now`: a trial past its end is expired. */
export function effectiveStatus(s: Subscription, now: Date): SubscriptionStatus {
  if (s.currentStatus === 'active' && s.endsAt !== null && now.getTime() >= Date.parse(s.endsAt)) {
    return 'expired';
  }
  return s.currentStatus;
}

/** Package names arrive in many spellings ('Teams License'); they are stored lowercase with underscores. */
export function normalisePackage(input: string): string {
  return input
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
}
