/** DELETE /group/member/{id} — takes a member out of the group. */
import { routes } from '@tandem/shared/api/routes';
import { api } from '../../../lib/api.ts';
import { revalidateGroups } from './list-groups.ts';

export async function removeMember(id: string): Promise<void> {
  await api<unknown>(routes.removeMember, { params: { id } });
  await revalidateGroups();
}
