/** DELETE /group/member/{id} — takes a member out of the group. */
import * as routes from '@tandem/shared/api/route-defs';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function removeMember(id: string): Promise<void> {
  await api<unknown>(routes.removeMember, { params: { id } });
  await revalidateAfter('member');
}
