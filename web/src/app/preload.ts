/**
 * What a signed-in start reads first, asked for as soon as the session is known, beside the page's
 * code rather than after it: the settings (zone, formats, the header's selection), the groups (the
 * selection's other half), the profile, the subscription and its limits (the shell's banner and
 * paywall), and on Today the invitations waiting for an answer (the Pending tab's badge). Each goes
 * into SWR's cache under the key its hook uses: the answer itself once it is here (`seed`), and the
 * request on its way for the hook to take instead of asking again. When the address is Today's My
 * tasks, its code starts loading here too, and its four lists are asked for with the header's
 * selection they were last asked with on this device, beside the first reads (one step deep, and
 * seeded like them: D92), and again once the settings and groups tell the selection, if it changed
 * (two steps).
 *
 * The first render waits for these answers (main.tsx, at most FIRST_READS_WAIT_MS). A page drawn
 * without them is drawn again, whole and at once, when they arrive: SWR hands each answer to its
 * hooks through useSyncExternalStore, whose changes React draws synchronously, and an answer that
 * lands while the first render is drawn in slices makes React throw the slices away and draw it all
 * again in one long task (D90).
 */
import { PRIORITY_GROUPS, TASK_PAGE_SIZE } from '@tandem/shared/tasks/constants';
import { selectionFrom, type TaskSelection } from '@tandem/shared/tasks/selection';
import { mutate, preload } from 'swr';
import { paths } from '../config/paths.ts';
import { listPending, pendingKey } from '../features/delegation/api/pending.ts';
import { groupsKey, listGroups } from '../features/groups/api/list-groups.ts';
import { visibleGroupIds } from '../features/groups/utils/group-state.ts';
import { getSubscriptionLimits, limitsKey } from '../features/subscription/api/subscription-limits.ts';
import { listTasks, tasksKey } from '../features/tasks/api/tasks.ts';
import { todayListQuery } from '../features/today/utils/list-query.ts';
import { rememberedSelection } from '../features/today/utils/remembered-selection.ts';
import { authUserKey, getAuthUser } from '../lib/user/get-auth-user.ts';
import { getSubscription, subscriptionKey } from '../lib/user/get-subscription.ts';
import { getUserConfig, userConfigKey } from '../lib/user/get-user-config.ts';

/** The longest the first render waits for the first reads; past it, the page draws without them. */
export const FIRST_READS_WAIT_MS = 1500;

/** Today's page module: started from main, taken by the route's own `lazy` (the same import). */
export const loadTodayPage = () => import('../features/today/routes/today-page.tsx');

/** Today's four panels' queries with `selection`, as useTodayLists asks (one request per query). */
const todayQueries = (selection: TaskSelection) =>
  PRIORITY_GROUPS.filter((x) => x.id < 4).map((group) =>
    todayListQuery(group.id, TASK_PAGE_SIZE, false, selection),
  );

/**
 * Today's four panels with the selection they were last asked with on this device, beside the first
 * reads (one step): their answers go into the cache like the first reads', so that the first render
 * draws the rows with the rest, not skeletons that rows replace in a second long task (D92).
 */
function seedGuessedLists(guess: TaskSelection): Promise<unknown> {
  return Promise.allSettled(todayQueries(guess).map((q) => seed(tasksKey(q), () => listTasks(q))));
}

/**
 * Today's four panels with the selection the settings and groups give, if it differs from the guess
 * (two steps; asked for, not waited for). A panel takes only the answer to its own query.
 */
async function preloadSettledLists(
  config: ReturnType<typeof getUserConfig>,
  groups: ReturnType<typeof listGroups>,
  guess: TaskSelection | null,
): Promise<void> {
  const [c, g] = await Promise.all([config, groups]);
  const queries = todayQueries(selectionFrom(c.preferences, visibleGroupIds(g.results)));
  // The guess was right: its lists are asked for already (and may be taken by the panels by now).
  if (guess && JSON.stringify(queries) === JSON.stringify(todayQueries(guess))) return;
  for (const q of queries) void preload(tasksKey(q), () => listTasks(q)).catch(() => undefined);
}

/**
 * Asks for `key` (the hook takes the request on its way) and puts the answer into the cache once it
 * is here, so a render after that draws it at once. The hook still takes the same request when it
 * mounts: no second read, and an equal answer draws nothing again.
 */
function seed<T>(key: readonly unknown[], fetch: () => Promise<T>): Promise<T> {
  const request = preload(key, fetch);
  return request.then(async (data) => {
    await mutate(key, data, { revalidate: false });
    return data;
  });
}

/**
 * Starts the first reads (and Today's code and lists on Today). Resolves when the first reads have
 * answered or failed: a failed one is left to its hook, which asks again and shows the error as usual.
 */
export function preloadSignedInStart(location: { pathname: string; search: string }): Promise<unknown> {
  const config = seed(userConfigKey, getUserConfig);
  const groups = seed(groupsKey, listGroups);
  const first: Promise<unknown>[] = [
    config,
    groups,
    seed(authUserKey, getAuthUser),
    seed(subscriptionKey, getSubscription),
    seed(limitsKey, () => getSubscriptionLimits()),
  ];
  if (location.pathname === paths.today) {
    first.push(seed(pendingKey, listPending));
    void loadTodayPage().catch(() => undefined);
    // My tasks is the tab without ?tab=.
    if (!new URLSearchParams(location.search).has('tab')) {
      const guess = rememberedSelection();
      if (guess) first.push(seedGuessedLists(guess));
      void preloadSettledLists(config, groups, guess).catch(() => undefined);
    }
  }
  return Promise.allSettled(first);
}
