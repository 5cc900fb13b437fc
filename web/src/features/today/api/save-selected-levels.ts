/**
 * PATCH /user/config/ {preferences: {selected_levels}} — the Today level filter, kept with the user so
 * it follows them to another device. Optimistic: the filter applies at once and goes back if refused.
 */
import * as routes from '@tandem/shared/api/route-defs';
import type { UserConfig } from '@tandem/shared/user/config';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { userConfigKey } from '../../../lib/user/get-user-config.ts';

export async function saveSelectedLevels(selectedLevels: number[]): Promise<void> {
  await mutate<UserConfig>(
    userConfigKey,
    () => api<UserConfig>(routes.updateUserConfig, { body: { preferences: { selectedLevels } } }),
    {
      optimisticData: (current) =>
        (current
          ? { ...current, preferences: { ...current.preferences, selectedLevels } }
          : current) as UserConfig,
      rollbackOnError: true,
      revalidate: false,
    },
  );
}
