/** GET /user/group/category — the caller's group categories (spec 001 §3, §7). */
import type { Page } from '@tandem/shared/api/pagination';
import * as routes from '@tandem/shared/api/route-defs';
import type { CategoryView } from '@tandem/shared/groups/views';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';

/** One page holds them all: a person keeps a handful of categories. */
const MAX_CATEGORIES = 100;

export const categoriesKey = ['group-categories'] as const;

/** The route answers a page ({count, results}); a plain list is read as well. */
export async function listCategories(): Promise<CategoryView[]> {
  const answer = await api<Page<CategoryView> | CategoryView[]>(routes.listCategories, {
    query: { limit: MAX_CATEGORIES },
  });
  return Array.isArray(answer) ? answer : (answer?.results ?? []);
}

export const useCategories = () => useSWR(categoriesKey, listCategories);
