/** DELETE /group/member/invitation?email=&group= — withdraws an invitation not yet accepted. */
import { routes } from '@tandem/shared/api/routes';
import { api } from '../../../lib/api.ts';
import { revalidateGroups } from './list-groups.ts';

export async function cancelInvitation(input: { group: string; email: string }): Promise<void> {
  await api<unknown>(routes.cancelInvitation, { query: input });
  await revalidateGroups();
}
