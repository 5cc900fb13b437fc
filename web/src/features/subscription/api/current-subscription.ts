/**
 * The current subscription for the shell (paywall, banner): the same SWR entry as
 * lib/user/get-subscription.ts, read without a toast when it fails, since the shell has nothing to
 * show for it and the settings screen reports it.
 */
import useSWR from 'swr';
import { getSubscription, subscriptionKey } from '../../../lib/user/get-subscription.ts';

export const useCurrentSubscription = () =>
  useSWR(subscriptionKey, getSubscription, { onError: () => undefined });
