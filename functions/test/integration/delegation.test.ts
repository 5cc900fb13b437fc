/** Delegation by invitation: invite by e-mail, answer from the link or from Pending, the Delegated list. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { type Api, addMember, newGroup, person, publicApi, stack } from './support.ts';

async function delegationKey(email: string, since: Date) {
  const mail = await waitForMail(stack.url, { to: email, subjectIncludes: 'asked you to take on', since });
  return /accept-delegate-invite\?key=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
}

async function ownTask(api: Api, title: string, group?: string) {
  const g =
    group ??
    (await api.get('/group/member')).body.results.find((x: { is_private: boolean }) => x.is_private).id;
  const r = await api.post('/task', { title, group: g });
  return r.body.results[0] as { id: string };
}

describe('delegation by invitation', () => {
  it('an invitation accepted without signing in makes the invitee an assignee, on their Today list', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const t = await ownTask(ann.api, 'Fix the fence');
    const since = new Date();
    const r = await ann.api.put('/task/delegation/invitation', {
      task: t.id,
      email: bob.email.toUpperCase(),
      role: 6,
    });
    expect(r.status).toBe(200);
    expect((await ann.api.get(`/task/${t.id}`)).body.pending_assignees).toEqual([
      expect.objectContaining({ email: bob.email, role: 6, status: 'pending' }),
    ]);
    const key = await delegationKey(bob.email, since);

    const shown = await publicApi().get(`/task/delegation/invitation/request?key=${key}`);
    expect(shown.body).toMatchObject({
      email: bob.email,
      role: 6,
      task: { id: t.id, title: 'Fix the fence' },
      inviter: { email: ann.email },
    });
    const a = await publicApi().post('/task/delegation/invitation/request', {
      key,
      action: 1,
      user_timezone: 'Europe/Paris',
    });
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ status: 'accepted', has_account: true });
    expect((await publicApi().post('/task/delegation/invitation/request', { key, action: 1 })).status).toBe(
      409,
    );

    const today = (await bob.api.get('/task?priority_group=0')).body.results;
    expect(today.map((x: { id: string }) => x.id)).toEqual([t.id]);
    const seen = await bob.api.get(`/task/${t.id}`);
    expect(seen.body.task_assignees.map((x: { user: string }) => x.user)).toContain(bob.userId);
    expect(seen.body.permissions).toContain('task.title');
    expect(seen.body.pending_assignees).toEqual([]);

    const delegated = (await ann.api.get('/task/assigned')).body.results;
    expect(delegated.map((x: { id: string }) => x.id)).toEqual([t.id]);
  });

  it('the invitee accepts from Pending when signed in; accept-all answers each one', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const t1 = await ownTask(ann.api, 'One');
    const t2 = await ownTask(ann.api, 'Two');
    await ann.api.put('/task/delegation/invitation', { task: t1.id, email: bob.email });
    await ann.api.put('/task/delegation/invitation', { task: t2.id, email: bob.email });
    const pending = await bob.api.get('/task/pending');
    expect(pending.body.count).toBe(2);
    expect(pending.body.results[0]).toMatchObject({
      role: 5,
      status: 'pending',
      inviter: { email: ann.email },
    });
    const ids = pending.body.results.map((p: { id: string }) => p.id);

    const mal = await person('Mal');
    expect((await mal.api.post('/task/pending/answer', { invitations: ids, action: 1 })).status).toBe(404);

    const r = await bob.api.post('/task/pending/answer', { invitations: ids, action: 1 });
    expect(r.status).toBe(200);
    expect((await bob.api.get('/task/pending')).body.count).toBe(0);
    expect((await bob.api.get('/task?type=delegated_to_me')).body.count).toBe(2);
  });

  it('a declined invitation shows as refused and gives no access', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const t = await ownTask(ann.api, 'Maybe');
    const since = new Date();
    await ann.api.put('/task/delegation/invitation', { task: t.id, email: bob.email });
    const key = await delegationKey(bob.email, since);
    expect(
      (await publicApi().post('/task/delegation/invitation/request', { key, action: 0 })).body.status,
    ).toBe('refused');
    expect((await ann.api.get(`/task/${t.id}`)).body.pending_assignees).toEqual([
      expect.objectContaining({ status: 'refused' }),
    ]);
    expect((await bob.api.get(`/task/${t.id}`)).status).toBe(404);
  });

  it('someone without an account who accepts becomes the assignee at sign-up', async () => {
    const ann = await person('Ann');
    const t = await ownTask(ann.api, 'Paint the shed');
    const email = `helper-${randomBytes(4).toString('hex')}@example.com`;
    const since = new Date();
    await ann.api.put('/task/delegation/invitation', { task: t.id, email });
    const key = await delegationKey(email, since);
    expect(
      (await publicApi().post('/task/delegation/invitation/request', { key, action: 1 })).body,
    ).toMatchObject({
      status: 'accepted',
      has_account: false,
    });
    // Until they sign up, the delegator sees them as accepted and waiting.
    expect((await ann.api.get(`/task/${t.id}`)).body.pending_assignees).toEqual([
      expect.objectContaining({ email, status: 'accepted' }),
    ]);
    const newcomer = await person('Nia', email);
    expect((await ann.api.get(`/task/${t.id}`)).body.pending_assignees).toEqual([]);
    expect(
      (await newcomer.api.get('/task?priority_group=0')).body.results.map((x: { id: string }) => x.id),
    ).toEqual([t.id]);
  });

  it('the delegator sees an invitation expire, and withdraws it by its id', async () => {
    const ann = await person('Ann');
    const t = await ownTask(ann.api, 'Someday');
    const email = `late-${randomBytes(4).toString('hex')}@example.com`;
    await ann.api.put('/task/delegation/invitation', { task: t.id, email });
    const { TaskEntity } = await import('../../src/db/entities/task.ts');
    const item = (await TaskEntity.get({ taskId: t.id }).go()).data!;
    const pending = item.pending!;
    pending[email]!.expiresAt = new Date(Date.now() - 1000).toISOString();
    await TaskEntity.patch({ taskId: t.id }).set({ pending }).go();
    const [entry] = (await ann.api.get(`/task/${t.id}`)).body.pending_assignees;
    expect(entry).toMatchObject({ email, status: 'expired' });
    expect((await ann.api.delete(`/task/delegation/${entry.id}`)).status).toBe(204);
    expect((await ann.api.get(`/task/${t.id}`)).body.pending_assignees).toEqual([]);
  });

  it('a withdrawn invitation’s link stops working; a viewer may not invite; a stranger gets 404', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const t = await ownTask(ann.api, 'Team job', g.id);
    expect(
      (await vic.api.put('/task/delegation/invitation', { task: t.id, email: 'x@example.com' })).status,
    ).toBe(403);
    const mal = await person('Mal');
    expect(
      (await mal.api.put('/task/delegation/invitation', { task: t.id, email: 'x@example.com' })).status,
    ).toBe(404);

    const email = `w-${randomBytes(4).toString('hex')}@example.com`;
    const since = new Date();
    await ann.api.put('/task/delegation/invitation', { task: t.id, email });
    const key = await delegationKey(email, since);
    const pendingId = (await import('node:crypto')).createHash('sha256').update(key).digest('hex');
    expect((await mal.api.delete(`/task/delegation/${pendingId}`)).status).toBe(404);
    expect((await ann.api.delete(`/task/delegation/${pendingId}`)).status).toBe(204);
    expect((await publicApi().get(`/task/delegation/invitation/request?key=${key}`)).status).toBe(404);
  });
});

describe('changing assignees', () => {
  it('a new list of assignees gives newcomers the task at the top of their Today and takes it from leavers', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const cat = await person('Cat');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    await addMember(ann.api, g.id, cat, 5);
    const t = (
      await ann.api.post('/task', {
        title: 'Rota',
        group: g.id,
        task_assignees: [{ user: bob.userId, role: 5 }],
      })
    ).body.results[0];
    const r = await ann.api.patch(`/task/${t.id}`, {
      task_assignees: [
        { user: cat.userId, role: 6 },
        { user: ann.userId, role: 6 },
      ],
    });
    expect(r.status).toBe(200);
    expect(r.body.task_assignees.map((a: { user: string }) => a.user).sort()).toEqual(
      [ann.userId, cat.userId].sort(),
    );
    expect(
      (await cat.api.get('/task?priority_group=0')).body.results.map((x: { id: string }) => x.id),
    ).toEqual([t.id]);
    expect((await bob.api.get('/task?priority_group=0')).body.results).toEqual([]);
    expect((await ann.api.get('/task/assigned')).body.results.map((x: { id: string }) => x.id)).toEqual([
      t.id,
    ]);
    expect((await ann.api.patch(`/task/${t.id}`, { task_assignees: [] })).body.code).toBe(
      'task-form.assignees-required',
    );
    const standard = await cat.api.get(`/task/${t.id}`);
    expect(standard.body.permissions).toContain('task.taskAssignees');
    expect(
      (await bob.api.patch(`/task/${t.id}`, { task_assignees: [{ user: bob.userId, role: 6 }] })).status,
    ).toBe(403);
  });

  it('the answer takes the body of spec 002 §7 beside the key; a body naming another invitation is refused', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const t = await ownTask(ann.api, 'Paint the shed');
    const since = new Date();
    await ann.api.put('/task/delegation/invitation', { task: t.id, email: bob.email, role: 6 });
    const key = await delegationKey(bob.email, since);
    const body = {
      key,
      email: bob.email,
      invited_by: ann.email,
      task_id: t.id,
      action: 1,
      user_timezone: 'Europe/Berlin',
    };
    // Fields that do not match the invitation behind the key: 404, nothing answered.
    for (const wrong of [{ email: ann.email }, { invited_by: bob.email }, { task_id: 'another-task' }]) {
      const r = await publicApi().post('/task/delegation/invitation/request', { ...body, ...wrong });
      expect(r.status).toBe(404);
    }
    expect((await ann.api.get(`/task/${t.id}`)).body.pending_assignees).toEqual([
      expect.objectContaining({ email: bob.email, status: 'pending' }),
    ]);
    const a = await publicApi().post('/task/delegation/invitation/request', body);
    expect(a.status).toBe(200);
    expect(a.body).toMatchObject({ status: 'accepted', email: bob.email, task: { id: t.id } });
    // invited_by may name the inviter by id as well as by e-mail.
    const t2 = await ownTask(ann.api, 'Oil the hinges');
    const since2 = new Date();
    await ann.api.put('/task/delegation/invitation', { task: t2.id, email: bob.email, role: 6 });
    const key2 = await delegationKey(bob.email, since2);
    const b = await publicApi().post('/task/delegation/invitation/request', {
      ...body,
      key: key2,
      task_id: t2.id,
      invited_by: ann.userId,
      action: 0,
    });
    expect(b.status).toBe(200);
    expect(b.body.status).toBe('refused');
  });
});
