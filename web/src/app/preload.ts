/**
 * The first reads (app/first-reads.ts) handed to SWR, and Today's code started beside them: each goes
 * into SWR's cache under the key its hook uses, so the hook takes the answer (or the request on its
 * way) instead of asking again.
 *
 * Each answer is also written into the cache as it arrives (D86): a hook that mounts after it reads it
 * on its first render. Left to SWR's preload alone, a hook takes the answer only in its mount effect,
 * so the first screen was drawn without data even when the data were already here, and then again for
 * each answer.
 */
import { mutate, preload } from 'swr';
import { paths } from '../config/paths.ts';
import { groupsKey } from '../features/groups/api/list-groups.ts';
import { tasksKey } from '../features/tasks/api/tasks.ts';
import { authUserKey } from '../lib/user/get-auth-user.ts';
import { userConfigKey } from '../lib/user/get-user-config.ts';
import { type FirstReads, startFirstReads } from './first-reads.ts';

/** Today's page module: started with the first reads, taken by the route's own `lazy` (the same import). */
export const loadTodayPage = () => import('../features/today/routes/today-page.tsx');

/**
 * Gives a key's request to SWR (its preload: the hook takes this request instead of asking again) and
 * writes the answer into the cache when it arrives, so a hook mounted after it reads it at once.
 */
function preloadIntoCache<T>(key: readonly unknown[], request: Promise<T>): Promise<T> {
  return preload(key, () => request).then((data: T) => {
    void mutate(key, data, { revalidate: false });
    return data;
  });
}

/**
 * Hands the first reads to SWR — those the start's first step asked for (`started`), else new ones —
 * and starts Today's code on Today. A failed read is left to its hook, which asks again and shows it.
 */
export function preloadSignedInStart(
  location: { pathname: string; search: string },
  started: FirstReads | null,
): void {
  const reads = started ?? startFirstReads(location);
  // Today's code, beside its data (the app's own file has loaded: this file is part of it).
  if (location.pathname === paths.today) void loadTodayPage().catch(() => undefined);
  void reads.todayLists
    ?.then((lists) => Promise.all(lists.map((l) => preloadIntoCache(tasksKey(l.query), l.page))))
    .catch(() => undefined);
  for (const read of [
    preloadIntoCache(userConfigKey, reads.userConfig),
    preloadIntoCache(groupsKey, reads.groups),
    preloadIntoCache(authUserKey, reads.authUser),
  ])
    void read.catch(() => undefined);
}
