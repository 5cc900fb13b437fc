/** PATCH /user/group/{id} — title, description, metadata and status (1 active, 2 archived). */
import * as routes from '@tandem/shared/api/route-defs';
import type { UpdateGroupInput } from '@tandem/shared/groups/group';
import type { GroupView } from '@tandem/shared/groups/views';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function updateGroup(id: string, input: UpdateGroupInput): Promise<GroupView> {
  const group = await api<GroupView>(routes.updateGroup, { params: { id }, body: input });
  await revalidateAfter('group');
  return group;
}

/**
 * Archive (2) or restore (1). With group.status this changes the group for everyone; without it the
 * server changes only the caller's membership.
 */
export const setGroupStatus = (id: string, status: 1 | 2) => updateGroup(id, { status });
