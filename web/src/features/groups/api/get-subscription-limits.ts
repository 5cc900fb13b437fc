/** GET /user/subscription/limit?event=a,b[&target] — counts against the package's limits. */
import * as routes from '@tandem/shared/api/route-defs';
import type { LimitsView } from '@tandem/shared/groups/views';
import type { LimitEvent } from '@tandem/shared/user/limits';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

export const subscriptionLimitsKey = (events: readonly LimitEvent[], target?: string) =>
  ['subscription-limits', events.join(','), target ?? null] as const;

export const getSubscriptionLimits = (events: readonly LimitEvent[], target?: string) =>
  api<LimitsView>(routes.getSubscriptionLimits, { query: { event: events.join(','), target } });

/** The group screens ask for owned groups and, for one group, its member amount. */
export const GROUP_LIMIT_EVENTS: readonly LimitEvent[] = ['ownedGroup', 'ownedGroupMemberAmount'];

export const useGroupLimits = (target?: string) =>
  useSWR(subscriptionLimitsKey(GROUP_LIMIT_EVENTS, target), () =>
    getSubscriptionLimits(GROUP_LIMIT_EVENTS, target),
  );
