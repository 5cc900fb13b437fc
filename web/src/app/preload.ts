/**
 * The first reads (app/first-reads.ts) handed to SWR, and Today's code started beside them: each goes into SWR's cache under the key its
 * hook uses, so the hook takes the answer (or the request on its way) instead of asking again.
 *
 * Each answer is written into the cache as it arrives, and `preloadSignedInStart` tells when all of
 * them are in: main.tsx draws the first screen then (D86), so its hooks find their data on the first
 * render. Drawn before, each answer landing during the (sliced) first render made React draw the
 * page again at once and whole, once per answer: the longest tasks of the start.
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
 * Hands the first reads to SWR — those the start's first step asked for (`started`), else new ones.
 * Resolves when every one of them has answered or failed: the first screen can then be drawn with
 * its data. Never rejects: a failed read is left to its hook, which asks again and shows the error.
 */
export function preloadSignedInStart(
  location: { pathname: string; search: string },
  started: FirstReads | null,
): Promise<void> {
  const reads = started ?? startFirstReads(location);
  const waits: Promise<unknown>[] = [
    preloadIntoCache(userConfigKey, reads.userConfig),
    preloadIntoCache(groupsKey, reads.groups),
    preloadIntoCache(authUserKey, reads.authUser),
  ];
  // Today's code, beside its data (the app's own file has loaded: this file is part of it).
  if (location.pathname === paths.today) waits.push(loadTodayPage());
  if (reads.todayLists)
    waits.push(
      reads.todayLists.then((lists) =>
        Promise.all(lists.map((l) => preloadIntoCache(tasksKey(l.query), l.page))),
      ),
    );
  return Promise.allSettled(waits).then(() => undefined);
}
