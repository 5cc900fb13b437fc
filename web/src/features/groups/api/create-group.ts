/** POST /user/group — title, description, metadata {color, icon}; the caller becomes its creator. */
import * as routes from '@tandem/shared/api/route-defs';
import type { CreateGroupInput } from '@tandem/shared/groups/group';
import type { GroupView } from '@tandem/shared/groups/views';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function createGroup(input: CreateGroupInput): Promise<GroupView> {
  const group = await api<GroupView>(routes.createGroup, { body: input });
  await revalidateAfter('group');
  return group;
}
