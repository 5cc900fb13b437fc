/** Members, roles, invitations and limits of groups. */
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import {
  addMember,
  groupOf,
  invitationKey,
  memberIdOf,
  newGroup,
  person,
  publicApi,
  stack,
} from './support.ts';

const { InvitationEntity } = await import('../../src/db/entities/invitation.ts');
const { GroupEntity } = await import('../../src/db/entities/group.ts');

/** Moves an invitation's expiry into the past, on the invitation and its roster entry, as time would. */
async function expire(key: string, groupId: string) {
  const keyHash = createHash('sha256').update(key).digest('hex');
  const past = new Date(Date.now() - 1000).toISOString();
  await InvitationEntity.patch({ keyHash }).set({ expiresAt: past }).go();
  const g = (await GroupEntity.get({ groupId }).go()).data!;
  const members = Object.fromEntries(
    Object.entries(g.members).map(([id, m]) => [id, m.keyHash === keyHash ? { ...m, expiresAt: past } : m]),
  );
  await GroupEntity.patch({ groupId }).set({ members }).go();
}
const { setSubscription } = await import('../../src/core/user/subscription-admin.ts');

const mailsTo = async (to: string) =>
  (await (await fetch(`${stack.url}/_local/mail.json?to=${encodeURIComponent(to)}`)).json()) as unknown[];

describe('invitations', () => {
  it("stores and e-mails an invitation to 'Bob@Example.COM' as bob@example.com; the link shows it and accepts once", async () => {
    const ann = await person('Ann');
    const bobEmail = `Bob.${randomBytes(4).toString('hex')}@Example.COM`;
    const bob = await person('Bob', bobEmail.toLowerCase());
    const g = await newGroup(ann.api, 'Choir');
    const since = new Date();
    const r = await ann.api.post('/group/member/invitation', { group: g.id, email: bobEmail, role: 5 });
    expect(r.status).toBe(201);
    const entry = r.body.group_members.find((m: { email: string }) => m.email === bob.email);
    expect(entry).toMatchObject({
      email: bobEmail.toLowerCase(),
      role: 5,
      invitation_status: 'pending',
      user: null,
    });

    const mail = await waitForMail(stack.url, { to: bob.email, subjectIncludes: 'invited you', since });
    expect(mail.to).toEqual([bobEmail.toLowerCase()]);
    expect(mail.subject).toContain('"Choir"');
    const key = await invitationKey(bob.email, since);

    const shown = await publicApi().get(`/group/member/invitation/request?key=${key}`);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      email: bob.email,
      role: 5,
      status: 'pending',
      group: { id: g.id, title: 'Choir' },
      inviter: { email: ann.email },
    });

    const accepted = await publicApi().post('/group/member/invitation/request', { key, action: 1 });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'accepted', has_account: true });
    expect((await groupOf(bob.api, g.id)).role).toBe(5);

    const again = await publicApi().post('/group/member/invitation/request', { key, action: 1 });
    expect(again.status).toBe(409);
    expect(again.body.fallback_message).toBe('This invitation has already been answered.');
    expect((await publicApi().post('/group/member/invitation/request', { key, action: 0 })).status).toBe(409);
    expect((await groupOf(bob.api, g.id)).role).toBe(5);
  });

  it('refuses an expired key and an unknown key, changing nothing', async () => {
    const ann = await person('Ann');
    const cat = await person('Cat');
    const g = await newGroup(ann.api);
    const since = new Date();
    await ann.api.post('/group/member/invitation', { group: g.id, email: cat.email, role: 5 });
    const key = await invitationKey(cat.email, since);
    await expire(key, g.id);

    const shown = await publicApi().get(`/group/member/invitation/request?key=${key}`);
    expect(shown.status).toBe(410);
    expect(shown.body.fallback_message).toMatch(/expired/);
    expect((await publicApi().post('/group/member/invitation/request', { key, action: 1 })).status).toBe(410);
    expect(await groupOf(cat.api, g.id)).toBeUndefined();
    const entry = (await groupOf(ann.api, g.id)).group_members.find(
      (m: { email: string }) => m.email === cat.email,
    );
    expect(entry.invitation_status).toBe('expired');

    const unknown = await publicApi().post('/group/member/invitation/request', {
      key: randomBytes(32).toString('base64url'),
      action: 1,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.fallback_message).toMatch(/not valid/);
  });

  it('an expired invitation can be sent again with a new link; an accepted one cannot', async () => {
    const ann = await person('Ann');
    const cat = await person('Cat');
    const g = await newGroup(ann.api);
    let since = new Date();
    await ann.api.post('/group/member/invitation', { group: g.id, email: cat.email, role: 5 });
    const oldKey = await invitationKey(cat.email, since);
    await expire(oldKey, g.id);
    since = new Date();
    const resent = await ann.api.post('/group/member/invitation/resend', { group: g.id, email: cat.email });
    expect(resent.status).toBe(200);
    const newKey = await invitationKey(cat.email, since);
    expect(newKey).not.toBe(oldKey);
    expect((await publicApi().get(`/group/member/invitation/request?key=${oldKey}`)).status).toBe(404);
    expect(
      (await publicApi().post('/group/member/invitation/request', { key: newKey, action: 1 })).status,
    ).toBe(200);
    const again = await ann.api.post('/group/member/invitation/resend', { group: g.id, email: cat.email });
    expect(again.status).toBe(400);
  });

  it('an invitation accepted before sign-up becomes membership when that person signs up', async () => {
    const ann = await person('Ann');
    const g = await newGroup(ann.api, 'Book club');
    const email = `newcomer-${randomBytes(4).toString('hex')}@example.com`;
    const since = new Date();
    await ann.api.post('/group/member/invitation', { group: g.id, email, role: 6 });
    const key = await invitationKey(email, since);
    const a = await publicApi().post('/group/member/invitation/request', { key, action: 1 });
    expect(a.body).toMatchObject({ status: 'accepted', has_account: false, email });

    const newcomer = await person('Nia', email);
    const joined = await groupOf(newcomer.api, g.id);
    expect(joined).toMatchObject({ title: 'Book club', role: 6 });
    const entry = (await groupOf(ann.api, g.id)).group_members.find(
      (m: { email: string }) => m.email === email,
    );
    expect(entry).toMatchObject({ user: newcomer.userId, invitation_status: 'accepted' });
  });

  it('a declined invitation is refused and counts for the pending badge', async () => {
    const ann = await person('Ann');
    const dan = await person('Dan');
    const g = await newGroup(ann.api);
    const since = new Date();
    await ann.api.post('/group/member/invitation', { group: g.id, email: dan.email, role: 5 });
    const key = await invitationKey(dan.email, since);
    const r = await publicApi().post('/group/member/invitation/request', { key, action: 0 });
    expect(r.body.status).toBe('refused');
    expect(await groupOf(dan.api, g.id)).toBeUndefined();
    const entry = (await groupOf(ann.api, g.id)).group_members.find(
      (m: { email: string }) => m.email === dan.email,
    );
    expect(entry.invitation_status).toBe('refused');
  });

  it('re-adding an e-mail replaces its role without a second invitation', async () => {
    const ann = await person('Ann');
    const email = `re-${randomBytes(4).toString('hex')}@example.com`;
    const g = await newGroup(ann.api);
    await ann.api.post('/group/member/invitation', { group: g.id, email, role: 5 });
    await waitForMail(stack.url, { to: email, subjectIncludes: 'invited you' });
    const r = await ann.api.post('/group/member/invitation', {
      group: g.id,
      email: email.toUpperCase(),
      role: 6,
    });
    expect(r.status).toBe(201);
    const entries = r.body.group_members.filter((m: { email: string }) => m.email === email);
    expect(entries).toHaveLength(1);
    expect(entries[0].role).toBe(6);
    expect(await mailsTo(email)).toHaveLength(1);
  });

  it('needs both an e-mail and a role, and refuses an e-mail that is not one', async () => {
    const ann = await person('Ann');
    const g = await newGroup(ann.api);
    expect(
      (await ann.api.post('/group/member/invitation', { group: g.id, role: 5 })).body.errors,
    ).toHaveProperty('email');
    expect(
      (await ann.api.post('/group/member/invitation', { group: g.id, email: 'x@y.co' })).body.errors,
    ).toHaveProperty('role');
    expect(
      (await ann.api.post('/group/member/invitation', { group: g.id, email: 'not-mail', role: 5 })).status,
    ).toBe(400);
    expect((await groupOf(ann.api, g.id)).group_members).toHaveLength(1);
  });

  it('cancels an open invitation, after which its link no longer works', async () => {
    const ann = await person('Ann');
    const email = `cancel-${randomBytes(4).toString('hex')}@example.com`;
    const g = await newGroup(ann.api);
    const since = new Date();
    await ann.api.post('/group/member/invitation', { group: g.id, email, role: 5 });
    const key = await invitationKey(email, since);
    const r = await ann.api.delete(
      `/group/member/invitation?email=${encodeURIComponent(email)}&group=${g.id}`,
    );
    expect(r.status).toBe(200);
    expect(r.body.cancelled).toBe(1);
    expect((await publicApi().get(`/group/member/invitation/request?key=${key}`)).status).toBe(404);
    expect((await groupOf(ann.api, g.id)).group_members).toHaveLength(1);
  });
});

describe('roles', () => {
  it('an admin cannot grant superadmin or admin without manageAdmins; a superadmin can', async () => {
    const ann = await person('Ann');
    const adam = await person('Adam');
    const sue = await person('Sue');
    const eve = await person('Eve');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, adam, 3);
    await addMember(ann.api, g.id, sue, 2);
    await addMember(ann.api, g.id, eve, 5);
    const eveId = memberIdOf(await groupOf(ann.api, g.id), eve.email);

    for (const role of [2, 3]) {
      const r = await adam.api.patch(`/group/member/${eveId}`, { role });
      expect(r.status).toBe(403);
      expect(r.body.errors).toHaveProperty('role');
      const invite = await adam.api.post('/group/member/invitation', {
        group: g.id,
        email: 'x@example.com',
        role,
      });
      expect(invite.status).toBe(403);
    }
    expect((await adam.api.patch(`/group/member/${eveId}`, { role: 6 })).status).toBe(200);
    expect((await sue.api.patch(`/group/member/${eveId}`, { role: 3 })).status).toBe(200);
    expect((await groupOf(eve.api, g.id)).role).toBe(3);
    const annId = memberIdOf(await groupOf(ann.api, g.id), ann.email);
    expect((await adam.api.patch(`/group/member/${annId}`, { role: 5 })).status).toBe(403);
  });

  it('a group always keeps at least one creator', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 2);
    const annId = memberIdOf(await groupOf(ann.api, g.id), ann.email);
    const demote = await ann.api.patch(`/group/member/${annId}`, { role: 2 });
    expect(demote.status).toBe(400);
    expect(demote.body.fallback_message).toBe('A group always keeps at least one creator.');
    expect((await ann.api.delete(`/group/member/${annId}`)).status).toBe(400);
    expect((await bob.api.delete(`/group/member/${annId}`)).status).toBe(400);
    expect((await groupOf(ann.api, g.id)).role).toBe(1);
  });

  it('any member may leave; the role table is served as the server enforces it', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 4);
    const bobId = memberIdOf(await groupOf(ann.api, g.id), bob.email);
    expect((await bob.api.delete(`/group/member/${bobId}`)).status).toBe(204);
    expect(await groupOf(bob.api, g.id)).toBeUndefined();

    const table = await bob.api.get('/task/role/permission');
    expect(table.status).toBe(200);
    const byRole = Object.fromEntries(table.body.results.map((r: { role: number }) => [r.role, r]));
    expect(byRole[1].permissions).toContain('group.deleteGroup');
    expect(byRole[3].permissions).not.toContain('groupMember.manageAdmins');
    expect(byRole[4].permissions).toEqual(['task.readTask', 'task.enableChat']);
    expect(byRole[3].grantable).toEqual([6, 5, 4]);
  });
});

describe('who may see and change what', () => {
  it('a non-member gets 404 on every group route', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const mal = await person('Mal');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const bobId = memberIdOf(await groupOf(ann.api, g.id), bob.email);
    const calls: Array<[string, () => Promise<{ status: number }>]> = [
      ['PATCH group', () => mal.api.patch(`/user/group/${g.id}`, { title: 'Mine' })],
      ['archive group', () => mal.api.patch(`/user/group/${g.id}`, { status: 2 })],
      ['DELETE group', () => mal.api.delete(`/user/group/${g.id}`)],
      ['order', () => mal.api.put('/group/order', { group_id: g.id, next_index: 0 })],
      [
        'invite',
        () => mal.api.post('/group/member/invitation', { group: g.id, email: 'x@example.com', role: 5 }),
      ],
      [
        'cancel',
        () => mal.api.delete(`/group/member/invitation?email=${encodeURIComponent(bob.email)}&group=${g.id}`),
      ],
      ['resend', () => mal.api.post('/group/member/invitation/resend', { group: g.id, email: bob.email })],
      ['PATCH member', () => mal.api.patch(`/group/member/${bobId}`, { role: 6 })],
      ['DELETE member', () => mal.api.delete(`/group/member/${bobId}`)],
      [
        'limits of group',
        () => mal.api.get(`/user/subscription/limit?event=ownedGroupMemberAmount&target=${g.id}`),
      ],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(404);
    expect(await groupOf(mal.api, g.id)).toBeUndefined();
    expect((await mal.api.post('/user/group/category', { title: 'Spy', groups: [g.id] })).status).toBe(400);
    expect((await groupOf(ann.api, g.id)).group_members).toHaveLength(2);
  });

  it('a viewer is refused on every write to the group and its members', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const bob = await person('Bob');
    const g = await newGroup(ann.api, 'Steady');
    await addMember(ann.api, g.id, vic, 4);
    await addMember(ann.api, g.id, bob, 5);
    await ann.api.post('/group/member/invitation', { group: g.id, email: 'open@example.com', role: 5 });
    const before = await groupOf(ann.api, g.id);
    const bobId = memberIdOf(before, bob.email);
    const calls: Array<[string, () => Promise<{ status: number }>]> = [
      ['title', () => vic.api.patch(`/user/group/${g.id}`, { title: 'Mine' })],
      ['description', () => vic.api.patch(`/user/group/${g.id}`, { description: 'x' })],
      ['metadata', () => vic.api.patch(`/user/group/${g.id}`, { metadata: { color: '#000' } })],
      ['delete', () => vic.api.delete(`/user/group/${g.id}`)],
      [
        'invite',
        () => vic.api.post('/group/member/invitation', { group: g.id, email: 'x@example.com', role: 4 }),
      ],
      ['cancel', () => vic.api.delete(`/group/member/invitation?email=open%40example.com&group=${g.id}`)],
      [
        'resend',
        () => vic.api.post('/group/member/invitation/resend', { group: g.id, email: 'open@example.com' }),
      ],
      ['role of another', () => vic.api.patch(`/group/member/${bobId}`, { role: 4 })],
      ['status of another', () => vic.api.patch(`/group/member/${bobId}`, { status: 2 })],
      ['remove another', () => vic.api.delete(`/group/member/${bobId}`)],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(403);
    const after = await groupOf(ann.api, g.id);
    expect(after.title).toBe('Steady');
    expect(after.group_members).toEqual(before.group_members);
  });
});

describe('subscription limits', () => {
  it('refuses the next group once the ownedGroup limit is reached, and says so', async () => {
    const ann = await person('Ann');
    await setSubscription(ann.email, 'free_license', 'active');
    expect((await ann.api.post('/user/group', { title: 'Second' })).status).toBe(201);
    const r = await ann.api.post('/user/group', { title: 'Third' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('subscription.limit-reached');
    expect(r.body.detail).toMatchObject({
      current_status: 'met',
      event: 'ownedGroup',
      limit: 2,
      current_count: 2,
    });
    expect((await ann.api.get('/group/member')).body.count).toBe(2);

    const limits = await ann.api.get('/user/subscription/limit?event=ownedGroup,groupMembership');
    expect(limits.body).toMatchObject({ status: 'met', package: 'free_license' });
    expect(limits.body.results[0]).toMatchObject({
      event: 'ownedGroup',
      limit: 2,
      current_count: 2,
      status: 'met',
      has_access: true,
    });
    expect(limits.body.results[1]).toMatchObject({ event: 'groupMembership', status: 'ok' });
  });

  it('archiving frees a place among active groups; restoring needs one', async () => {
    const ann = await person('Ann');
    await setSubscription(ann.email, 'free_license', 'active');
    const second = await newGroup(ann.api, 'Second');
    expect((await ann.api.patch(`/user/group/${second.id}`, { status: 2 })).status).toBe(200);
    const third = await newGroup(ann.api, 'Third');
    const restore = await ann.api.patch(`/user/group/${second.id}`, { status: 1 });
    expect(restore.status).toBe(400);
    expect(restore.body.detail.event).toBe('ownedGroup');
    expect((await groupOf(ann.api, second.id)).status).toBe(2);
    expect(third.id).toBeTruthy();
  });

  it("refuses an invitation past the owner's member limit", async () => {
    const ann = await person('Ann');
    await setSubscription(ann.email, 'free_license', 'active');
    const g = await newGroup(ann.api);
    for (const n of [1, 2]) {
      expect(
        (
          await ann.api.post('/group/member/invitation', {
            group: g.id,
            email: `m${n}-${g.id}@example.com`,
            role: 5,
          })
        ).status,
      ).toBe(201);
    }
    const r = await ann.api.post('/group/member/invitation', {
      group: g.id,
      email: `m3-${g.id}@example.com`,
      role: 5,
    });
    expect(r.status).toBe(400);
    expect(r.body.detail).toMatchObject({ event: 'ownedGroupMemberAmount', limit: 3 });
    const view = await groupOf(ann.api, g.id);
    expect(view).toMatchObject({ member_count: 3, member_limit: 3 });
  });

  it('a feature the plan does not include reads ok while unused, with no access', async () => {
    const ann = await person('Ann');
    await setSubscription(ann.email, 'standard_license', 'active');
    const r = await ann.api.get('/user/subscription/limit?event=totalCurriculums,ownedGroup');
    expect(r.body.results[0]).toMatchObject({
      event: 'totalCurriculums',
      limit: 0,
      has_access: false,
      status: 'ok',
    });
    expect(r.body.status).toBe('ok');
  });

  it('rejects unknown limit events', async () => {
    const ann = await person('Ann');
    expect((await ann.api.get('/user/subscription/limit?event=ownedGroup,flyingCars')).status).toBe(400);
    expect((await ann.api.get('/user/subscription/limit')).status).toBe(400);
  });
});
