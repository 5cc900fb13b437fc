/** PATCH /user/config/ {group} — the caller's default (favourite) group; null clears it. Optimistic. */
import * as routes from '@tandem/shared/api/route-defs';
import type { UserConfig } from '@tandem/shared/user/config';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';
import { userConfigKey } from '../../../lib/user/get-user-config.ts';

export async function setDefaultGroup(group: string | null): Promise<void> {
  await mutate<UserConfig>(
    userConfigKey,
    () => api<UserConfig>(routes.updateUserConfig, { body: { group } }),
    {
      optimisticData: (current) => (current ? { ...current, group } : current) as UserConfig,
      rollbackOnError: true,
      revalidate: false,
    },
  );
  // GroupView.isDefault follows the setting.
  await revalidateAfter('defaultGroup');
}
