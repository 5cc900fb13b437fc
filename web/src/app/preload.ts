/**
 * What a signed-in start reads first, asked for as soon as the session is known, beside the page's
 * code rather than after it: the settings (zone, formats, the header's selection), the groups (the
 * selection's other half) and the profile. Each goes into SWR's cache under the key its hook uses,
 * so the hook takes the answer (or the request on its way) instead of asking again. The page of the
 * address being opened starts loading here too when it is Today.
 */
import { preload } from 'swr';
import { paths } from '../config/paths.ts';
import { groupsKey, listGroups } from '../features/groups/api/list-groups.ts';
import { authUserKey, getAuthUser } from '../lib/user/get-auth-user.ts';
import { getUserConfig, userConfigKey } from '../lib/user/get-user-config.ts';

/** Today's page module: started from main, taken by the route's own `lazy` (the same import). */
export const loadTodayPage = () => import('../features/today/routes/today-page.tsx');

export function preloadSignedInStart(pathname: string): void {
  // A failed read is left to the hook, which asks again and shows the error as usual.
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  quiet(preload(userConfigKey, getUserConfig));
  quiet(preload(groupsKey, listGroups));
  quiet(preload(authUserKey, getAuthUser));
  if (pathname === paths.today) quiet(loadTodayPage());
}
