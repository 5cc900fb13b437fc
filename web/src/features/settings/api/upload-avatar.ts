/** POST /user/avatar/ — the cropped square as multipart; the settings (and header) show it at once. */
import * as routes from '@tandem/shared/api/route-defs';
import type { UserConfig } from '@tandem/shared/user/config';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { userConfigKey } from '../../../lib/user/get-user-config.ts';

export async function uploadAvatar(image: Blob): Promise<NonNullable<UserConfig['avatar']>> {
  const form = new FormData();
  form.append('avatar', image, 'avatar.png');
  const avatar = await api<NonNullable<UserConfig['avatar']>>(routes.createAvatar, { body: form });
  await mutate(userConfigKey);
  return avatar;
}
