/**
 * Lists cost one page, not the table (issue 10, target 1; decisions D28): every list answers from a
 * Query on a key that returns just the page, with an opaque cursor in `next`. Paging with the cursor
 * hands out every item exactly once and in order, and page 1 costs the same DynamoDB requests at 30
 * tasks as at 300.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient } from '@tandem/functions/db/client';
import { PlacementEntity } from '@tandem/functions/db/entities/placement';
import { backfillListKeys } from '@tandem/functions/db/migrations/list-keys';
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { describe, expect, it } from 'vitest';
import { type Api, addMember, newGroup, person, privateGroup, task } from './support.ts';

const requestsOf = (r: Awaited<ReturnType<Api['get']>>) => Number(r.headers.get(DYNAMODB_REQUESTS_HEADER));

/** `n` tasks made one after another in small parallel batches; returns them in creation order. */
async function tasks(api: Api, n: number, body: Record<string, unknown>, from = 0) {
  const made: Array<{ id: string; title: string }> = [];
  for (let i = 0; i < n; i += 10) {
    const batch = Array.from({ length: Math.min(10, n - i) }, (_, j) =>
      task(api, { ...body, title: `Task ${from + i + j}` }),
    );
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/** Every page of `path` followed through `next`; the pages' results and their counts. */
async function allPages(api: Api, path: string) {
  const seen: Array<{ id: string; title: string; custom_sort_code: string }> = [];
  const counts: number[] = [];
  let url: string | null = path;
  for (let i = 0; url && i < 100; i++) {
    const r = await api.get(url);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    seen.push(...r.body.results);
    counts.push(r.body.count);
    const next: string | null = r.body.next;
    if (next) expect(next).toMatch(/^\?cursor=[A-Za-z0-9_-]+&size=\d+$/);
    if (next) {
      const [base, query] = path.split('?') as [string, string];
      const params = new URLSearchParams(query);
      for (const [k, v] of new URLSearchParams(next.slice(1))) params.set(k, v);
      url = `${base}?${params}`;
    } else url = null;
  }
  return { seen, counts };
}

describe('paging a list with its cursor', () => {
  it('the task list hands out every task once, newest first, whatever the page size', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const made = await tasks(ann.api, 23, { group });
    const ids = new Set(made.map((t) => t.id));
    const first = await ann.api.get('/task?size=100');
    const newestFirst = first.body.results
      .map((t: { id: string }) => t.id)
      .filter((id: string) => ids.has(id));
    expect(newestFirst).toHaveLength(23);
    expect(first.body.next).toBeNull();
    expect(first.body.count).toBe(first.body.results.length);

    for (const size of [1, 5, 7]) {
      const { seen, counts } = await allPages(ann.api, `/task?size=${size}`);
      const got = seen.map((t) => t.id);
      expect(new Set(got).size, `size ${size}: no task twice`).toBe(got.length);
      expect(
        got.filter((id) => ids.has(id)),
        `size ${size}: every task, in order`,
      ).toEqual(newestFirst);
      // count: exact on the last page; before it, more than what was handed out so far.
      expect(counts.at(-1)).toBe(got.length);
      expect(counts.slice(0, -1).every((c, i) => c > (i + 1) * size - 1)).toBe(true);
    }
  });

  it('a Today panel hands out its tasks once each, in sort-code order, sub-tasks under their parent', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const made = await tasks(ann.api, 17, { group, priority_group: 1, task_position: 'bottom' });
    // A sub-task in the same panel shows under its parent, not as a row of its own.
    const child = await task(ann.api, { title: 'Child', group, parent: made[3]!.id, priority_group: 1 });
    const { seen } = await allPages(ann.api, '/task?priority_group=1&size=4');
    const got = seen.map((t) => t.id);
    const whole = await ann.api.get('/task?priority_group=1&size=100');
    expect(whole.body.next).toBeNull();
    expect(got).toEqual(whole.body.results.map((t: { id: string }) => t.id));
    expect(new Set(got)).toEqual(new Set(made.map((t) => t.id)));
    expect(got).not.toContain(child.id);
    const codes = seen.map((t) => t.custom_sort_code);
    expect(codes).toEqual([...codes].sort());
  });

  it('the header’s selection narrows the pages without losing or repeating tasks', async () => {
    const ann = await person('Ann');
    const home = await privateGroup(ann.api);
    const work = (await newGroup(ann.api)).id;
    const inWork = new Set<string>();
    for (let i = 0; i < 6; i++) {
      for (const t of await tasks(ann.api, 5, { group: home }, i * 10)) void t;
      for (const t of await tasks(ann.api, 2, { group: work }, i * 10 + 5)) inWork.add(t.id);
    }
    const { seen } = await allPages(ann.api, `/task?size=3&groups=${work}`);
    const got = seen.map((t) => t.id);
    expect(new Set(got).size).toBe(got.length);
    expect(new Set(got)).toEqual(inWork);
  });

  it('the Delegated tab reads only the tasks given to others, and follows who holds them', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const given: string[] = [];
    for (let i = 0; i < 4; i++) {
      await tasks(ann.api, 6, { group: g.id }, i * 10);
      const t = await task(ann.api, {
        title: `Given ${i}`,
        group: g.id,
        task_assignees: [{ user: bob.userId, role: 5 }],
      });
      given.unshift(t.id); // newest first
    }
    const { seen } = await allPages(ann.api, '/task/assigned?size=3');
    expect(seen.map((t) => t.id)).toEqual(given);
    // Taken back: the task leaves the tab; given again: it returns.
    const back = await ann.api.patch(`/task/${given[1]}`, {
      task_assignees: [{ user: ann.userId, role: 6 }],
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    const after = await ann.api.get('/task/assigned?size=10');
    expect(after.body.results.map((t: { id: string }) => t.id)).toEqual(given.filter((_, i) => i !== 1));
    await ann.api.patch(`/task/${given[1]}`, { task_assignees: [{ user: bob.userId, role: 5 }] });
    const again = await ann.api.get('/task/assigned?size=10');
    expect(again.body.results.map((t: { id: string }) => t.id)).toEqual(given);
  });

  it('a cursor of another list, or a damaged one, is refused', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const group = await privateGroup(ann.api);
    await tasks(ann.api, 3, { group, priority_group: 2 });
    const page = await ann.api.get('/task?priority_group=2&size=1');
    const cursor = /cursor=([^&]+)/.exec(page.body.next)![1];
    expect((await bob.api.get(`/task?priority_group=2&size=1&cursor=${cursor}`)).status).toBe(400);
    expect((await ann.api.get(`/task?priority_group=3&size=1&cursor=${cursor}`)).status).toBe(400);
    expect((await ann.api.get('/task?size=1&cursor=not-a-cursor')).status).toBe(400);
    const next = await ann.api.get(`/task?priority_group=2&size=1&cursor=${cursor}`);
    expect(next.status).toBe(200);
    expect(next.body.results).toHaveLength(1);
  });
});

describe('the Pending tab', () => {
  it('pages open invitations with a cursor, each once', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const group = await privateGroup(ann.api);
    const made = await tasks(ann.api, 7, { group });
    for (const t of made) {
      const r = await ann.api.put('/task/delegation/invitation', { task: t.id, email: bob.email });
      expect(r.status, JSON.stringify(r.body)).toBeLessThan(300);
    }
    const whole = await bob.api.get('/task/pending');
    expect(whole.body.count).toBe(7);
    expect(whole.body.next).toBeNull();
    const seen: string[] = [];
    let url: string | null = '/task/pending?size=3';
    for (let i = 0; url && i < 10; i++) {
      const r = await bob.api.get(url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      seen.push(...r.body.results.map((p: { task: { id: string } }) => p.task.id));
      url = r.body.next ? `/task/pending${r.body.next}` : null;
    }
    expect(seen).toEqual(whole.body.results.map((p: { task: { id: string } }) => p.task.id));
    expect(new Set(seen)).toEqual(new Set(made.map((t) => t.id)));
  });
});

describe('time blocks', () => {
  it('page with a cursor, each once, in the order of the whole list', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    for (let i = 0; i < 5; i++) {
      const r = await ann.api.post('/time-blocking/', {
        start_date: new Date(Date.now() + (i + 1) * 86_400_000).toISOString(),
        duration: 30,
        timezone: 'UTC',
        group,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
    }
    const whole = await ann.api.get('/time-blocking/');
    expect(whole.body.count).toBe(5);
    const seen: string[] = [];
    let url: string | null = '/time-blocking/?limit=2';
    for (let i = 0; url && i < 10; i++) {
      const r = await ann.api.get(url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      seen.push(...r.body.results.map((b: { id: string }) => b.id));
      url = r.body.next ? `/time-blocking/${r.body.next}` : null;
    }
    expect(seen).toEqual(whole.body.results.map((b: { id: string }) => b.id));
  });
});

describe('search', () => {
  it('is paged with a cursor, each match once, a bounded number of requests a page', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const matches = new Set<string>();
    for (let i = 0; i < 4; i++) {
      await tasks(ann.api, 20, { group }, i * 100);
      for (const t of await tasks(ann.api, 10, { group }, i * 100 + 50)) matches.add(t.id);
    }
    // Titles "Task 50".."Task 59", "Task 150".. hold "5"; so do "Task 5", "Task 15"… of the others.
    const holds5 = new Set<string>();
    const all = await allPages(ann.api, '/task?size=100');
    for (const t of all.seen) if (t.title.includes('5')) holds5.add(t.id);
    const seen: string[] = [];
    let url: string | null = '/task/search?search=5';
    for (let i = 0; url && i < 20; i++) {
      const r = await ann.api.get(url);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.results.length).toBeLessThanOrEqual(25);
      expect(requestsOf(r)).toBeLessThanOrEqual(8);
      seen.push(...r.body.results.map((t: { id: string }) => t.id));
      url = r.body.next ? `/task/search?search=5&${r.body.next.slice(1)}` : null;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(holds5);
    for (const id of matches) expect(holds5.has(id)).toBe(true);
  });
});

describe('page 1 does not grow with the list', () => {
  it('costs the same DynamoDB requests at 30 tasks as at 300', { timeout: 240_000 }, async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const paths = [
      '/task?size=25',
      '/task?priority_group=0&size=25',
      '/task/assigned',
      `/task?group=${group}`,
    ];
    await tasks(ann.api, 30, { group, priority_group: 0 });
    const small = await Promise.all(paths.map(async (p) => requestsOf(await ann.api.get(p))));
    await tasks(ann.api, 270, { group, priority_group: 0 }, 30);
    const big = await Promise.all(paths.map(async (p) => requestsOf(await ann.api.get(p))));
    for (const [i, p] of paths.entries()) {
      expect(small[i], `${p} at 30`).toBeGreaterThan(0);
      expect(big[i], `${p}: ${small[i]} requests at 30 tasks, ${big[i]} at 300`).toBe(small[i]);
    }
  });
});

describe('placements written before the list indexes', () => {
  it('get their keys from the backfill and show on the lists again', { timeout: 120_000 }, async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const g = await newGroup(ann.api);
    await addMember(ann.api, g.id, bob, 5);
    const plain = await task(ann.api, { title: 'Old plain', group: g.id });
    const given = await task(ann.api, {
      title: 'Old given',
      group: g.id,
      task_assignees: [{ user: bob.userId, role: 5 }],
    });
    const ids = async (path: string) =>
      (await ann.api.get(path)).body.results.map((t: { id: string }) => t.id) as string[];
    expect(await ids('/task')).toEqual([given.id, plain.id]);
    // As they were before gsi2 and gsi3: without those keys, so off the lists.
    for (const t of [plain, given]) {
      const stored = await PlacementEntity.get({ userId: ann.userId, taskId: t.id }).go({
        data: 'includeKeys',
      });
      const { pk, sk } = stored.data as unknown as { pk: string; sk: string };
      await documentClient.send(
        new UpdateCommand({
          TableName: process.env.TABLE_NAME,
          Key: { pk, sk },
          UpdateExpression: 'REMOVE gsi2pk, gsi2sk, gsi3pk, gsi3sk',
        }),
      );
    }
    expect(await ids('/task')).toEqual([]);
    expect(await ids('/task/assigned')).toEqual([]);

    expect(await backfillListKeys()).toBeGreaterThanOrEqual(2);
    expect(await ids('/task')).toEqual([given.id, plain.id]);
    expect(await ids('/task/assigned')).toEqual([given.id]);
    // Repeating it finds nothing of these left to do.
    const again = await backfillListKeys();
    expect(again).toBeLessThan(2);
  });
});
