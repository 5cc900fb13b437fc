/** PATCH /user/config/ — only the settings that changed. */
import * as routes from '@tandem/shared/api/route-defs';
import type { UpdateUserConfigInput, UserConfig } from '@tandem/shared/user/config';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { userConfigKey } from '../../../lib/user/get-user-config.ts';

export async function updateUserConfig(input: UpdateUserConfigInput): Promise<UserConfig> {
  const config = await api<UserConfig>(routes.updateUserConfig, { body: input });
  // Show the answer at once, then read the settings again as the server presents them.
  await mutate(userConfigKey, config);
  return config;
}
