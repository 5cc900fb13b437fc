/** GET /user/timezone/ — the IANA zones the server accepts, with their current UTC offset. */
import type { Page } from '@tandem/shared/api/pagination';
import * as routes from '@tandem/shared/api/route-defs';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

export interface TimezoneOption {
  code: string;
  offset: string;
}

/** The whole list fits in one page (about 420 zones; the route allows 1000). */
const LIMIT = 1000;

export const timezonesKey = ['timezones', LIMIT] as const;
export const listTimezones = (): Promise<Page<TimezoneOption>> =>
  api<Page<TimezoneOption>>(routes.listTimezones, { query: { limit: LIMIT } });
export const useTimezones = () => useSWR(timezonesKey, listTimezones, { revalidateIfStale: false });
