/** Tasks: create, rules on save, lists by priority group, trees, delete, permissions and visibility. */
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup, task } from './support.ts';

const titlesIn = async (api: Api, priorityGroup: number) =>
  (await api.get(`/task?priority_group=${priorityGroup}`)).body.results.map(
    (t: { title: string }) => t.title,
  );

describe('creating tasks', () => {
  it('creates a task with sub-tasks at the defaults: Not Started, active, ToDo level, Today, the creator assigned', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const t = await task(ann.api, {
      title: 'Plan the party',
      group,
      children: [{ title: 'Invite friends' }, { title: 'Bake a cake' }],
    });
    expect(t).toMatchObject({
      title: 'Plan the party',
      status: { id: 1, title: 'Not Started' },
      mode: 'active',
      level: { id: 7 },
      priority_group: { id: 0 },
      task_details: { description: '', flag: 3 },
      child_count: 2,
      delegation_type: 'SI',
    });
    expect(t.activated_at).toBeTruthy();
    expect(t.task_assignees).toEqual([expect.objectContaining({ user: ann.userId, role: 5 })]);
    expect(t.children.map((c: { title: string }) => c.title)).toEqual(['Invite friends', 'Bake a cake']);
    const got = await ann.api.get(`/task/${t.id}`);
    expect(got.body.children).toHaveLength(2);
    expect(got.body.children[0].parent).toEqual({ id: t.id, title: 'Plan the party' });
    expect(got.body.child_count).toBe(2);
  });

  it.each([
    ['no title', {}, 'title', 'Give the task a name.'],
    ['a blank title', { title: '  ' }, 'title', 'Give the task a name.'],
    ['status Done', { title: 'x', status: 4 }, 'status', 'A new task cannot be created as Done.'],
    [
      'no assignee',
      { title: 'x', task_assignees: [] },
      'task_assignees',
      'A task needs at least one assignee.',
    ],
    [
      'priority group Scheduled',
      { title: 'x', priority_group: 4 },
      'priority_group',
      'Choose Today, Next, Later or Future.',
    ],
    ['level 9', { title: 'x', level: 9 }, 'level', 'Level must be 1 to 8.'],
    [
      'sub-tasks under an issue',
      { title: 'x', level: 8, children: [{ title: 'y' }] },
      'children',
      'An issue (level 8) cannot have sub-items.',
    ],
  ])('refuses %s with 400 and creates nothing', async (_n, body, field, message) => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const r = await ann.api.post('/task', { group, ...body });
    expect(r.status).toBe(400);
    expect(r.body.errors[field]).toBe(message);
    expect((await ann.api.get('/task')).body.count).toBe(0);
  });

  it('keeps sub-tasks made together in the order they were given', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const titles = ['one', 'two', 'three', 'four', 'five', 'six'];
    const t = await task(ann.api, { title: 'Many', group, children: titles.map((title) => ({ title })) });
    const got = await ann.api.get(`/task/${t.id}`);
    expect(got.body.children.map((c: { title: string }) => c.title)).toEqual(titles);
  });

  it('answers the spec’s catalogue keys as codes for a missing title and no assignee', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    expect((await ann.api.post('/task', { group })).body.code).toBe('task-form.title-required');
    expect((await ann.api.post('/task', { group, title: 'x', task_assignees: [] })).body.code).toBe(
      'task-form.assignees-required',
    );
  });

  it('refuses to delete a task that does not exist', async () => {
    const ann = await person('Ann');
    expect((await ann.api.delete('/task', { tasks: ['no-such-task'] })).status).toBe(404);
  });

  it('refuses a child under a level-8 issue', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const issue = await task(ann.api, { title: 'Leaking tap', group, level: 8 });
    const r = await ann.api.post('/task', { title: 'Buy washer', group, parent: issue.id });
    expect(r.status).toBe(400);
    expect(r.body.errors.parent).toBe('An issue (level 8) cannot have sub-items.');
  });

  it('a viewer of the group cannot create tasks in it', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    expect((await vic.api.post('/task', { title: 'x', group: g.id })).status).toBe(403);
  });

  it('an individual delegation to two people gives two IC copies under one IP parent', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const cat = await person('Cat');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    await addMember(ann.api, g.id, cat, 5);
    const parent = await task(ann.api, {
      title: 'Write your report',
      group: g.id,
      delegation_type: 'IP',
      task_assignees: [
        { user: bob.userId, role: 5 },
        { email: cat.email, role: 6 },
      ],
    });
    expect(parent.delegation_type).toBe('IP');
    expect(parent.children).toHaveLength(2);
    for (const copy of parent.children)
      expect(copy).toMatchObject({ delegation_type: 'IC', title: 'Write your report' });
    const bobs = (await bob.api.get('/task?type=delegated_to_me')).body.results;
    expect(bobs).toHaveLength(1);
    expect(bobs[0]).toMatchObject({
      delegation_type: 'IC',
      task_assignees: [expect.objectContaining({ user: bob.userId, role: 5 })],
    });
    const cats = (await cat.api.get('/task?type=delegated_to_me')).body.results;
    expect(cats[0].id).not.toBe(bobs[0].id);
    expect((await bob.api.get(`/task/${cats[0].id}`)).status).toBe(200); // group member: visible, with his group role
  });

  it('only members of the group can be assigned', async () => {
    const ann = await person('Ann');
    const stranger = await person('Sam');
    const group = await privateGroup(ann.api);
    const r = await ann.api.post('/task', {
      title: 'x',
      group,
      task_assignees: [{ user: stranger.userId, role: 5 }],
    });
    expect(r.status).toBe(400);
  });
});

describe('saving a task', () => {
  it('marking Done stamps completion, completes the mode, and moves it to the bottom of today; undo reopens it', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const a = await task(ann.api, { title: 'A', group });
    await task(ann.api, { title: 'B', group });
    await task(ann.api, { title: 'C', group });
    expect(await titlesIn(ann.api, 0)).toEqual(['C', 'B', 'A']);
    const c = (await ann.api.get('/task?priority_group=0')).body.results[0];
    const done = await ann.api.patch(`/task/${c.id}`, { status: 4 });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({
      status: { id: 4, title: 'Completed' },
      mode: 'completed',
      task_position: 'bottom',
    });
    expect(done.body.completion_at).toBeTruthy();
    expect(await titlesIn(ann.api, 0)).toEqual(['B', 'A', 'C']);
    const undone = await ann.api.patch(`/task/${c.id}`, { status: 1 });
    expect(undone.body).toMatchObject({ mode: 'active', completion_at: null });
    expect(a.id).toBeTruthy();
  });

  it('an urgent flag moves the task to the top, and pins it to its group', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const a = await task(ann.api, { title: 'A', group });
    await task(ann.api, { title: 'B', group });
    const r = await ann.api.patch(`/task/${a.id}`, { details: { flag: 1 } });
    expect(r.body).toMatchObject({ task_position: 'top', pinned_to_today: true });
    expect(await titlesIn(ann.api, 0)).toEqual(['A', 'B']);
    const move = await ann.api.patch(`/task/${a.id}`, { priority_group: 1 });
    expect(move.status).toBe(400);
    expect(move.body.fallback_message).toBe(
      'This task is pinned to today because it is urgent or due today.',
    );
    expect(await titlesIn(ann.api, 0)).toEqual(['A', 'B']);
  });

  it('a drag lands a task between any two others and into another priority group, writing only it', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    for (const title of ['A', 'B', 'C'])
      await task(ann.api, { title, group, priority_group: 1, task_position: 'bottom' });
    const x = await task(ann.api, { title: 'X', group });
    const next = (await ann.api.get('/task?priority_group=1')).body.results;
    expect(next.map((t: { title: string }) => t.title)).toEqual(['A', 'B', 'C']);
    const r = await ann.api.patch(`/task/${x.id}`, {
      priority_group: 1,
      place_between: { before: next[0].custom_sort_code, after: next[1].custom_sort_code },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ priority_group: { id: 1 }, task_position: 'custom' });
    expect(await titlesIn(ann.api, 1)).toEqual(['A', 'X', 'B', 'C']);
    expect(await titlesIn(ann.api, 0)).toEqual([]);
    const after = (await ann.api.get('/task?priority_group=1')).body.results;
    expect(
      after
        .map((t: { custom_sort_code: string }) => t.custom_sort_code)
        .filter((_c: string, i: number) => i !== 1),
    ).toEqual(next.map((t: { custom_sort_code: string }) => t.custom_sort_code));
  });

  it('a draft becomes active and gets its activation time then', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const d = await task(ann.api, { title: 'Idea', group, mode: 'draft' });
    expect(d.activated_at).toBeNull();
    expect((await ann.api.get('/task?mode=draft')).body.count).toBe(1);
    const r = await ann.api.patch(`/task/${d.id}`, { mode: 'active' });
    expect(r.body.activated_at).toBeTruthy();
  });

  it('refuses fields the caller may not edit, naming them, and changes nothing', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    await addMember(ann.api, g.id, vic, 4);
    const t = await task(ann.api, {
      title: 'Shared',
      group: g.id,
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    const r = await bob.api.patch(`/task/${t.id}`, { title: 'Mine now' });
    expect(r.status).toBe(403);
    expect(r.body.errors).toHaveProperty('title');
    expect((await bob.api.patch(`/task/${t.id}`, { status: 2 })).status).toBe(200);
    expect((await vic.api.patch(`/task/${t.id}`, { status: 3 })).status).toBe(403);
    expect((await vic.api.get(`/task/${t.id}`)).body).toMatchObject({ title: 'Shared', status: { id: 2 } });
    expect((await vic.api.get(`/task/permission/${t.id}`)).body).toMatchObject({
      role: 4,
      permissions: ['task.readTask', 'task.enableChat'],
    });
  });
});

describe('trees', () => {
  it('refuses a move under the task’s own descendant, and moves a subtree under another task', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const root = await task(ann.api, {
      title: 'Root',
      group,
      level: 4,
      children: [{ title: 'Child', level: 5 }],
    });
    const child = root.children[0];
    const grand = await task(ann.api, { title: 'Grandchild', group, parent: child.id });
    const bad = await ann.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: root.id, level: 4, parent: grand.id }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fallback_message).toBe('A task cannot move under itself or one of its own sub-tasks.');
    const self = await ann.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: root.id, level: 4, parent: root.id }],
    });
    expect(self.status).toBe(400);

    const other = await task(ann.api, { title: 'Other', group, level: 3 });
    const ok = await ann.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: child.id, level: 5, parent: other.id }],
    });
    expect(ok.status).toBe(200);
    const tree = await ann.api.get(`/task/descendants/list?task_id=${other.id}`);
    expect(tree.body.results.map((t: { title: string }) => t.title).sort()).toEqual([
      'Child',
      'Grandchild',
      'Other',
    ]);
    expect(
      (await ann.api.get(`/task/descendants/list?task_id=${root.id}`)).body.results.map(
        (t: { title: string }) => t.title,
      ),
    ).toEqual(['Root']);
    const issue = await task(ann.api, { title: 'Issue', group, level: 8 });
    const under = await ann.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: other.id, level: 3, parent: issue.id }],
    });
    expect(under.status).toBe(400);
  });

  it('deletes with children, and without children moves them up to the deleted task’s parent', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const top = await task(ann.api, { title: 'Top', group, level: 3 });
    const mid = await task(ann.api, { title: 'Mid', group, parent: top.id, level: 4 });
    const leaf1 = await task(ann.api, { title: 'Leaf 1', group, parent: mid.id });
    await task(ann.api, { title: 'Leaf 2', group, parent: mid.id });

    expect((await ann.api.delete('/task', { tasks: [mid.id] })).status).toBe(200);
    expect((await ann.api.get(`/task/${mid.id}`)).status).toBe(404);
    const topNow = await ann.api.get(`/task/${top.id}`);
    expect(topNow.body.children.map((c: { title: string }) => c.title).sort()).toEqual(['Leaf 1', 'Leaf 2']);
    expect((await ann.api.get(`/task/${leaf1.id}`)).body.parent.id).toBe(top.id);

    const r = await ann.api.delete('/task', { tasks: [top.id], with_children: true });
    expect(r.body.deleted).toBe(3);
    for (const id of [top.id, leaf1.id]) expect((await ann.api.get(`/task/${id}`)).status).toBe(404);
    expect((await ann.api.get('/task')).body.count).toBe(0);
  });

  it('deleting a root without its children makes each child the root of its own tree', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const root = await task(ann.api, {
      title: 'Root',
      group,
      level: 3,
      children: [{ title: 'A', level: 4 }],
    });
    const a = root.children[0];
    const a1 = await task(ann.api, { title: 'A1', group, parent: a.id });
    await ann.api.delete('/task', { tasks: [root.id] });
    const tree = await ann.api.get(`/task/descendants/list?task_id=${a.id}&start_from_root=1`);
    expect(tree.body.results.map((t: { title: string }) => t.title).sort()).toEqual(['A', 'A1']);
    expect((await ann.api.get(`/task/${a.id}`)).body.parent).toBeNull();
    expect(a1.id).toBeTruthy();
  });
});

describe('sub-tasks on lists', () => {
  it('shows a sub-task under its parent on a Today panel, and keeps every parent’s count of sub-tasks', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const parent = await task(ann.api, {
      title: 'Move house',
      group,
      level: 4,
      children: [{ title: 'Pack books' }],
    });
    const today = (await ann.api.get('/task?priority_group=0')).body.results;
    expect(today.map((t: { title: string }) => t.title)).toEqual(['Move house']);
    expect(today[0].child_count).toBe(1);

    const later = await task(ann.api, {
      title: 'Change address',
      group,
      parent: parent.id,
      priority_group: 2,
    });
    expect((await ann.api.get(`/task/${parent.id}`)).body.child_count).toBe(2);
    const laterPanel = (await ann.api.get('/task?priority_group=2')).body.results;
    expect(laterPanel[0]).toMatchObject({
      title: 'Change address',
      parent: { id: parent.id, title: 'Move house' },
    });

    const other = await task(ann.api, { title: 'Admin', group, level: 3 });
    await ann.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: later.id, level: 7, parent: other.id }],
    });
    expect((await ann.api.get(`/task/${parent.id}`)).body.child_count).toBe(1);
    expect((await ann.api.get(`/task/${other.id}`)).body.child_count).toBe(1);

    await ann.api.delete('/task', { tasks: [other.id] });
    expect((await ann.api.get(`/task/${later.id}`)).body.parent).toBeNull();
    const pack = parent.children[0];
    await ann.api.delete('/task', { tasks: [pack.id] });
    expect((await ann.api.get(`/task/${parent.id}`)).body.child_count).toBe(0);
  });
});

describe('who may see a task', () => {
  it('a user who is neither creator nor assignee nor group member gets 404 on every task route', async () => {
    const ann = await person('Ann');
    const mal = await person('Mal');
    const group = await privateGroup(ann.api);
    const t = await task(ann.api, { title: 'Secret', group, children: [{ title: 'Sub' }] });
    const calls: Array<[string, () => Promise<{ status: number }>]> = [
      ['GET task', () => mal.api.get(`/task/${t.id}`)],
      ['PATCH task', () => mal.api.patch(`/task/${t.id}`, { title: 'Mine' })],
      ['DELETE task', () => mal.api.delete('/task', { tasks: [t.id] })],
      ['dismiss', () => mal.api.patch(`/task/dismiss/${t.id}`)],
      ['descendants', () => mal.api.get(`/task/descendants/list?task_id=${t.id}`)],
      [
        'new structure',
        () =>
          mal.api.patch('/task/descendants/new-structure', { tasks: [{ id: t.id, level: 7, parent: null }] }),
      ],
      ['permission', () => mal.api.get(`/task/permission/${t.id}`)],
      ['group list', () => mal.api.get(`/task?group=${group}`)],
      ['create under it', () => mal.api.post('/task', { title: 'x', group, parent: t.id })],
      [
        'invite to it',
        () => mal.api.put('/task/delegation/invitation', { task: t.id, email: 'x@example.com' }),
      ],
      ['list its roles', () => mal.api.get(`/user/task/role?task=${t.id}`)],
      ['give a role on it', () => mal.api.post('/user/task/role', { task: t.id, user: mal.userId, role: 6 })],
      ['change a role on it', () => mal.api.patch(`/user/task/role/${t.id}~000000000000`, { role: 4 })],
      ['remove a role on it', () => mal.api.delete(`/user/task/role/${t.id}~000000000000`)],
      [
        'change its assignees',
        () => mal.api.patch(`/task/${t.id}`, { task_assignees: [{ user: mal.userId, role: 6 }] }),
      ],
    ];
    for (const [name, call] of calls) expect((await call()).status, name).toBe(404);
    const search = await mal.api.get('/task/search?search=secret');
    expect(search.body.results).toEqual([]);
    // Lists of the caller's own never show it either.
    for (const path of [
      '/task',
      '/task?priority_group=0',
      '/task/assigned',
      '/task/pending',
      `/task/individual-delegated-parent`,
    ]) {
      const list = await mal.api.get(path);
      expect(JSON.stringify(list.body), path).not.toContain(t.id);
    }
    expect((await ann.api.get(`/task/${t.id}`)).body.title).toBe('Secret');
  });

  it('search finds the caller’s own tasks by title', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    await task(ann.api, { title: 'Water the Orchids', group });
    await task(ann.api, { title: 'Pay rent', group });
    const r = await ann.api.get('/task/search?search=orchid');
    expect(r.body.results.map((t: { title: string }) => t.title)).toEqual(['Water the Orchids']);
  });

  it('dismiss takes a task off the caller’s lists only', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const t = await task(ann.api, { title: 'Old news', group });
    expect((await ann.api.patch(`/task/dismiss/${t.id}`)).status).toBe(204);
    expect(await titlesIn(ann.api, 0)).toEqual([]);
    expect((await ann.api.get(`/task/${t.id}`)).status).toBe(200);
  });

  it('serves levels, statuses and priority groups', async () => {
    const ann = await person('Ann');
    expect(
      (await ann.api.get('/task/level')).body.results.find((l: { title: string }) => l.title === 'ToDo').id,
    ).toBe(7);
    expect((await ann.api.get('/task/status')).body.count).toBe(4);
    const pgs = (await ann.api.get('/task/priority-group')).body.results;
    expect(pgs[0]).toMatchObject({ id: 0, list_title: 'Today', choosable: true });
    expect(pgs.find((p: { id: number }) => p.id === 4).choosable).toBe(false);
  });
});

describe("the header's selection narrows the lists (shared/src/tasks/selection.ts)", () => {
  it('keeps the chosen groups and levels, counts and pages only those, and an empty choice is everything', async () => {
    const ann = await person('Ann');
    const home = await privateGroup(ann.api);
    const work = (await newGroup(ann.api, 'Work')).id;
    await task(ann.api, { title: 'Home todo', group: home });
    await task(ann.api, { title: 'Work todo', group: work });
    await task(ann.api, { title: 'Work idea', group: work, level: 2 });
    const titles = async (query: string) => {
      const r = await ann.api.get(`/task?priority_group=0&${query}`);
      expect(r.status).toBe(200);
      return { count: r.body.count, titles: r.body.results.map((t: { title: string }) => t.title).sort() };
    };
    expect(await titles('')).toEqual({ count: 3, titles: ['Home todo', 'Work idea', 'Work todo'] });
    expect(await titles(`groups=${work}`)).toEqual({ count: 2, titles: ['Work idea', 'Work todo'] });
    expect(await titles(`groups=${work},${home}&levels=7`)).toEqual({
      count: 2,
      titles: ['Home todo', 'Work todo'],
    });
    expect(await titles(`groups=${work}&levels=2&size=1`)).toEqual({ count: 1, titles: ['Work idea'] });
    expect(await titles('groups=&levels=')).toEqual({
      count: 3,
      titles: ['Home todo', 'Work idea', 'Work todo'],
    });
    // The /tasks list (no priority group) and a group's own list read the same rule.
    const all = await ann.api.get(`/task?levels=2`);
    expect(all.body.results.map((t: { title: string }) => t.title)).toEqual(['Work idea']);
    const inGroup = await ann.api.get(`/task?group=${work}&groups=${home}`);
    expect(inGroup.body.count).toBe(0);
    expect((await ann.api.get('/task?levels=12')).status).toBe(400);
  });

  it('calendar occurrences carry their task level for the same rule', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const t = await task(ann.api, { title: 'Standup', group, level: 3 });
    const start = new Date(Date.now() + 86_400_000);
    start.setUTCHours(9, 0, 0, 0);
    const s = await ann.api.patch(`/task/schedule/${t.id}`, {
      timezone: 'UTC',
      duration: 30,
      start_date: start.toISOString(),
    });
    expect(s.status).toBe(200);
    const from = new Date(start.getTime() - 3_600_000).toISOString();
    const to = new Date(start.getTime() + 3_600_000).toISOString();
    const r = await ann.api.get(`/task/schedule?start_date=${from}&end_date=${to}`);
    expect(r.body.results).toEqual([
      expect.objectContaining({ task_id: t.id, level: 3, group: expect.objectContaining({ id: group }) }),
    ]);
  });
});
