/** Helpers for integration tests of group features: users with clients, invitations read from mail. */
import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { apiClient, createUser, type StackEnv } from '../../../scripts/src/testing/users.ts';

export const stack = inject('stack');
export const env = stack.env as StackEnv;
export type Api = ReturnType<typeof apiClient>;

export async function person(firstName: string, email?: string) {
  const user = await createUser(env, {
    firstName,
    lastName: 'Test',
    email: email ?? `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`,
  });
  return { ...user, api: apiClient(stack.url, user.accessToken) };
}

export const publicApi = () => apiClient(stack.url);

/** The invitation key from the newest invitation mail to `email`. */
export async function invitationKey(email: string, since: Date): Promise<string> {
  const mail = await waitForMail(stack.url, { to: email, subjectIncludes: 'invited you', since });
  const key = /accept-invite\?key=([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
  if (!key) throw new Error(`No invitation link in the mail to ${email}`);
  return key;
}

export async function newGroup(api: Api, title = `Group ${randomUUID().slice(0, 6)}`, extra: object = {}) {
  const r = await api.post('/user/group', { title, ...extra });
  if (r.status !== 201) throw new Error(`create group answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body as {
    id: string;
    group_members: Array<{ id: string; email: string; role: number; invitation_status: string }>;
  };
}

/** Invites `member` into the group with `role` and has them accept from the e-mailed link. */
export async function addMember(owner: Api, groupId: string, member: { email: string }, role: number) {
  const since = new Date();
  const r = await owner.post('/group/member/invitation', { group: groupId, email: member.email, role });
  if (r.status !== 201) throw new Error(`invite answered ${r.status}: ${JSON.stringify(r.body)}`);
  const key = await invitationKey(member.email, since);
  const a = await publicApi().post('/group/member/invitation/request', { key, action: 1 });
  if (a.status !== 200) throw new Error(`accept answered ${a.status}: ${JSON.stringify(a.body)}`);
  return key;
}

export async function groupOf(api: Api, groupId: string) {
  const r = await api.get('/group/member');
  return r.body.results.find((g: { id: string }) => g.id === groupId);
}

export const memberIdOf = (group: { group_members: Array<{ id: string; email: string }> }, email: string) =>
  group.group_members.find((m) => m.email === email)!.id;

/** The id of the person's Private group. */
export async function privateGroup(api: Api): Promise<string> {
  return (await api.get('/group/member')).body.results.find((g: { is_private: boolean }) => g.is_private)
    .id as string;
}

/** Creates a task (POST /task) and answers it; anything but 201 throws. */
export async function task(api: Api, body: Record<string, unknown>) {
  const r = await api.post('/task', body);
  if (r.status !== 201) throw new Error(`create task answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.results[0];
}
