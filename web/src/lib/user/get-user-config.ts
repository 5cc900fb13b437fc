/** GET /user/config/ — time and date formats, time zone, routine times and preferences. */
import useSWR from 'swr';
import { getUserConfig } from './user-reads.ts';

export { getUserConfig };

export const userConfigKey = ['user-config'] as const;
export const useUserConfig = () => useSWR(userConfigKey, getUserConfig);
