/** DELETE /user/group/{id} — the group, its tasks and every member's access. */
import * as routes from '@tandem/shared/api/route-defs';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function deleteGroup(id: string): Promise<void> {
  await api<unknown>(routes.deleteGroup, { params: { id } });
  // Its tasks, the categories, the default group and the header's selection may have named it.
  await revalidateAfter('group');
}
