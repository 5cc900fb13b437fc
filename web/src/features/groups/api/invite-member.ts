/** POST /group/member/invitation {group, email, role} — invites by e-mail (lowercased); a repeat replaces the role. */
import * as routes from '@tandem/shared/api/route-defs';
import { normaliseEmail } from '@tandem/shared/groups/invitations';
import type { RoleId } from '@tandem/shared/groups/roles';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function inviteMember(input: { group: string; email: string; role: RoleId }): Promise<void> {
  await api<unknown>(routes.inviteMember, { body: { ...input, email: normaliseEmail(input.email) } });
  await revalidateAfter('member');
}
