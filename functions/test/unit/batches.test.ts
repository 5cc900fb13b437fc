/** Many writes sliced to DynamoDB's ceilings: steps kept whole, shared counters written once. */
import { describe, expect, it } from 'vitest';
import { chunks, MAX_TRANSACTION_ITEMS, packSteps } from '../../src/lib/batches.ts';

describe('chunks', () => {
  it('slices 250 items into 100, 100 and 50, in order', () => {
    const items = Array.from({ length: 250 }, (_, i) => i);
    const out = chunks(items, 100);
    expect(out.map((c) => c.length)).toEqual([100, 100, 50]);
    expect(out.flat()).toEqual(items);
  });
});

describe('packSteps', () => {
  it('never splits a step and never passes 100 writes', () => {
    const steps = Array.from({ length: 250 }, (_, i) => [`delete ${i}`, `unplace ${i} a`, `unplace ${i} b`]);
    const out = packSteps(steps);
    expect(out.flat()).toEqual(steps.flat());
    for (const chunk of out) {
      expect(chunk.length).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
      expect(chunk.length % 3).toBe(0);
    }
    expect(out).toHaveLength(Math.ceil(250 / 33));
  });

  it('counts writes with the same merge key once (one counter item, written once)', () => {
    // 250 steps of a delete and the creator's counter: 99 deletes and one counter a transaction.
    const steps = Array.from({ length: 250 }, (_, i) => [`delete ${i}`, 'counter ann']);
    const key = (w: string) => (w.startsWith('counter') ? w : undefined);
    const out = packSteps(steps, MAX_TRANSACTION_ITEMS, key);
    expect(out.map((c) => c.filter((w) => w.startsWith('delete')).length)).toEqual([99, 99, 52]);
    for (const chunk of out) expect(new Set(chunk).size).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
  });

  it('cuts a step too big for one transaction into pieces of its own', () => {
    const big = Array.from({ length: 150 }, (_, i) => `w${i}`);
    const out = packSteps([['a'], big, ['b']]);
    expect(out.flat()).toEqual(['a', ...big, 'b']);
    for (const chunk of out) expect(chunk.length).toBeLessThanOrEqual(MAX_TRANSACTION_ITEMS);
  });
});
