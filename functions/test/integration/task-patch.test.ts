/**
 * PATCH /task/{id} (issue 9): absent fields unchanged, details merged field by field, permissions only
 * for fields that change, a group move needs rights in both groups, and scheduled_task on POST /task
 * and PATCH /task/{id} in one call, under the rules of PATCH /task/schedule/{id}.
 */
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { addMember, newGroup, person, privateGroup, task } from './support.ts';

const inDays = (d: number, hour = 9) =>
  DateTime.utc().plus({ days: d }).set({ hour, minute: 0, second: 0, millisecond: 0 });

describe('task details merge field by field', () => {
  it('a description alone keeps the flag, and a flag alone keeps the description', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, {
      title: 'Report',
      group: await privateGroup(ann.api),
      details: { description: 'Numbers for Q3', flag: 1 },
    });
    const d = await ann.api.patch(`/task/${t.id}`, { details: { description: 'Numbers for Q4' } });
    expect(d.status).toBe(200);
    expect(d.body.task_details).toEqual({ description: 'Numbers for Q4', flag: 1 });
    const f = await ann.api.patch(`/task/${t.id}`, { details: { flag: 3 } });
    expect(f.body.task_details).toEqual({ description: 'Numbers for Q4', flag: 3 });
    expect((await ann.api.get(`/task/${t.id}`)).body.task_details).toEqual({
      description: 'Numbers for Q4',
      flag: 3,
    });
  });
});

describe('permissions are checked for the fields that change', () => {
  it('a standard assignee edits the description alone, and sends the unchanged title with a status', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const t = await task(ann.api, {
      title: 'Shared',
      group: g.id,
      details: { description: 'Start here', flag: 1 },
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    const d = await bob.api.patch(`/task/${t.id}`, { details: { description: 'Started' } });
    expect(d.status).toBe(200);
    expect(d.body.task_details).toEqual({ description: 'Started', flag: 1 });
    const s = await bob.api.patch(`/task/${t.id}`, { title: 'Shared', status: 2, details: { flag: 1 } });
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ title: 'Shared', status: { id: 2 } });
    const r = await bob.api.patch(`/task/${t.id}`, { title: 'Mine now', status: 3 });
    expect(r.status).toBe(403);
    expect(r.body.errors).toHaveProperty('title');
    expect((await ann.api.get(`/task/${t.id}`)).body).toMatchObject({ title: 'Shared', status: { id: 2 } });
  });
});

describe('moving a task to another group', () => {
  it('needs the caller’s rights in the old group as well as the new one; otherwise nothing is written', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const team = await newGroup(ann.api);
    await addMember(ann.api, team.id, bob, 5);
    // Bob is an editor of the task (its assignee with role 6) but a standard member of the team.
    const t = await task(ann.api, {
      title: 'Team plan',
      group: team.id,
      task_assignees: [{ user: bob.userId, role: 6 }],
    });
    const bobs = await privateGroup(bob.api);
    const r = await bob.api.patch(`/task/${t.id}`, { group: bobs, title: 'Bob’s plan' });
    expect(r.status).toBe(403);
    expect(r.body.errors).toHaveProperty('group');
    expect((await ann.api.get(`/task/${t.id}`)).body).toMatchObject({
      title: 'Team plan',
      group: { id: team.id },
    });

    // The team's owner, with rights in both groups, moves it.
    const other = await newGroup(ann.api);
    const ok = await ann.api.patch(`/task/${t.id}`, { group: other.id });
    expect(ok.status).toBe(200);
    expect(ok.body.group.id).toBe(other.id);
  });
});

describe('scheduled_task with the task', () => {
  it('POST /task makes the task and its schedule in one call, in the schedule’s priority group', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const start = inDays(3);
    const t = await task(ann.api, {
      title: 'Dentist',
      group,
      scheduled_task: { start_date: start.toISO(), duration: 45, timezone: 'Europe/Berlin' },
    });
    expect(t.priority_group.id).toBe(4);
    const s = await ann.api.get(`/task/schedule/${t.id}`);
    expect(s.status).toBe(200);
    expect(s.body).toMatchObject({ duration: 45, timezone: 'Europe/Berlin', recur_rule: null });
    expect(Date.parse(s.body.start_date)).toBe(start.toMillis());
    const routine = await task(ann.api, {
      title: 'Stretch',
      group,
      scheduled_task: { start_date: inDays(1, 7).toISO(), recur_rule: 'FREQ=DAILY', timezone: 'UTC' },
    });
    expect(routine.priority_group.id).toBe(6);
  });

  it('POST /task with a schedule the rules refuse creates nothing', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const past = await ann.api.post('/task', {
      title: 'Yesterday',
      group,
      scheduled_task: { start_date: inDays(-3).toISO(), timezone: 'UTC' },
    });
    expect(past.status).toBe(400);
    expect(past.body.errors['scheduled_task.start_date']).toBe(
      'The start cannot be before the end of yesterday.',
    );
    const rule = await ann.api.post('/task', {
      title: 'Nonsense',
      group,
      scheduled_task: { start_date: inDays(2).toISO(), timezone: 'UTC', recur_rule: 'FREQ=SOMETIMES' },
    });
    expect(rule.status).toBe(400);
    expect(rule.body.errors).toHaveProperty(['scheduled_task.recur_rule']);
    expect((await ann.api.get('/task')).body.count).toBe(0);
  });

  it('PATCH /task/{id} sets, changes field by field, and clears the schedule with the task’s other fields', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, { title: 'Call', group: await privateGroup(ann.api), priority_group: 2 });
    const start = inDays(2);
    const set = await ann.api.patch(`/task/${t.id}`, {
      title: 'Call the bank',
      scheduled_task: { start_date: start.toISO(), duration: 30, timezone: 'UTC', ex_date: [] },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ title: 'Call the bank', priority_group: { id: 4 } });
    const dur = await ann.api.patch(`/task/${t.id}`, { scheduled_task: { duration: 20 } });
    expect(dur.status).toBe(200);
    const s = (await ann.api.get(`/task/schedule/${t.id}`)).body;
    expect(s).toMatchObject({ duration: 20, timezone: 'UTC' });
    expect(Date.parse(s.start_date)).toBe(start.toMillis());
    const cleared = await ann.api.patch(`/task/${t.id}`, { scheduled_task: null });
    expect(cleared.status).toBe(200);
    expect(cleared.body.priority_group.id).toBe(0);
    expect((await ann.api.get(`/task/schedule/${t.id}`)).status).toBe(404);
  });

  it('a schedule on a task without one needs its start; the task is left as it was', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, { title: 'Call', group: await privateGroup(ann.api) });
    const r = await ann.api.patch(`/task/${t.id}`, { title: 'Other', scheduled_task: { duration: 20 } });
    expect(r.status).toBe(400);
    expect(r.body.errors['scheduled_task.start_date']).toBe('Give the schedule a start.');
    expect((await ann.api.get(`/task/${t.id}`)).body.title).toBe('Call');
  });

  it('a standard assignee may not change the schedule', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const t = await task(ann.api, {
      title: 'Shared',
      group: g.id,
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    const r = await bob.api.patch(`/task/${t.id}`, {
      scheduled_task: { start_date: inDays(2).toISO(), timezone: 'UTC' },
    });
    expect(r.status).toBe(403);
    expect((await ann.api.get(`/task/schedule/${t.id}`)).status).toBe(404);
  });
});

describe('task_details, the name a task is read back with', () => {
  it('is taken in a PATCH as details is: a description alone keeps the flag', async () => {
    const ann = await person('Ann');
    const t = await task(ann.api, {
      title: 'Round trip',
      group: await privateGroup(ann.api),
      details: { description: 'First', flag: 1 },
    });
    const r = await ann.api.patch(`/task/${t.id}`, { task_details: { description: 'Second' } });
    expect(r.status).toBe(200);
    expect(r.body.task_details).toEqual({ description: 'Second', flag: 1 });
  });
});
