/**
 * Task import against the local stack (issue 14 item 7; D60): the preview writes nothing and answers
 * per-row errors; the import writes all rows or none (250 rows, three transactions' worth of tasks,
 * with Todoist's INDENT as parents), once per key (a retry writes nothing new), and only into a group
 * the caller may make tasks in. A broken quote, 100,000 rows and a bad date are refused clearly.
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { importTaskId } from '@tandem/functions/core/import/import';
import { documentClient } from '@tandem/functions/db/client';
import { PlacementEntity } from '@tandem/functions/db/entities/placement';
import { TaskEntity } from '@tandem/functions/db/entities/task';
import { env } from '@tandem/functions/lib/env';
import { IMPORT_MESSAGES } from '@tandem/shared/import/import';
import { describe, expect, it } from 'vitest';
import { type Api, newGroup, person, privateGroup } from './support.ts';

const TODOIST_HEAD = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE';

async function preview(api: Api, csv: string, query = '') {
  const fd = new FormData();
  fd.append('file', new Blob([csv], { type: 'text/csv' }), 'tasks.csv');
  const res = await api.raw('POST', `/task/import/preview${query}`, { body: fd });
  // biome-ignore lint/suspicious/noExplicitAny: test responses are inspected field by field
  return { status: res.status, body: (await res.json()) as any };
}

/** The tasks on a person's lists, read from the table (every placement, sub-tasks included). */
const taskCount = async (who: { userId: string }) =>
  (await PlacementEntity.query.byUserNewest({ userId: who.userId }).go({ pages: 'all' })).data.length;

/** 250 Todoist rows in runs of five: a top task, two sub-tasks, two under the second (INDENT 1,2,2,3,3). */
function todoist250(): string {
  const lines = [TODOIST_HEAD];
  for (let i = 0; i < 250; i++) {
    const indent = [1, 2, 2, 3, 3][i % 5]!;
    lines.push(
      `task,"Task ${i}, with a comma",Line one,${(i % 4) + 1},${indent},Ann (1),,2030-01-${String((i % 28) + 1).padStart(2, '0')},en,`,
    );
  }
  return lines.join('\r\n');
}

describe('POST /task/import/preview', () => {
  it('answers the rows and their errors, naming line and column; writes nothing', async () => {
    const ann = await person('Ann');
    const csv = `${TODOIST_HEAD}\ntask,Good,,1,1,,,2030-05-01,en,\ntask,Bad date,,4,1,,,every other day,en,\n`;
    const r = await preview(ann.api, csv, '?timezone=Europe%2FBerlin');
    expect(r.status).toBe(200);
    expect(r.body.format).toBe('todoist');
    expect(r.body.rows).toHaveLength(2);
    expect(r.body.rows[0]).toMatchObject({ title: 'Good', due_at: '2030-05-01T21:59:00.000Z', flag: 1 });
    expect(r.body.errors).toEqual([{ row: 3, column: 'DATE', message: IMPORT_MESSAGES.date }]);
    expect(await taskCount(ann)).toBe(0);
  });

  it('refuses a broken quote naming its line, 100,000 rows, and unknown columns with 400', async () => {
    const ann = await person('Ann');
    const broken = await preview(ann.api, 'Title\nfine\n"never closed\nmore\n');
    expect(broken.status).toBe(400);
    expect(broken.body.errors.file).toMatch(/^Line 3: a quoted field is never closed/);
    const many = await preview(ann.api, `Title\n${'task\n'.repeat(100_000)}`);
    expect(many.status).toBe(400);
    expect(many.body.errors.file).toBe(IMPORT_MESSAGES.tooManyRows);
    const unknown = await preview(ann.api, 'Name\nx\n');
    expect(unknown.body.errors.file).toBe(IMPORT_MESSAGES.unknownFormat);
    const big = await preview(ann.api, `Title\n${'x'.repeat(2 * 1024 * 1024 + 10)}\n`);
    expect(big.status).toBe(413);
    expect(big.body.fallback_message).toBe(IMPORT_MESSAGES.tooLarge);
  });
});

describe('POST /task/import', () => {
  it('imports 250 previewed rows with their parents, all at once, and a retry writes nothing new', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const p = await preview(ann.api, todoist250());
    expect(p.status).toBe(200);
    expect(p.body.errors).toEqual([]);
    const key = randomUUID();
    const r = await ann.api.post('/task/import', { group, idempotency_key: key, rows: p.body.rows });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toEqual({ created: 250, group });
    expect(await taskCount(ann)).toBe(250);

    // The tree from INDENT: Task 0 has Task 1 and Task 2; Task 2 has Task 3 and Task 4.
    const all = await allTasks(ann.api);
    const t0 = all.find((t) => t.title === 'Task 0, with a comma')!;
    const t0full = (await ann.api.get(`/task/${t0.id}`)).body;
    expect(t0full.children.map((c: { title: string }) => c.title)).toEqual([
      'Task 1, with a comma',
      'Task 2, with a comma',
    ]);
    const t2 = (await ann.api.get(`/task/${t0full.children[1].id}`)).body;
    expect(t2.parent.id).toBe(t0.id);
    expect(t2.children.map((c: { title: string }) => c.title)).toEqual([
      'Task 3, with a comma',
      'Task 4, with a comma',
    ]);
    expect(t0full.task_details).toMatchObject({ description: 'Line one', flag: 1 });

    // The same key again (a retry after a lost answer): nothing new.
    const again = await ann.api.post('/task/import', { group, idempotency_key: key, rows: p.body.rows });
    expect(again.status).toBe(201);
    expect(await taskCount(ann)).toBe(250);
    // The key with other rows is refused.
    const other = await ann.api.post('/task/import', {
      group,
      idempotency_key: key,
      rows: p.body.rows.slice(0, 1),
    });
    expect(other.status).toBe(409);
    expect(await taskCount(ann)).toBe(250);
  });

  it('finishes an import that stopped part way when sent again with its key, nothing twice', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const rows = (await preview(ann.api, todoist250())).body.rows;
    const key = randomUUID();
    // An item in the way of row 200's task (in a later part): that part's transaction is refused.
    const blocked = importTaskId(ann.userId, key, 200);
    const Key = (TaskEntity.get({ taskId: blocked }).params() as { Key: Record<string, string> }).Key;
    await documentClient.send(
      new PutCommand({
        TableName: env.tableName,
        Item: { ...Key, blocker: true },
      }),
    );
    const first = await ann.api.post('/task/import', { group, idempotency_key: key, rows });
    expect(first.status).toBe(409);
    const partly = await taskCount(ann);
    expect(partly).toBeGreaterThan(0);
    expect(partly).toBeLessThan(250);
    await documentClient.send(new DeleteCommand({ TableName: env.tableName, Key }));
    const again = await ann.api.post('/task/import', { group, idempotency_key: key, rows });
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(await taskCount(ann)).toBe(250);
  });

  it('refuses every row at once when one is invalid (a bad date), writing nothing', async () => {
    const ann = await person('Ann');
    const group = await privateGroup(ann.api);
    const rows = [
      {
        line: 2,
        title: 'Fine',
        description: '',
        flag: 3,
        status: 1,
        priority_group: 1,
        due_at: null,
        parent: null,
      },
      {
        line: 3,
        title: 'Bad date',
        description: '',
        flag: 3,
        status: 1,
        priority_group: 1,
        due_at: 'next Tuesday',
        parent: null,
      },
      {
        line: 4,
        title: 'Orphan',
        description: '',
        flag: 3,
        status: 1,
        priority_group: 1,
        due_at: null,
        parent: 7,
      },
    ];
    const r = await ann.api.post('/task/import', { group, idempotency_key: randomUUID(), rows });
    expect(r.status).toBe(400);
    expect(r.body.detail.rows).toEqual([
      { row: 3, column: 'due_at', message: 'Give a date and time in ISO 8601.' },
      { row: 4, column: 'parent', message: IMPORT_MESSAGES.parent },
    ]);
    expect(await taskCount(ann)).toBe(0);
  });

  it('answers 404 for a group the caller is not in, and writes nothing', async () => {
    const ann = await person('Ann');
    const bob = await person('Bob');
    const bobs = await newGroup(bob.api);
    const rows = [
      {
        line: 2,
        title: 'X',
        description: '',
        flag: 3,
        status: 1,
        priority_group: 0,
        due_at: null,
        parent: null,
      },
    ];
    const r = await ann.api.post('/task/import', { group: bobs.id, idempotency_key: randomUUID(), rows });
    expect(r.status).toBe(404);
    expect(await taskCount(ann)).toBe(0);
    expect(await taskCount(bob)).toBe(0);
  });
});

async function allTasks(api: Api): Promise<Array<{ id: string; title: string }>> {
  const out: Array<{ id: string; title: string }> = [];
  for (let page = 1; page <= 10; page++) {
    const r = await api.get(`/task?page=${page}&size=100`);
    out.push(...r.body.results);
    if (out.length >= r.body.count || r.body.results.length === 0) break;
  }
  return out;
}
