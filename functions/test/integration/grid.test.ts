/**
 * Grid views (spec 001 §3, §4, §7 "Grid views"; decisions D56): saved per person, the default view
 * -1, bad input refused with nothing written, someone else's view 404; the grid's rows filtered,
 * sorted, grouped and paged on the server over the caller's own tasks, with their request counts.
 */
import { DYNAMODB_REQUESTS_HEADER } from '@tandem/functions/lib/request-count';
import { describe, expect, it } from 'vitest';
import { type Api, person, privateGroup, task } from './support.ts';

const requestsOf = (r: { headers: Headers }) => Number(r.headers.get(DYNAMODB_REQUESTS_HEADER));
const titles = (r: { body: { results: Array<{ values: { title: string } }> } }) =>
  r.body.results.map((x) => x.values.title);

async function views(api: Api) {
  const r = await api.get('/task/grid?page=1&offset=0&limit=20');
  expect(r.status).toBe(200);
  return r.body as { count: number; next: string | null; results: Array<{ id: string; title: string }> };
}

describe('grid views', () => {
  it('saves, reads, lists, renames, changes and deletes a view; defaults are filled in', async () => {
    const ann = await person('Ann');
    const made = await ann.api.post('/task/grid', {
      title: 'By status',
      grid_data: {
        grouping: [{ column_name: 'status' }],
        filters: [{ column: 'title', operator: 'contains', value: 'report' }],
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.grid_data).toMatchObject({
      page_size: 15,
      grouping: [{ column_name: 'status' }],
      filters: [{ column: 'title', operator: 'contains', value: 'report' }],
      sorting: [{ column_name: 'createdAt', direction: 'desc' }],
      hidden_column_names: [],
    });
    const id = made.body.id as string;
    expect((await ann.api.get(`/task/grid/${id}`)).body).toEqual(made.body);

    const renamed = await ann.api.patch(`/task/grid/${id}`, { title: 'Open by status' });
    expect(renamed.body).toMatchObject({ title: 'Open by status', grid_data: made.body.grid_data });
    const widened = await ann.api.patch(`/task/grid/${id}`, {
      grid_data: { ...made.body.grid_data, table_column_extensions: [{ column_name: 'title', width: 250 }] },
    });
    expect(widened.status, JSON.stringify(widened.body)).toBe(200);
    expect(widened.body.grid_data.table_column_extensions).toEqual([
      { column_name: 'title', width: 250, word_wrap_enabled: false },
    ]);
    expect((await views(ann.api)).results.map((v) => v.title)).toEqual(['Open by status']);

    expect((await ann.api.delete(`/task/grid/${id}`)).status).toBe(204);
    expect((await ann.api.get(`/task/grid/${id}`)).status).toBe(404);
    expect((await views(ann.api)).count).toBe(0);
  });

  it('the default view -1 answers the defaults and cannot be changed or deleted', async () => {
    const ann = await person('Ann');
    const d = await ann.api.get('/task/grid/-1');
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ id: '-1', grid_data: { page_size: 15, grouping: [], filters: [] } });
    expect((await ann.api.patch('/task/grid/-1', { title: 'x' })).status).toBe(400);
    expect((await ann.api.delete('/task/grid/-1')).status).toBe(400);
  });

  it('someone else’s view is not found: read, change or delete', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const id = (await ann.api.post('/task/grid', { title: 'Mine' })).body.id;
    expect((await bob.api.get(`/task/grid/${id}`)).status).toBe(404);
    expect((await bob.api.patch(`/task/grid/${id}`, { title: 'Ha' })).status).toBe(404);
    expect((await bob.api.delete(`/task/grid/${id}`)).status).toBe(404);
    expect((await views(bob.api)).count).toBe(0);
    expect((await ann.api.get(`/task/grid/${id}`)).body.title).toBe('Mine');
  });

  it('bad input answers 400 with a clear message and writes nothing', async () => {
    const ann = await person('Ann');
    const id = (await ann.api.post('/task/grid', { title: 'Kept' })).body.id;
    const bad: Array<[unknown, string]> = [
      [{ title: 'x', grid_data: { hidden_column_names: ['salary'] } }, "Unknown column 'salary'."],
      [
        { title: 'x', grid_data: { filters: [{ column: 'status', operator: 'contains', value: 'a' }] } },
        "The operator 'contains' does not apply to the column 'status'.",
      ],
      [
        { title: 'x', grid_data: { filters: [{ column: 'title', operator: 'regex', value: 'a' }] } },
        "Unknown operator 'regex'.",
      ],
      [
        { title: 'x', grid_data: { table_column_extensions: [{ column_name: 'title', width: 400 }] } },
        'A column is 100 to 250 pixels wide.',
      ],
      [{ title: '   ' }, 'A view needs a title.'],
    ];
    for (const [body, message] of bad) {
      const r = await ann.api.post('/task/grid', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.body)).toContain(message);
      const p = await ann.api.patch(`/task/grid/${id}`, body);
      expect(p.status).toBe(400);
    }
    const list = await views(ann.api);
    expect(list.results.map((v) => v.title)).toEqual(['Kept']);
    expect((await ann.api.get(`/task/grid/${id}`)).body.grid_data.hidden_column_names).toEqual([]);
  });

  it('lists 20 a page with page and offset, in one Query', async () => {
    const ann = await person('Ann');
    for (let i = 0; i < 23; i += 6)
      await Promise.all(
        Array.from({ length: Math.min(6, 23 - i) }, (_, j) =>
          ann.api.post('/task/grid', { title: `View ${String(i + j).padStart(2, '0')}` }),
        ),
      );
    const first = await ann.api.get('/task/grid?page=1&offset=0&limit=20');
    expect(first.body.count).toBe(23);
    expect(first.body.results).toHaveLength(20);
    expect(first.body.next).toBe('?page=2&offset=0&limit=20');
    expect(requestsOf(first)).toBe(1);
    const second = await ann.api.get('/task/grid?page=2&offset=0&limit=20');
    expect(second.body.results).toHaveLength(3);
    expect(second.body.next).toBeNull();
    const ids = new Set([...first.body.results, ...second.body.results].map((v: { id: string }) => v.id));
    expect(ids.size).toBe(23);
    const shifted = await ann.api.get('/task/grid?page=1&offset=5&limit=20');
    expect(shifted.body.results[0].id).toBe(first.body.results[5].id);
    expect((await ann.api.get('/task/grid?limit=0')).status).toBe(400);
  });
});

describe('grid rows', () => {
  async function seeded() {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const made = [];
    const specs = [
      { title: 'Write report', status: 2 },
      { title: 'Read report', status: 1 },
      { title: 'Plan trip', status: 1 },
      { title: 'Pay bills', status: 3 },
      { title: 'Report taxes', status: 1 },
    ];
    for (const s of specs) made.push(await task(ann.api, { ...s, group, priority_group: 1 }));
    return { ann, group, made };
  }

  it('filters, sorts, groups with counts over the whole list and pages on the server', async () => {
    const { ann } = await seeded();
    const r = await ann.api.post('/task/grid/rows', {
      filters: [{ column: 'title', operator: 'contains', value: 'report' }],
      sorting: [{ column_name: 'title', direction: 'asc' }],
      grouping: [{ column_name: 'status' }],
      page_size: 10,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBe(3);
    // Grouped by status first (1 before 2), then by title.
    expect(titles(r)).toEqual(['Read report', 'Report taxes', 'Write report']);
    expect(r.body.groups).toEqual([
      { key: [1], count: 2 },
      { key: [2], count: 1 },
    ]);
    // Only the entries and the page's tasks were read: Queries, the groups, the page, its custom values.
    expect(requestsOf(r)).toBeLessThanOrEqual(5);

    const page2 = await ann.api.post('/task/grid/rows', {
      sorting: [{ column_name: 'title', direction: 'desc' }],
      grouping: [{ column_name: 'status' }],
      page: 2,
      page_size: 10,
    });
    expect(page2.body.results).toEqual([]);
    expect(page2.body.count).toBe(5);
  });

  it('a column only the task has (due date) reads the tasks; isEmpty and date operators', async () => {
    const { ann, group } = await seeded();
    const due = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await task(ann.api, { title: 'Due soon', group, due_at: due });
    const r = await ann.api.post('/task/grid/rows', {
      filters: [{ column: 'dueAt', operator: 'isNotEmpty' }],
    });
    expect(titles(r)).toEqual(['Due soon']);
    expect(r.body.results[0].values.due_at).toBe(due);
    const none = await ann.api.post('/task/grid/rows', {
      filters: [{ column: 'dueAt', operator: 'lessThan', value: new Date().toISOString().slice(0, 10) }],
    });
    expect(none.body.count).toBe(0);
  });

  it('custom-field values are columns, filterable', async () => {
    const { ann, made } = await seeded();
    const t = made[0];
    await ann.api.post('/task/custom/field', {
      task: t.id,
      custom_field: [{ id: 'weight', type: 'number', label: 'Weight' }],
    });
    await ann.api.post('/task/custom/value', { task: t.id, custom_value: { weight: '70' } });
    const r = await ann.api.post('/task/grid/rows', {
      filters: [{ column: 'cf:weight', operator: 'greaterThan', value: 50 }],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(titles(r)).toEqual(['Write report']);
    expect(r.body.results[0].values['cf:weight']).toBe(70);
    expect(r.body.custom_columns).toEqual([{ name: 'cf:weight', label: 'Weight', type: 'number' }]);
  });

  it('only the caller’s own tasks; an unknown column is 400', async () => {
    await seeded();
    const bob = await person('Bob');
    const r = await bob.api.post('/task/grid/rows', {});
    expect(r.body.count).toBe(0);
    const bad = await bob.api.post('/task/grid/rows', { sorting: [{ column_name: 'salary' }] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("Unknown column 'salary'.");
  });

  it('the default view is one page-sized Query from a cursor, whatever the list’s length (D63)', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const made: string[] = [];
    for (let i = 0; i < 60; i += 6) {
      const batch = await Promise.all(
        Array.from({ length: 6 }, (_, j) =>
          task(ann.api, { title: `Task ${String(i + j).padStart(2, '0')}`, group, priority_group: 1 }),
        ),
      );
      made.push(...batch.map((t: { id: string }) => t.id));
    }
    // One dismissed task is not a row.
    const gone = made[59]!;
    expect((await ann.api.patch(`/task/dismiss/${gone}`, {})).status).toBeLessThan(300);

    const first = await ann.api.post('/task/grid/rows', { page_size: 10 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.results).toHaveLength(10);
    // The page's Query, one BatchGetItem of its tasks and groups, one of their custom values.
    expect(requestsOf(first)).toBe(3);
    // More than one Query's worth exists: the count is a lower bound and a cursor is answered.
    expect(first.body.next).toEqual(expect.any(String));
    expect(first.body.count).toBeGreaterThan(10);
    const created = first.body.results.map((r: { values: { created_at: string } }) => r.values.created_at);
    expect([...created].sort().reverse()).toEqual(created);

    const second = await ann.api.post('/task/grid/rows', { page: 2, page_size: 10, cursor: first.body.next });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(requestsOf(second)).toBe(3);
    const ids = (r: { body: { results: Array<{ id: string }> } }) => r.body.results.map((x) => x.id);
    expect(ids(second)).toHaveLength(10);
    expect(ids(second).filter((id) => ids(first).includes(id))).toEqual([]);
    expect(created.at(-1) > second.body.results[0].values.created_at).toBe(true);
    expect([...ids(first), ...ids(second)]).not.toContain(gone);

    // The same page by number (no cursor) walks to it and answers the same rows.
    const byNumber = await ann.api.post('/task/grid/rows', { page: 2, page_size: 10 });
    expect(ids(byNumber)).toEqual(ids(second));

    // Walking the cursors to the end reaches every listed task once, and the last count is exact.
    let seen = [...ids(first), ...ids(second)];
    let next: string | null = second.body.next;
    let last = second;
    for (let page = 3; next; page++) {
      last = await ann.api.post('/task/grid/rows', { page, page_size: 10, cursor: next });
      seen = [...seen, ...ids(last)];
      next = last.body.next;
    }
    expect(new Set(seen).size).toBe(59);
    expect(last.body.count).toBe(59);
    // The same order as the whole-list read sorts them.
    const whole = await ann.api.post('/task/grid/rows', {
      page_size: 100,
      sorting: [
        { column_name: 'createdAt', direction: 'desc' },
        { column_name: 'title', direction: 'asc' },
      ],
    });
    expect(ids(whole)).toEqual(seen);

    // A cursor of another person's list is refused.
    const bob = await person('Bob');
    const stolen = await bob.api.post('/task/grid/rows', { page: 2, page_size: 10, cursor: first.body.next });
    expect(stolen.status).toBe(400);
  });

  it('a filter on the entries’ own columns pages by cursor too and agrees with the whole-list read', async () => {
    const { ann } = await seeded();
    const filters = [{ column: 'title', operator: 'contains', value: 'report' }];
    const paged = await ann.api.post('/task/grid/rows', { filters });
    expect(titles(paged)).toEqual(['Report taxes', 'Read report', 'Write report']);
    expect(paged.body.count).toBe(3);
    expect(paged.body.next).toBeNull();
    expect(requestsOf(paged)).toBe(3);
    // Sorted the same way but through the whole list (two sort columns): the same rows.
    const whole = await ann.api.post('/task/grid/rows', {
      filters,
      sorting: [
        { column_name: 'createdAt', direction: 'desc' },
        { column_name: 'title', direction: 'asc' },
      ],
    });
    expect(titles(whole)).toEqual(titles(paged));
    expect(whole.body.next).toBeNull();
  });
});
