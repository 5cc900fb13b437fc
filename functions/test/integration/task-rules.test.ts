/**
 * The task rules as the spec writes them (issue 9, finding 7): the creator's role on a quick task,
 * the Today rule on create, save and the daily run, priority groups 8 and 9, issues without
 * sub-items, the individual delegation's group, the subscription counters, DELETE /task/{id} and
 * GET /task/validation.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup, task } from './support.ts';

const { setSubscription } = await import('../../src/core/user/subscription-admin.ts');
const { normalizeUser } = await import('../../src/core/schedules/normalization.ts');

const titlesIn = async (api: Api, priorityGroup: number) =>
  (await api.get(`/task?priority_group=${priorityGroup}`)).body.results.map(
    (t: { title: string }) => t.title,
  );

const counts = async (api: Api) => {
  const r = await api.get(
    '/user/subscription/limit?event=totalTasks,activeTasks,delegatedTasks,totalRoutineInstances',
  );
  return Object.fromEntries(
    r.body.results.map((x: { event: string; current_count: number }) => [x.event, x.current_count]),
  );
};

const todayUtc = () => DateTime.utc().set({ hour: 12, minute: 0, second: 0, millisecond: 0 });

describe('a quick task', () => {
  it('has its creator as assignee with role 5 (standard), as spec 000 §6 gives', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, { title: 'Call the plumber', group: await privateGroup(ann.api) });
    expect(t.task_assignees).toEqual([expect.objectContaining({ user: ann.userId, role: 5 })]);
    // The creator still holds the creator role on the task itself.
    expect(t.role).toBe(1);
  });
});

describe('the Today rule', () => {
  it('puts a new urgent task, or one due today, at the top of Today whatever group was asked', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    await task(ann.api, { title: 'Plain', group });
    const urgent = await task(ann.api, { title: 'Urgent', group, priority_group: 2, details: { flag: 1 } });
    expect(urgent.priority_group.id).toBe(0);
    const due = await task(ann.api, {
      title: 'Due today',
      group,
      priority_group: 3,
      due_at: DateTime.utc().toISO(),
      user_timezone: 'UTC',
    });
    expect(due.priority_group.id).toBe(0);
    const later = await task(ann.api, { title: 'Later', group, priority_group: 2 });
    expect(later.priority_group.id).toBe(2);
    expect(await titlesIn(ann.api, 0)).toEqual(['Due today', 'Urgent', 'Plain']);
  });

  it('moves a task marked Done to the bottom of Today, and one made urgent or due today to its top', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    await task(ann.api, { title: 'A', group });
    const next = await task(ann.api, { title: 'From Next', group, priority_group: 1 });
    const later = await task(ann.api, { title: 'From Later', group, priority_group: 2 });
    const future = await task(ann.api, { title: 'From Future', group, priority_group: 3 });

    const done = await ann.api.patch(`/task/${next.id}`, { status: 4 });
    expect(done.body).toMatchObject({ priority_group: { id: 0 }, task_position: 'bottom' });
    const urgent = await ann.api.patch(`/task/${later.id}`, { details: { flag: 1 } });
    expect(urgent.body).toMatchObject({ priority_group: { id: 0 }, task_position: 'top' });
    const due = await ann.api.patch(`/task/${future.id}`, {
      due_at: todayUtc().toISO(),
      user_timezone: 'UTC',
    });
    expect(due.body).toMatchObject({ priority_group: { id: 0 }, task_position: 'top' });
    expect(await titlesIn(ann.api, 0)).toEqual(['From Future', 'From Later', 'A', 'From Next']);
    expect(await titlesIn(ann.api, 1)).toEqual([]);
    // Each came from a group where it was alone, with the same first code as A in Today: a move into
    // Today gives a code of its own, never one equal to a neighbour's.
    const codes = (await ann.api.get('/task?priority_group=0')).body.results.map(
      (t: { custom_sort_code: string }) => t.custom_sort_code,
    );
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('the daily run brings tasks due today and urgent tasks into Today, at the top', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    await task(ann.api, { title: 'A', group });
    const tomorrow = DateTime.utc().plus({ days: 1 }).set({ hour: 12 });
    const dueTomorrow = await task(ann.api, {
      title: 'Due tomorrow',
      group,
      priority_group: 2,
      due_at: tomorrow.toISO(),
    });
    expect(dueTomorrow.priority_group.id).toBe(2);
    const notYet = await task(ann.api, {
      title: 'Due in a week',
      group,
      priority_group: 2,
      due_at: tomorrow.plus({ days: 6 }).toISO(),
    });
    const morning = tomorrow.set({ hour: 5 }).toJSDate();
    const run = await normalizeUser(ann.userId, 'UTC', morning);
    expect(run.movedToNow).toBe(1);
    expect(await titlesIn(ann.api, 0)).toEqual(['Due tomorrow', 'A']);
    expect((await ann.api.get(`/task/${notYet.id}`)).body.priority_group.id).toBe(2);
    expect((await normalizeUser(ann.userId, 'UTC', morning)).movedToNow).toBe(0);
  });
});

describe('priority groups 8 and 9', () => {
  it('serves Issues (8) and base tasks (9), and lists group 9', async () => {
    const ann = await person('Ann');
    const groups = (await ann.api.get('/task/priority-group')).body.results.map((g: { id: number }) => g.id);
    expect(groups).toEqual(expect.arrayContaining([8, 9]));
    expect((await ann.api.get('/task?priority_group=9')).status).toBe(200);
  });

  it('puts a task into Issues only for the internal accounts of the allow-list', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const r = await ann.api.post('/task', { title: 'Crash on save', group, level: 8, priority_group: 8 });
    expect(r.status).toBe(400);
    expect(r.body.errors.priority_group).toBeTruthy();
    const config = await ann.api.get('/user/config/');
    expect(config.body.is_internal_account).toBe(false);

    const ops = await person('Ops', 'ops-staff@tandem.test'); // in INTERNAL_ACCOUNTS of the local stack
    expect((await ops.api.get('/user/config/')).body.is_internal_account).toBe(true);
    const issue = await task(ops.api, {
      title: 'Crash on save',
      group: await privateGroup(ops.api),
      level: 8,
      priority_group: 8,
    });
    expect(issue.priority_group.id).toBe(8);
    expect(await titlesIn(ops.api, 8)).toEqual(['Crash on save']);
  });
});

describe('issues take no sub-items', () => {
  it('refuses making a task with sub-items an issue, through PATCH and through new-structure', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const parent = await task(ann.api, { title: 'Parent', group, children: [{ title: 'Child' }] });
    const patch = await ann.api.patch(`/task/${parent.id}`, { level: 8 });
    expect(patch.status).toBe(400);
    expect(patch.body.errors.level).toBe('An issue (level 8) cannot have sub-items.');
    const restructure = await ann.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: parent.id, level: 8, parent: null }],
    });
    expect(restructure.status).toBe(400);
    expect((await ann.api.get(`/task/${parent.id}`)).body.level.id).toBe(7);
  });

  it('refuses, in one restructure, a move under a task that the same call makes an issue', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const a = await task(ann.api, { title: 'A', group });
    const b = await task(ann.api, { title: 'B', group });
    const r = await ann.api.patch('/task/descendants/new-structure', {
      tasks: [
        { id: b.id, level: 7, parent: a.id },
        { id: a.id, level: 8, parent: null },
      ],
    });
    expect(r.status).toBe(400);
    expect((await ann.api.get(`/task/${b.id}`)).body.parent).toBeNull();
  });

  it('refuses an individual delegation of an issue, whose copies would be its sub-items', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const r = await ann.api.post('/task', {
      title: 'Broken link',
      group: g.id,
      level: 8,
      delegation_type: 'IP',
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    expect(r.status).toBe(400);
    expect((await ann.api.get('/task')).body.count).toBe(0);
  });
});

describe('individual delegation', () => {
  it('locks the group of the individual parent and of its copies', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    const other = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 6);
    await addMember(ann.api, other.id, bob, 6);
    const parent = await task(ann.api, {
      title: 'Write your report',
      group: g.id,
      delegation_type: 'IP',
      task_assignees: [{ user: bob.userId, role: 6 }],
    });
    const copy = parent.children[0];
    const moveParent = await ann.api.patch(`/task/${parent.id}`, { group: other.id });
    expect(moveParent.status).toBe(400);
    expect(moveParent.body.errors.group).toBeTruthy();
    const moveCopy = await bob.api.patch(`/task/${copy.id}`, { group: other.id });
    expect(moveCopy.status).toBe(400);
    expect((await bob.api.get(`/task/${copy.id}`)).body.group.id).toBe(g.id);
    // The same group sent back unchanged is no move.
    expect((await bob.api.patch(`/task/${copy.id}`, { group: g.id, title: 'Mine' })).status).toBe(200);
  });
});

describe('subscription counters', () => {
  it('keeps totalTasks, activeTasks and delegatedTasks on create, save and delete', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const own = await task(ann.api, { title: 'Mine', group: g.id, children: [{ title: 'Sub' }] });
    await task(ann.api, { title: 'Draft', group: g.id, mode: 'draft' });
    const given = await task(ann.api, {
      title: 'Given',
      group: g.id,
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    expect(await counts(ann.api)).toEqual({
      totalTasks: 4,
      activeTasks: 3,
      delegatedTasks: 1,
      totalRoutineInstances: 0,
    });
    expect(await counts(bob.api)).toMatchObject({ totalTasks: 0, delegatedTasks: 0 });

    await ann.api.patch(`/task/${own.id}`, { status: 4 });
    expect(await counts(ann.api)).toMatchObject({ totalTasks: 4, activeTasks: 2 });
    await ann.api.patch(`/task/${given.id}`, { task_assignees: [{ user: ann.userId, role: 6 }] });
    expect(await counts(ann.api)).toMatchObject({ delegatedTasks: 0 });
    expect((await ann.api.delete('/task', { tasks: [own.id], with_children: true })).status).toBe(200);
    expect(await counts(ann.api)).toMatchObject({ totalTasks: 2, activeTasks: 1 });
  });

  it('counts routine instances for the routine’s owner', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, { title: 'Stretch', group: await privateGroup(ann.api) });
    const start = DateTime.utc().plus({ days: 1 }).set({ hour: 7, minute: 0, second: 0, millisecond: 0 });
    await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: start.toISO(),
      duration: 30,
      timezone: 'UTC',
      recur_rule: 'FREQ=DAILY',
      flexible_time: 1,
    });
    await normalizeUser(ann.userId, 'UTC', start.plus({ days: 1 }).set({ hour: 4 }).toJSDate());
    expect(await counts(ann.api)).toMatchObject({ totalTasks: 1, totalRoutineInstances: 1 });
  });

  it('refuses a write past a limit with the spec’s detail, and writes nothing', async () => {
    const ann = await person('Ann');
    await setSubscription(ann.email, 'free_license', 'active'); // 100 active tasks
    const group = await privateGroup(ann.api);
    const children = Array.from({ length: 99 }, (_, i) => ({ title: `Step ${i + 1}` }));
    await task(ann.api, { title: 'Big plan', group, children });
    expect(await counts(ann.api)).toMatchObject({ totalTasks: 100, activeTasks: 100 });
    const over = await ann.api.post('/task', { title: 'One more', group });
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('subscription.limit-reached');
    expect(over.body.detail).toMatchObject({
      current_status: 'met',
      event: 'activeTasks',
      limit: 100,
      current_count: 100,
    });
    expect(await counts(ann.api)).toMatchObject({ totalTasks: 100, activeTasks: 100 });
    expect((await ann.api.get('/task?size=100')).body.count).toBe(100);
    // A draft is no active task: it still fits.
    expect((await ann.api.post('/task', { title: 'Idea', group, mode: 'draft' })).status).toBe(201);
    // Making it active would pass the limit.
    const idea = (await ann.api.get('/task?mode=draft')).body.results[0];
    const activate = await ann.api.patch(`/task/${idea.id}`, { mode: 'active' });
    expect(activate.status).toBe(400);
    expect(activate.body.detail.event).toBe('activeTasks');
    expect((await ann.api.get(`/task/${idea.id}`)).body.mode).toBe('draft');
  });
});

describe('DELETE /task/{id}', () => {
  it('deletes one task the caller may delete; others get 404 or 403', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const t = await task(ann.api, { title: 'Old', group: g.id, children: [{ title: 'Kid' }] });
    const outsider = await person('Out');
    expect((await outsider.api.delete(`/task/${t.id}`)).status).toBe(404);
    expect((await vic.api.delete(`/task/${t.id}`)).status).toBe(403);
    const r = await ann.api.delete(`/task/${t.id}`);
    expect(r.status).toBe(204);
    expect((await ann.api.get(`/task/${t.id}`)).status).toBe(404);
    // Without with_children its sub-task stays, now a root of its own.
    const kid = await ann.api.get(`/task/${t.children[0].id}`);
    expect(kid.status).toBe(200);
    expect(kid.body.parent).toBeNull();
    expect((await ann.api.delete(`/task/${t.id}`)).status).toBe(404);
    expect(await counts(ann.api)).toMatchObject({ totalTasks: 1 });
  });
});

describe('GET /task/validation', () => {
  it('answers the errors the task form would show, and saves nothing', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const blank = await ann.api.get(`/task/validation?group=${group}&title=%20`);
    expect(blank.status).toBe(200);
    expect(blank.body).toMatchObject({
      valid: false,
      errors: { title: 'Give the task a name.' },
      codes: { title: 'task-form.title-required' },
    });
    const issue = await task(ann.api, { title: 'Issue', group, level: 8 });
    const under = await ann.api.get(`/task/validation?group=${group}&title=Sub&parent=${issue.id}`);
    expect(under.body).toMatchObject({
      valid: false,
      errors: { parent: 'An issue (level 8) cannot have sub-items.' },
    });
    const ok = await ann.api.get(`/task/validation?group=${group}&title=Fine&priority_group=1&flag=1`);
    expect(ok.body).toEqual({ valid: true, errors: {}, codes: {} });
    expect((await ann.api.get('/task')).body.count).toBe(1);
    expect((await ann.api.get('/task/validation?group=nope&title=x')).body).toMatchObject({
      valid: false,
      errors: { group: expect.any(String) },
    });
  });
});
