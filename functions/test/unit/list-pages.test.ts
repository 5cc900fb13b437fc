/**
 * The page reader behind every list (functions/src/lib/list-pages.ts, decisions D28), against an
 * in-memory "index" that behaves like a DynamoDB Query with Limit and ExclusiveStartKey: following
 * `next` hands out every kept item once and in order, a page never takes more than its bounded
 * Queries, `count` is exact when the reads reached the end, and cursors cannot be moved between lists.
 */
import { describe, expect, it } from 'vitest';
import {
  decodeCursor,
  encodeCursor,
  keysOfCursor,
  MAX_PAGE_REQUESTS,
  type PageSource,
  readPage,
} from '../../src/lib/list-pages.ts';

interface Row {
  pk: string;
  sk: string;
  n: number;
}

/** An index of `n` rows in sk order; `keepIf` is the list's filter; counts Queries. */
function source(n: number, keepIf: (r: Row) => boolean, partition = 'P#1') {
  const rows: Row[] = Array.from({ length: n }, (_, i) => ({
    pk: 'X',
    sk: `k${String(i).padStart(5, '0')}`,
    n: i,
  }));
  const calls: number[] = [];
  const src: PageSource<Row> = {
    partition,
    keyFields: ['pk', 'sk'],
    query: async (limit, cursor) => {
      calls.push(limit);
      const after = cursor ? String(keysOfCursor(cursor).sk) : '';
      const from = rows.findIndex((r) => r.sk > after);
      const data = from === -1 ? [] : rows.slice(from, from + limit).map((r) => ({ ...r }));
      const last = data.at(-1);
      const more = last !== undefined && last.n < n - 1;
      const next = more
        ? Buffer.from(JSON.stringify({ pk: last.pk, sk: last.sk })).toString('base64url')
        : null;
      return { data, cursor: next };
    },
    keep: (batch) => batch.filter(keepIf),
  };
  return { src, calls, expected: rows.filter(keepIf).map((r) => r.n) };
}

async function follow(n: number, size: number, keepIf: (r: Row) => boolean) {
  const { src, calls, expected } = source(n, keepIf);
  const seen: number[] = [];
  const perPage: number[] = [];
  let cursor: string | undefined;
  let last = 0;
  for (let i = 0; i < 10_000; i++) {
    const before = calls.length;
    const page = await readPage(src, { size, cursor });
    perPage.push(calls.length - before);
    expect(page.items.length).toBeLessThanOrEqual(size);
    seen.push(...page.items.map((r) => r.n));
    last = page.count;
    if (!page.next) break;
    expect(page.count, 'count before the end says more exist').toBeGreaterThan(seen.length);
    cursor = page.next;
  }
  return { seen, expected, perPage, lastCount: last };
}

describe('readPage', () => {
  const filters: Array<[string, (r: Row) => boolean]> = [
    ['everything', () => true],
    ['every third', (r) => r.n % 3 === 0],
    ['a rare few', (r) => r.n % 97 === 5],
    ['nothing', () => false],
  ];
  for (const [name, keepIf] of filters) {
    for (const [n, size] of [
      [0, 5],
      [7, 5],
      [50, 25],
      [51, 25],
      [1000, 1],
      [1000, 25],
      [2500, 100],
    ] as const) {
      it(`${name}, ${n} rows, pages of ${size}: each kept row once, in order, bounded Queries`, async () => {
        const { seen, expected, perPage, lastCount } = await follow(n, size, keepIf);
        expect(seen).toEqual(expected);
        expect(lastCount).toBe(expected.length);
        expect(Math.max(...perPage)).toBeLessThanOrEqual(MAX_PAGE_REQUESTS);
      });
    }
  }

  it('page 1 costs the same Queries at 100 rows and at 100,000', async () => {
    for (const keepIf of [() => true, (r: Row) => r.n % 2 === 0]) {
      const small = source(100, keepIf);
      const big = source(100_000, keepIf);
      await readPage(small.src, { size: 25 });
      await readPage(big.src, { size: 25 });
      expect(big.calls).toEqual(small.calls);
    }
  });

  it('count is exact for a list read to its end in one answer, a lower bound otherwise', async () => {
    const whole = await readPage(source(40, () => true).src, { size: 25 });
    expect(whole.count).toBe(40);
    expect(whole.next).not.toBeNull();
    const long = await readPage(source(5000, () => true).src, { size: 25 });
    expect(long.count).toBeGreaterThan(25);
    expect(long.count).toBeLessThan(5000);
  });

  it('a page number walks from the start and lands where the cursors do', async () => {
    const keepIf = (r: Row) => r.n % 4 !== 1;
    const viaCursor = await follow(300, 10, keepIf);
    const { src } = source(300, keepIf);
    const third = await readPage(src, { size: 10, page: 3 });
    expect(third.items.map((r) => r.n)).toEqual(viaCursor.seen.slice(20, 30));
    expect(third.offset).toBe(20);
  });
});

describe('cursors', () => {
  it('are refused on another list, damaged, or with a bad offset', () => {
    const c = encodeCursor({ p: 'UPG#ann#0', k: { pk: 'a', sk: 'b' }, o: 25 });
    expect(decodeCursor(c, 'UPG#ann#0').o).toBe(25);
    expect(() => decodeCursor(c, 'UPG#ann#1')).toThrow(/out of date/);
    expect(() => decodeCursor(c, 'UPG#bob#0')).toThrow(/out of date/);
    expect(() => decodeCursor('not-json', 'UPG#ann#0')).toThrow(/out of date/);
    expect(() => decodeCursor(encodeCursor({ p: 'L', k: { pk: 'a' }, o: -1 }), 'L')).toThrow(/out of date/);
    const nested = Buffer.from(JSON.stringify({ p: 'L', k: { pk: { S: 'x' } }, o: 0 })).toString('base64url');
    expect(() => decodeCursor(nested, 'L')).toThrow(/out of date/);
  });
});
