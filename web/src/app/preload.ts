/**
 * What a signed-in start reads first, asked for as soon as the session is known, beside the page's
 * code rather than after it: the settings (zone, formats, the header's selection), the groups (the
 * selection's other half) and the profile. Each goes into SWR's cache under the key its hook uses,
 * so the hook takes the answer (or the request on its way) instead of asking again. When the address
 * is Today's My tasks, its code starts loading here too, and its four lists are asked for as soon as
 * the settings and groups tell the header's selection: data beside the code, two steps deep.
 */
import { PRIORITY_GROUPS, TASK_PAGE_SIZE } from '@tandem/shared/tasks/constants';
import { selectionFrom } from '@tandem/shared/tasks/selection';
import { preload } from 'swr';
import { paths } from '../config/paths.ts';
import { groupsKey, listGroups } from '../features/groups/api/list-groups.ts';
import { isArchived } from '../features/groups/utils/group-state.ts';
import { listTasks, tasksKey } from '../features/tasks/api/tasks.ts';
import { todayListQuery } from '../features/today/utils/list-query.ts';
import { authUserKey, getAuthUser } from '../lib/user/get-auth-user.ts';
import { getUserConfig, userConfigKey } from '../lib/user/get-user-config.ts';

/** Today's page module: started from main, taken by the route's own `lazy` (the same import). */
export const loadTodayPage = () => import('../features/today/routes/today-page.tsx');

/** Today's four panels with the selection the settings and groups give, as useTodayLists asks. */
async function preloadTodayLists(
  config: ReturnType<typeof getUserConfig>,
  groups: ReturnType<typeof listGroups>,
): Promise<void> {
  const [c, g] = await Promise.all([config, groups]);
  const visible = g.results.filter((x) => !isArchived(x)).map((x) => x.id);
  const selection = selectionFrom(c.preferences, visible);
  for (const group of PRIORITY_GROUPS.filter((x) => x.id < 4)) {
    const q = todayListQuery(group.id, TASK_PAGE_SIZE, false, selection);
    void preload(tasksKey(q), () => listTasks(q)).catch(() => undefined);
  }
}

export function preloadSignedInStart(location: { pathname: string; search: string }): void {
  // A failed read is left to the hook, which asks again and shows the error as usual.
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  const config = preload(userConfigKey, getUserConfig);
  const groups = preload(groupsKey, listGroups);
  quiet(config);
  quiet(groups);
  quiet(preload(authUserKey, getAuthUser));
  if (location.pathname !== paths.today) return;
  quiet(loadTodayPage());
  // My tasks is the tab without ?tab=.
  if (!new URLSearchParams(location.search).has('tab')) quiet(preloadTodayLists(config, groups));
}
