/** PATCH /group/member/{id} — a member's role, or their membership status (1 active, 2 archived). */
import * as routes from '@tandem/shared/api/route-defs';
import type { RoleId } from '@tandem/shared/groups/roles';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function updateMember(id: string, input: { role: RoleId } | { status: 1 | 2 }): Promise<void> {
  await api<unknown>(routes.updateMember, { params: { id }, body: input });
  await revalidateAfter('member');
}
