/**
 * Seeds, through the domain functions, one user in `groups` groups of `members` members each: the
 * user owns the groups and invites the others, who accept from the e-mailed link as people would.
 */
import { randomUUID } from 'node:crypto';
import type { MailStore } from '../local/mail/mail-store.ts';

export async function seedGroups(
  mail: MailStore,
  owner: { userId: string; email: string },
  groups: number,
  members: number,
) {
  const { ensureUser } = await import('@tandem/functions/core/user/user');
  const { createGroup } = await import('@tandem/functions/core/groups/groups');
  const { inviteMember } = await import('@tandem/functions/core/groups/members');
  const { answerInvitation } = await import('@tandem/functions/core/groups/invitations');
  const { setSubscription } = await import('@tandem/functions/core/user/subscription-admin');

  await setSubscription(owner.email, 'teams_license', 'active');
  const actor = { userId: owner.userId, username: owner.userId };
  const others = [];
  for (let i = 0; i < members - 1; i++) {
    const userId = `bench-${randomUUID()}`;
    const email = `${userId}@example.com`;
    await ensureUser(userId, { email, firstName: `Member ${i + 1}` });
    others.push(email);
  }
  const since = new Date();
  for (let g = 0; g < groups - 1; g++) {
    const group = await createGroup(actor, {
      title: `Team ${g + 1}`,
      description: '',
      metadata: { color: '#2F80ED', icon: 'users' },
    });
    for (const email of others) await inviteMember(actor, { group: group.id, email, role: 5 });
  }
  // Every invitation mail carries its key; each member accepts each one.
  const mails = await mail.list({ since }, 100_000);
  for (const m of mails) {
    const key = /accept-invite\?key=([A-Za-z0-9_-]+)/.exec(m.text)?.[1];
    if (key) await answerInvitation(key, true);
  }
}
