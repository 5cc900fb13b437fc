/** GET /user/subscription/limit?event=a,b — the limits of the user's package and where they stand. */
import * as routes from '@tandem/shared/api/route-defs';
import type { LimitsView } from '@tandem/shared/groups/views';
import { LIMIT_EVENTS, type LimitEvent } from '@tandem/shared/user/limits';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

export const LIMITS_KEY_PREFIX = 'subscription-limits';
export const limitsKey = [LIMITS_KEY_PREFIX, 'all'] as const;

/** Every cached limits answer, whatever its events (the group screens keep their own). */
export const isLimitsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === LIMITS_KEY_PREFIX;

export const getSubscriptionLimits = (events: readonly LimitEvent[] = LIMIT_EVENTS): Promise<LimitsView> =>
  api<LimitsView>(routes.getSubscriptionLimits, { query: { event: events.join(',') } });

/**
 * All events, as the banner and the billing panel need them. `quiet` for the shell: a banner that
 * cannot load simply does not show, without a toast on every page.
 */
export const useSubscriptionLimits = ({ quiet = false }: { quiet?: boolean } = {}) =>
  useSWR(limitsKey, () => getSubscriptionLimits(), quiet ? { onError: () => undefined } : undefined);
