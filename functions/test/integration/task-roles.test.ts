/** Roles given on a task, a person's own titles, and the list of individual delegations. */
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person } from './support.ts';

async function task(api: Api, body: Record<string, unknown>) {
  const r = await api.post('/task', body);
  if (r.status !== 201) throw new Error(`create task answered ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body.results[0];
}

describe('task roles', () => {
  it('a role given on a task comes before the group role; managing roles needs manageRole', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const ed = await person('Ed');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    await addMember(ann.api, g.id, ed, 6);
    const t = await task(ann.api, { title: 'Write the agenda', group: g.id });
    expect((await vic.api.patch(`/task/${t.id}`, { title: 'x' })).status).toBe(403);

    expect((await ed.api.post('/user/task/role', { task: t.id, user: vic.userId, role: 6 })).status).toBe(
      403,
    );
    const given = await ann.api.post('/user/task/role', { task: t.id, user: vic.userId, role: 6 });
    expect(given.status).toBe(201);
    expect(given.body).toMatchObject({
      user: vic.userId,
      name: 'Vic Test',
      role: 6,
      role_title: 'editor',
      task: t.id,
    });
    expect((await vic.api.get(`/task/${t.id}`)).body.role).toBe(6);
    expect((await vic.api.patch(`/task/${t.id}`, { title: 'Agenda for Monday' })).status).toBe(200);

    const list = await vic.api.get(`/user/task/role?task=${t.id}`);
    expect(list.body.results).toHaveLength(1);
    expect((await ann.api.patch(`/user/task/role/${given.body.id}`, { role: 4 })).body.role).toBe(4);
    expect((await vic.api.patch(`/task/${t.id}`, { title: 'Back to me' })).status).toBe(403);
    expect((await ann.api.delete(`/user/task/role/${given.body.id}`)).status).toBe(204);
    expect((await vic.api.get(`/user/task/role?task=${t.id}`)).body.count).toBe(0);
  });

  it('never gives the creator role, nor roles to strangers', async () => {
    const ann = await person('Ann');
    const mal = await person('Mal');
    const g = await newGroup(ann.api);
    const t = await task(ann.api, { title: 'Mine', group: g.id });
    expect((await ann.api.post('/user/task/role', { task: t.id, user: mal.userId, role: 6 })).status).toBe(
      400,
    );
    expect((await ann.api.post('/user/task/role', { task: t.id, user: ann.userId, role: 1 })).status).toBe(
      400,
    );
    expect((await mal.api.get(`/user/task/role?task=${t.id}`)).status).toBe(404);
  });
});

describe("a person's own titles", () => {
  it('renames a level and a priority group for that person only; empty restores the default', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const r = await ann.api.post('/task/user/level', { id: 7, title: 'Next action' });
    expect(r.body.results.find((l: { id: number }) => l.id === 7)).toEqual({
      id: 7,
      title: 'Next action',
      default_title: 'ToDo',
    });
    await ann.api.patch('/task/user/priority-group/0', { title: 'Focus' });
    expect((await ann.api.get('/task/user/priority-group')).body.results[0].title).toBe('Focus');
    expect(
      (await bob.api.get('/task/user/level')).body.results.find((l: { id: number }) => l.id === 7).title,
    ).toBe('ToDo');
    await ann.api.patch('/task/user/level/7', { title: '' });
    expect(
      (await ann.api.get('/task/user/level')).body.results.find((l: { id: number }) => l.id === 7).title,
    ).toBe('ToDo');
    expect((await ann.api.patch('/task/user/level/42', { title: 'x' })).status).toBe(404);
  });
});

describe('individual delegations', () => {
  it('lists the caller’s IP parents', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const ip = await task(ann.api, {
      title: 'Each of you',
      group: g.id,
      delegation_type: 'IP',
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    await task(ann.api, { title: 'Plain', group: g.id });
    const r = await ann.api.get(`/task/individual-delegated-parent?group=${g.id}`);
    expect(r.body.results.map((t: { id: string }) => t.id)).toEqual([ip.id]);
  });
});

describe('project manager', () => {
  it('is the creator or an assignee, and needs the manager permission', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const cat = await person('Cat');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    await addMember(ann.api, g.id, cat, 6);
    const t = await task(ann.api, {
      title: 'Launch',
      group: g.id,
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    const set = await ann.api.patch(`/task/${t.id}`, { manager: bob.userId });
    expect(set.status).toBe(200);
    expect(set.body.manager).toEqual({ id: bob.userId, name: 'Bob Test', avatar: null });
    const bad = await ann.api.patch(`/task/${t.id}`, { manager: cat.userId });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.manager).toBe(
      'The project manager is the task’s creator or one of its assignees.',
    );
    expect((await bob.api.patch(`/task/${t.id}`, { manager: ann.userId })).status).toBe(403);
    const cleared = await ann.api.patch(`/task/${t.id}`, { manager: null });
    expect(cleared.body.manager).toBeNull();
  });
});
