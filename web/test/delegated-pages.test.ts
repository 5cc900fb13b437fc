/**
 * The Delegated tab's "Show more" follows the server's cursor (decisions D28): page N is read after
 * page N-1, with its cursor, never as a page number walked from the start.
 */
import { describe, expect, it, vi } from 'vitest';

const calls: Array<Record<string, unknown>> = [];
vi.mock('../src/lib/api.ts', () => ({
  api: async (_route: unknown, opts: { query: Record<string, unknown> }) => {
    calls.push(opts.query);
    const cursor = opts.query.cursor as string | undefined;
    const at = cursor ? Number(cursor.slice(1)) : 0;
    const results = Array.from({ length: Math.min(2, 5 - at) }, (_, i) => ({ id: `t${at + i}` }));
    const end = at + 2 >= 5;
    return {
      count: end ? 5 : at + 3,
      next: end ? null : `?cursor=c${at + 2}&size=2`,
      previous: null,
      results,
    };
  },
}));

const { listAssigned } = await import('../src/features/delegation/api/delegation.ts');

describe('listAssigned', () => {
  it('reads each further page with the previous one’s cursor and stops at the end', async () => {
    calls.length = 0;
    const two = await listAssigned(2);
    expect(calls.map((q) => q.cursor ?? null)).toEqual([null, 'c2']);
    expect(calls.every((q) => q.page === undefined)).toBe(true);
    expect(two.results.map((t) => t.id)).toEqual(['t0', 't1', 't2', 't3']);
    expect(two.count).toBeGreaterThan(two.results.length);

    calls.length = 0;
    const all = await listAssigned(9);
    expect(calls).toHaveLength(3);
    expect(all.results.map((t) => t.id)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(all.count).toBe(5);
  });
});
