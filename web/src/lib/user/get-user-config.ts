/** GET /user/config/ — time and date formats, time zone, routine times and preferences. */
import * as routes from '@tandem/shared/api/route-defs';
import type { UserConfigView } from '@tandem/shared/user/config';
import useSWR from 'swr';
import { api } from '../api.ts';

export const userConfigKey = ['user-config'] as const;
export const getUserConfig = (): Promise<UserConfigView> => api<UserConfigView>(routes.getUserConfig);
export const useUserConfig = () => useSWR(userConfigKey, getUserConfig);
