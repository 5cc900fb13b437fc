/**
 * Task import (issue 14 item 7; decisions D60): reading and checking a file of 5,000 Todoist rows in
 * memory (what the preview does), refusing one of 100,000 rows (it must stop early), and POST
 * /task/import of 1,000 and 5,000 rows through the local gateway — time and DynamoDB requests.
 */
import { randomUUID } from 'node:crypto';
import { previewImport } from '@tandem/shared/import/import';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { record } from './report.ts';
import { fmt, median } from './stats.ts';

const HEAD = 'TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE';

export function todoistFile(rows: number): string {
  const lines = [HEAD];
  for (let i = 0; i < rows; i++) {
    const indent = [1, 2, 2, 3, 3][i % 5]!;
    lines.push(`task,"Task ${i}, imported",Some words,${(i % 4) + 1},${indent},Ann (1),,2030-01-15,en,`);
  }
  return lines.join('\r\n');
}

const timed = (fn: () => unknown, runs: number) =>
  median(
    Array.from({ length: runs }, () => {
      const t = performance.now();
      fn();
      return performance.now() - t;
    }),
  );

export function benchImportParse(): void {
  const five = todoistFile(5000);
  const huge = todoistFile(100_000);
  const parse = timed(() => previewImport(five, { zone: 'Europe/Berlin' }), 7);
  const refuse = timed(() => {
    try {
      previewImport(huge.slice(0, 2 * 1024 * 1024), { zone: 'UTC' });
    } catch {
      // refused, as it must be
    }
  }, 7);
  console.log(
    `\nImport: preview of 5,000 Todoist rows (${(five.length / 1024).toFixed(0)} KB) ${fmt(parse)} ms median`,
  );
  console.log(`  100,000 rows (first 2 MB) refused in ${fmt(refuse)} ms median`);
  record({
    figure: 'import preview, 5,000 rows (in memory)',
    target: '—',
    baseline: '—',
    now: `${fmt(parse)} ms`,
    met: null,
  });
  record({
    figure: 'import refusal, 100,000 rows',
    target: '—',
    baseline: '—',
    now: `${fmt(refuse)} ms`,
    met: null,
  });
}

interface Counter {
  count: number;
  byCommand: Record<string, number>;
}

export async function benchImport(env: StackEnv, url: string, counter: Counter): Promise<void> {
  const user = await createUser(env, { firstName: 'Ivo' });
  const api = apiClient(url, user.accessToken);
  const group = (await api.get('/group/member')).body.results.find(
    (g: { is_private: boolean }) => g.is_private,
  ).id as string;
  for (const n of [1000, 5000]) {
    const rows = previewImport(todoistFile(n), { zone: 'UTC' }).rows;
    const key = randomUUID();
    const before = counter.count;
    const byBefore = { ...counter.byCommand };
    const t = performance.now();
    // A 503 (a part's transaction past the 3 s request bound on a busy machine) is retried with the
    // same key, as the web's client does: the import goes on from the parts already written.
    let r = await api.post('/task/import', { group, idempotency_key: key, rows });
    let attempts = 1;
    while (r.status === 503 && attempts < 6) {
      attempts++;
      r = await api.post('/task/import', { group, idempotency_key: key, rows });
    }
    const ms = performance.now() - t;
    if (r.status !== 201)
      throw new Error(`import answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
    const requests = counter.count - before;
    const tx = (counter.byCommand.TransactWriteItemsCommand ?? 0) - (byBefore.TransactWriteItemsCommand ?? 0);
    const t2 = performance.now();
    const again = await api.post('/task/import', { group, idempotency_key: key, rows });
    const retryMs = performance.now() - t2;
    if (again.status !== 201) throw new Error(`retry answered ${again.status}`);
    console.log(
      `  POST /task/import ${n} rows: ${fmt(ms / 1000, 2)} s, ${requests} DynamoDB requests (${tx} transactions), ${attempts} call(s); a retry after ${fmt(retryMs / 1000, 2)} s, nothing written`,
    );
    record({
      figure: `import ${n} rows`,
      target: '< 15 s (Lambda)',
      baseline: '—',
      now: `${fmt(ms / 1000, 2)} s, ${requests} requests`,
      met: ms < 15_000,
    });
  }
}
