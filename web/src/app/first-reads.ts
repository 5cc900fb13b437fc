/**
 * What a signed-in start reads first: the settings (zone, formats, the header's selection), the groups
 * (the selection's other half) and the profile; on Today's My tasks also its four lists, asked for as
 * soon as the settings and groups tell the header's selection (two steps deep).
 *
 * Plain requests, no React and no SWR: the start's first step (boot.ts) asks for them from a small
 * file of its own while the app's code is still on its way, and app/preload.ts hands each answer to
 * the hook that reads it (D86).
 */
import type { Page } from '@tandem/shared/api/pagination';
import { PRIORITY_GROUPS, TASK_PAGE_SIZE } from '@tandem/shared/tasks/constants';
import { selectionFrom } from '@tandem/shared/tasks/selection';
import type { TaskView } from '@tandem/shared/tasks/views';
import type { UserConfigView } from '@tandem/shared/user/config';
import { paths } from '../config/paths.ts';
import { type GroupList, listGroups } from '../features/groups/api/read-groups.ts';
import { isArchived } from '../features/groups/utils/group-state.ts';
import { listTasks, type TaskListQuery } from '../features/tasks/api/read-tasks.ts';
import { todayListQuery } from '../features/today/utils/list-query.ts';
import { type AuthUser, getAuthUser, getUserConfig } from '../lib/user/user-reads.ts';

export interface TodayList {
  query: TaskListQuery;
  page: Promise<Page<TaskView>>;
}

export interface FirstReads {
  userConfig: Promise<UserConfigView>;
  groups: Promise<GroupList>;
  authUser: Promise<AuthUser>;
  /** Today's My tasks only. */
  todayLists: Promise<TodayList[]> | null;
}

/** Today's four panels with the selection the settings and groups give, as useTodayLists asks. */
async function todayLists(config: Promise<UserConfigView>, groups: Promise<GroupList>): Promise<TodayList[]> {
  const [c, g] = await Promise.all([config, groups]);
  const visible = g.results.filter((x) => !isArchived(x)).map((x) => x.id);
  const selection = selectionFrom(c.preferences, visible);
  return PRIORITY_GROUPS.filter((x) => x.id < 4).map((group) => {
    const query = todayListQuery(group.id, TASK_PAGE_SIZE, false, selection);
    return { query, page: listTasks(query) };
  });
}

/** A failure is the reader's to show (its hook asks again): never an unhandled rejection here. */
const quiet = <T>(p: Promise<T>): Promise<T> => {
  p.catch(() => undefined);
  return p;
};

/** Starts the first reads for the page at `location`. */
export function startFirstReads(location: { pathname: string; search: string }): FirstReads {
  const userConfig = quiet(getUserConfig());
  const groups = quiet(listGroups());
  // My tasks is the tab without ?tab=.
  const myTasks = location.pathname === paths.today && !new URLSearchParams(location.search).has('tab');
  return {
    userConfig,
    groups,
    authUser: quiet(getAuthUser()),
    todayLists: myTasks
      ? quiet(
          todayLists(userConfig, groups).then((lists) => lists.map((l) => ({ ...l, page: quiet(l.page) }))),
        )
      : null,
  };
}
