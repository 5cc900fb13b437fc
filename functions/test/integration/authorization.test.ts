/**
 * Authorization gaps (issue 9, finding 4): each one reproduced as it was found, then refused with
 * nothing written.
 */
import { describe, expect, it } from 'vitest';
import { findMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import {
  addMember,
  groupOf,
  invitationKey,
  memberIdOf,
  newGroup,
  person,
  privateGroup,
  publicApi,
  stack,
  task,
} from './support.ts';

describe('deleting a tree', () => {
  it('needs delete permission on every task of the tree: a viewer of a sub-task cannot delete it with its parent, and nothing is deleted', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const parent = await task(ann.api, {
      title: 'Quarterly report',
      group: g.id,
      children: [{ title: 'Figures' }],
    });
    const child = parent.children[0];
    // Vic edits the parent (a role given on it) but only views its sub-task (his group role).
    const given = await ann.api.post('/user/task/role', { task: parent.id, user: vic.userId, role: 6 });
    expect(given.status).toBe(201);
    expect((await vic.api.get(`/task/${parent.id}`)).body.role).toBe(6);
    expect((await vic.api.get(`/task/${child.id}`)).body.role).toBe(4);
    // A task of his own in the same call must not go either.
    const own = await task(vic.api, { title: 'Mine', group: await privateGroup(vic.api) });

    const r = await vic.api.delete('/task', { tasks: [own.id, parent.id], with_children: true });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: expect.any(String), detail: expect.any(String) });
    expect((await ann.api.get(`/task/${parent.id}`)).status).toBe(200);
    expect((await ann.api.get(`/task/${child.id}`)).status).toBe(200);
    expect((await ann.api.get(`/task/${parent.id}`)).body.child_count).toBe(1);
    expect((await vic.api.get(`/task/${own.id}`)).status).toBe(200);

    // With delete permission on the whole tree, the same call goes through.
    const promoted = await ann.api.patch(
      `/group/member/${memberIdOf(await groupOf(ann.api, g.id), vic.email)}`,
      {
        role: 6,
      },
    );
    expect(promoted.status).toBe(200);
    const ok = await vic.api.delete('/task', { tasks: [own.id, parent.id], with_children: true });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await ann.api.get(`/task/${child.id}`)).status).toBe(404);
  });
});

describe('restructuring', () => {
  it('a new child needs addChildren on its new parent: a viewer cannot hang a task under a read-only task', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const readOnly = await task(ann.api, { title: 'Budget', group: g.id });
    const mine = await task(vic.api, { title: 'My note', group: await privateGroup(vic.api) });

    const r = await vic.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: mine.id, level: mine.level.id, parent: readOnly.id }],
    });
    expect(r.status).toBe(403);
    expect(r.body.errors).toHaveProperty(['tasks.0.parent']);
    expect((await vic.api.get(`/task/${mine.id}`)).body.parent).toBeNull();
    expect((await ann.api.get(`/task/${readOnly.id}`)).body.child_count).toBe(0);

    // An editor of the parent may.
    const ed = await person('Ed');
    await addMember(ann.api, g.id, ed, 6);
    const edTask = await task(ed.api, { title: 'Ed note', group: await privateGroup(ed.api) });
    const ok = await ed.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: edTask.id, level: edTask.level.id, parent: readOnly.id }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await ann.api.get(`/task/${readOnly.id}`)).body.child_count).toBe(1);
  });
});

describe('concurrent invitations', () => {
  it('20 invitations of one e-mail to one group at once make one invitation and one e-mail', async () => {
    const ann = await person('Ann');
    const g = await newGroup(ann.api);
    const email = `twenty-${Date.now()}@example.com`;
    const since = new Date();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        ann.api.post('/group/member/invitation', { group: g.id, email, role: 5 }),
      ),
    );
    for (const a of answers) expect([201, 409], JSON.stringify(a.body)).toContain(a.status);
    const created = answers.filter((a) => a.status === 201);
    expect(created.length).toBeGreaterThan(0);
    // Every 201 shows the one invitation.
    const ids = new Set(
      created.map((a) => a.body.group_members.find((m: { email: string }) => m.email === email)?.id),
    );
    expect(ids.size).toBe(1);
    const roster = (await groupOf(ann.api, g.id)).group_members.filter(
      (m: { email: string }) => m.email === email,
    );
    expect(roster).toHaveLength(1);
    // One e-mail, and its link works.
    const key = await invitationKey(email, since);
    const mails = await findMail(stack.url, { to: email, subjectIncludes: 'invited you', since });
    expect(mails).toHaveLength(1);
    const accept = await publicApi().post('/group/member/invitation/request', { key, action: 1 });
    expect(accept.status, JSON.stringify(accept.body)).toBe(200);
  });
});
