/**
 * PATCH /user/config/ {preferences: {selected_groups}} — the header's group filter. Optimistic: the
 * chips change at once and go back if the server refuses.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { UserConfig } from '@tandem/shared/user/config';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { userConfigKey } from '../../../lib/user/get-user-config.ts';

export async function saveSelectedGroups(selectedGroups: string[]): Promise<void> {
  await mutate<UserConfig>(
    userConfigKey,
    () => api<UserConfig>(routes.updateUserConfig, { body: { preferences: { selectedGroups } } }),
    {
      optimisticData: (current) =>
        (current
          ? { ...current, preferences: { ...current.preferences, selectedGroups } }
          : current) as UserConfig,
      rollbackOnError: true,
      revalidate: false,
    },
  );
}
