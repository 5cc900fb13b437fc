/** Sort codes at the ends of a list without reading it (decisions D36). */
import { generateKeyBetween } from 'fractional-indexing';
import { describe, expect, it } from 'vitest';
import { endSortCode, endSortCodes, sortCodeBetween, sortCodeFor } from '../src/tasks/sort-codes.ts';

const sorted = (codes: readonly string[]) => [...codes].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));

describe('end sort codes', () => {
  it('a top code is above every code made by reading the list, a bottom code below', () => {
    // A list grown the old way: inserts at both ends and drags between neighbours.
    let codes = ['a0'];
    for (let i = 0; i < 500; i++) {
      codes = [...codes, sortCodeFor(i % 2 ? 'top' : 'bottom', codes)];
      const s = sorted(codes);
      codes = [...codes, sortCodeBetween(s[i % s.length]!, s[(i % s.length) + 1] ?? null)];
    }
    const top = endSortCode('top');
    const bottom = endSortCode('bottom');
    expect(sorted([...codes, top, bottom])[0]).toBe(top);
    expect(sorted([...codes, top, bottom]).at(-1)).toBe(bottom);
  });

  it('a later top is above an earlier one (even in the same millisecond), a later bottom below', () => {
    const t = Date.UTC(2026, 10, 25, 12);
    const tops = [
      endSortCode('top', t),
      endSortCode('top', t),
      endSortCode('top', t + 1),
      endSortCode('top', t + 60_000),
    ];
    expect(sorted(tops)).toEqual([...tops].reverse());
    const bottoms = [endSortCode('bottom', t), endSortCode('bottom', t), endSortCode('bottom', t + 1)];
    expect(sorted(bottoms)).toEqual(bottoms);
    // A top of a clock that went back still lands above the ones handed out before.
    const back = endSortCode('top', t - 5_000);
    expect(sorted([...tops, back])[0]).toBe(back);
  });

  it('codes made together keep the order given and are distinct', () => {
    for (const position of ['top', 'bottom'] as const) {
      const codes = endSortCodes(position, 120);
      expect(new Set(codes).size).toBe(120);
      expect(sorted(codes)).toEqual(codes);
    }
  });

  it('clock codes are valid fractional keys: drags and old-style end inserts work around them', () => {
    const top = endSortCode('top');
    const later = endSortCode('top');
    const bottom = endSortCode('bottom');
    const between = generateKeyBetween(later, top);
    expect(sorted([top, later, between])).toEqual([later, between, top]);
    const aboveTop = generateKeyBetween(null, later);
    expect(aboveTop < later).toBe(true);
    // An old-style insert above a clock code reads as one a microsecond later: the next clock top,
    // a millisecond on, is above it still.
    expect(endSortCode('top', Date.now() + 1) < aboveTop).toBe(true);
    expect(generateKeyBetween(bottom, null) > bottom).toBe(true);
    expect(generateKeyBetween(top, 'a0') > top).toBe(true);
    expect(() => generateKeyBetween(top, bottom)).not.toThrow();
  });
});
