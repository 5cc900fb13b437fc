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
});
