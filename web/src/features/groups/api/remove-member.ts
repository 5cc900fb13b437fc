/** DELETE /group/member/{id} — takes a member out of the group. */
import { routes } from '@tandem/shared/api/routes';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function removeMember(id: string): Promise<void> {
  await api<unknown>(routes.removeMember, { params: { id } });
  await revalidateAfter('member');
}
