/** GET /user/subscription — the package and its status (read-only for now). */
import * as routes from '@tandem/shared/api/route-defs';
import type { Subscription } from '@tandem/shared/user/subscription';
import useSWR from 'swr';
import { api } from '../api.ts';

export const subscriptionKey = ['subscription'] as const;
export const getSubscription = (): Promise<Subscription> => api<Subscription>(routes.getSubscription);
export const useSubscription = () => useSWR(subscriptionKey, getSubscription);
