/** DELETE /group/member/invitation?email=&group= — withdraws an invitation not yet accepted. */
import * as routes from '@tandem/shared/api/route-defs';
import { api } from '../../../lib/api.ts';
import { revalidateAfter } from '../../../lib/revalidate.ts';

export async function cancelInvitation(input: { group: string; email: string }): Promise<void> {
  await api<unknown>(routes.cancelInvitation, { query: input });
  await revalidateAfter('member');
}
