/**
 * DynamoDB round trips per call (issue 10, target 2), pinned so they cannot creep up. The local
 * stack's handlers report each call's DynamoDB request count in a response header
 * (functions/src/lib/request-count.ts); the figures and their history are in docs/performance.md.
 */
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup, task } from './support.ts';

/** The pinned counts: lower one when a change lowers it, never raise one. */
const PINNED = {
  'GET /task/{id}': 2,
  'GET /task/{id} with children': 3,
  'PATCH /task/{id} title': 3,
  'PATCH /task/{id} status': 3,
  'POST /task': 2,
  'POST /task under a parent': 2,
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
});
