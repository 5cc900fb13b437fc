/** POST /group/member/invitation/resend {group, email} — a new link; only for pending and expired invitations. */
import * as routes from '@tandem/shared/api/route-defs';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function resendInvitation(input: { group: string; email: string }): Promise<void> {
  await api<unknown>(routes.resendInvitation, { body: input });
  await revalidateAfter('member');
}
