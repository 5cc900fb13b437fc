/** DELETE /user/group/{id} — the group, its tasks and every member's access. */
import { routes } from '@tandem/shared/api/routes';
import { mutate } from 'swr';
import { api } from '../../../lib/api.ts';
import { userConfigKey } from '../../../lib/user/get-user-config.ts';
import { revalidateGroups } from './list-groups.ts';

export async function deleteGroup(id: string): Promise<void> {
  await api<unknown>(routes.deleteGroup, { params: { id } });
  // The default group and the header's selection may have named it.
  await Promise.all([revalidateGroups(), mutate(userConfigKey)]);
}
