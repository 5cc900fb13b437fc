/**
 * DynamoDB round trips per call (issue 10, target 2), pinned so they cannot creep up. The local
 * stack's handlers report each call's DynamoDB request count in a response header
 * (functions/src/lib/request-count.ts); the figures and their history are in docs/performance.md.
 */
import { TaskChildEntity } from '@tandem/functions/db/entities/task-child';
import { backfillChildLinks } from '@tandem/functions/db/migrations/child-links';
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup, task } from './support.ts';

/** The pinned counts: lower one when a change lowers it, never raise one. */
const PINNED = {
  'GET /task/{id}': 2,
  'GET /task/{id} with children': 2,
  'GET /task/{id} with children linked before D36': 3,
  'PATCH /task/{id} title': 3,
  'PATCH /task/{id} status': 3,
  'PATCH /task/{id} flag': 3,
  'PATCH /task/{id} priority group': 3,
  'PATCH /task/{id} priority group of a parent': 3,
  'PATCH /task/{id} place between': 3,
  'PATCH /task/{id} group': 3,
  'PATCH /task/{id} assignees': 3,
  'PATCH /task/{id} status by an assignee': 3,
  'POST /task': 2,
  'POST /task under a parent': 2,
  'POST /task with sub-tasks and an assignee': 2,
  'GET /agenda/{id}/invitation by the meeting’s creator': 4,
  'GET /agenda/{id}/invitation by a member': 5,
} as const;

type Answer = Awaited<ReturnType<Api['get']>>;
function expectRequests(r: Answer, figure: keyof typeof PINNED) {
  const header = r.headers.get(DYNAMODB_REQUESTS_HEADER);
  expect(header, `${figure}: the count header`).not.toBeNull();
  const n = Number(header);
  expect(n, `${figure}: made ${n} DynamoDB requests`).toBeGreaterThan(0);
  expect(n, `${figure}: made ${n} DynamoDB requests`).toBeLessThanOrEqual(PINNED[figure]);
}

describe('DynamoDB requests per call', () => {
  it('the creator’s GET, PATCH and POST of a task stay within their pinned counts', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);

    const plain = await ann.api.post('/task', { title: 'Alone', group });
    expect(plain.status).toBe(201);
    expectRequests(plain, 'POST /task');
    const id = plain.body.results[0].id;

    const got = await ann.api.get(`/task/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id, title: 'Alone', child_count: 0, children: [] });
    expectRequests(got, 'GET /task/{id}');

    const renamed = await ann.api.patch(`/task/${id}`, { title: 'Alone, renamed' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('Alone, renamed');
    expectRequests(renamed, 'PATCH /task/{id} title');

    const started = await ann.api.patch(`/task/${id}`, { status: 2 });
    expect(started.status).toBe(200);
    expect(started.body.status.id).toBe(2);
    expectRequests(started, 'PATCH /task/{id} status');

    const child = await ann.api.post('/task', { title: 'Child', group, parent: id });
    expect(child.status).toBe(201);
    expect(child.body.results[0].parent).toEqual({ id, title: 'Alone, renamed' });
    expectRequests(child, 'POST /task under a parent');

    const parent = await ann.api.get(`/task/${id}`);
    expect(parent.body.child_count).toBe(1);
    expect(parent.body.children.map((c: { title: string }) => c.title)).toEqual(['Child']);
    expectRequests(parent, 'GET /task/{id} with children');
    const childRead = await ann.api.get(`/task/${child.body.results[0].id}`);
    expect(childRead.body.parent).toEqual({ id, title: 'Alone, renamed' });
    expectRequests(childRead, 'GET /task/{id}');
  });

  it('a group member who reads and edits by their group role costs the same', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 3);
    const t = await task(ann.api, { title: 'Team task', group: g.id });

    const got = await bob.api.get(`/task/${t.id}`);
    expect(got.status).toBe(200);
    expectRequests(got, 'GET /task/{id}');
    const renamed = await bob.api.patch(`/task/${t.id}`, { title: 'Team task, renamed' });
    expect(renamed.status).toBe(200);
    expectRequests(renamed, 'PATCH /task/{id} title');
    // Anyone outside the group still gets 404, as before.
    const eve = await person('Eve');
    expect((await eve.api.get(`/task/${t.id}`)).status).toBe(404);
    expect((await eve.api.patch(`/task/${t.id}`, { title: 'Mine' })).status).toBe(404);
  });

  it('every kind of PATCH costs at most 3, an assignee’s too; POST with sub-tasks and assignees 2', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    const other = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 3);
    const t = await task(ann.api, { title: 'Plain', group: g.id });

    const flagged = await ann.api.patch(`/task/${t.id}`, { details: { flag: 1 } });
    expect(flagged.status).toBe(200);
    expectRequests(flagged, 'PATCH /task/{id} flag');
    expect((await ann.api.patch(`/task/${t.id}`, { details: { flag: 3 } })).status).toBe(200);
    const moved = await ann.api.patch(`/task/${t.id}`, { priority_group: 2 });
    expect(moved.status).toBe(200);
    expect(moved.body.priority_group.id).toBe(2);
    expectRequests(moved, 'PATCH /task/{id} priority group');
    const b = await task(ann.api, { title: 'B', group: g.id, priority_group: 2 });
    const dragged = await ann.api.patch(`/task/${t.id}`, {
      place_between: { before: null, after: b.custom_sort_code },
    });
    expect(dragged.status).toBe(200);
    expect(dragged.body.custom_sort_code < b.custom_sort_code).toBe(true);
    expectRequests(dragged, 'PATCH /task/{id} place between');
    const regrouped = await ann.api.patch(`/task/${t.id}`, { group: other.id });
    expect(regrouped.status).toBe(200);
    expect(regrouped.body.group.id).toBe(other.id);
    expectRequests(regrouped, 'PATCH /task/{id} group');

    const shared = await task(ann.api, { title: 'Shared', group: g.id });
    const assigned = await ann.api.patch(`/task/${shared.id}`, {
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.task_assignees.map((a: { user: string }) => a.user)).toEqual([bob.userId]);
    expectRequests(assigned, 'PATCH /task/{id} assignees');
    const done = await bob.api.patch(`/task/${shared.id}`, { status: 4 });
    expect(done.status).toBe(200);
    expect(done.body.status.id).toBe(4);
    expectRequests(done, 'PATCH /task/{id} status by an assignee');

    // A parent moved to another panel takes the sub-tasks shown under it: its old panel is read.
    const parent = await task(ann.api, { title: 'Parent', group: g.id, children: [{ title: 'Kid' }] });
    const away = await ann.api.patch(`/task/${parent.id}`, { priority_group: 3 });
    expect(away.status).toBe(200);
    expectRequests(away, 'PATCH /task/{id} priority group of a parent');

    const made = await ann.api.post('/task', {
      title: 'Team',
      group: g.id,
      task_assignees: [{ user: bob.userId, role: 5 }],
      children: [{ title: 'One' }, { title: 'Two' }],
    });
    expect(made.status).toBe(201);
    expect(made.body.results[0].children.map((c: { title: string }) => c.title)).toEqual(['One', 'Two']);
    expectRequests(made, 'POST /task with sub-tasks and an assignee');
    const read = await ann.api.get(`/task/${made.body.results[0].id}`);
    expect(read.body.children.map((c: { title: string }) => c.title)).toEqual(['One', 'Two']);
    expectRequests(read, 'GET /task/{id} with children');
  });

  it('children stay linked through moves and deletes; a tree from before the links is read too', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const a = await task(ann.api, { title: 'A', group, children: [{ title: 'A1' }, { title: 'A2' }] });
    const b = await task(ann.api, { title: 'B', group });
    const [a1, a2] = a.children as Array<{ id: string }>;
    const kids = async (id: string, figure: keyof typeof PINNED) => {
      const r = await ann.api.get(`/task/${id}`);
      expect(r.status).toBe(200);
      expectRequests(r, figure);
      expect(r.body.child_count).toBe(r.body.children.length);
      return r.body.children.map((c: { title: string }) => c.title);
    };
    // A1 moves under B; A2 gets a child; deleting A2 alone moves its child up under A.
    const moved = await ann.api.patch('/task/descendants/new-structure', {
      tasks: [{ id: a1!.id, level: 7, parent: b.id }],
    });
    expect(moved.status).toBe(200);
    expect(await kids(a.id, 'GET /task/{id} with children')).toEqual(['A2']);
    expect(await kids(b.id, 'GET /task/{id} with children')).toEqual(['A1']);
    await task(ann.api, { title: 'A2a', group, parent: a2!.id });
    expect((await ann.api.delete('/task', { tasks: [a2!.id] })).status).toBe(200);
    expect(await kids(a.id, 'GET /task/{id} with children')).toEqual(['A2a']);
    expect((await ann.api.delete('/task', { tasks: [a1!.id] })).status).toBe(200);
    expect(await kids(b.id, 'GET /task/{id} with children')).toEqual([]);

    // A sub-task saved before the links: its parent is read through the tree until the backfill.
    await TaskChildEntity.delete({
      parentId: a.id,
      childId: (await ann.api.get(`/task/${a.id}`)).body.children[0].id,
    }).go();
    expect(await kids(a.id, 'GET /task/{id} with children linked before D36')).toEqual(['A2a']);
    expect(await backfillChildLinks()).toBeGreaterThan(0);
    expect(await kids(a.id, 'GET /task/{id} with children')).toEqual(['A2a']);
  });

  it('a meeting’s invitation reads its creator once; a member’s read names the creator too (D85)', async () => {
    const ann = await person('Ann');
    const vic = await person('Vic');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, vic, 4);
    const t = await task(ann.api, { title: 'Weekly sync', group: g.id });
    const scheduled = await ann.api.patch(`/task/schedule/${t.id}`, {
      start_date: '2030-03-04T09:00:00+01:00',
      duration: 45,
      timezone: 'Europe/Berlin',
    });
    expect(scheduled.status).toBe(200);
    expect((await ann.api.post('/agenda/', { task: t.id, segments: [{ title: 'One' }] })).status).toBe(201);
    const organizer = `ORGANIZER;CN="Ann Test":mailto:${ann.email}`;

    // The caller is the creator: the record the allow-list check read is the organizer's.
    const own = await ann.api.get(`/agenda/${t.id}/invitation`);
    expect(own.status).toBe(200);
    expect(String(own.body.content).replace(/\r\n /g, '')).toContain(organizer);
    expectRequests(own, 'GET /agenda/{id}/invitation by the meeting’s creator');

    // Someone else asks: the organizer is still the creator, read for it.
    const theirs = await vic.api.get(`/agenda/${t.id}/invitation`);
    expect(theirs.status).toBe(200);
    expect(String(theirs.body.content).replace(/\r\n /g, '')).toContain(organizer);
    expectRequests(theirs, 'GET /agenda/{id}/invitation by a member');
  });
});
