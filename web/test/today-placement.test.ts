import { describe, expect, it } from 'vitest';
import {
  moveRefusal,
  panelDropIndex,
  placeBetweenAt,
  placeBetweenVisible,
  sortByCode,
} from '../src/features/today/utils/placement.ts';

const list = [
  { id: 'a', customSortCode: 'a0' },
  { id: 'b', customSortCode: 'a1' },
  { id: 'c', customSortCode: 'a2' },
];

describe('Today drop placement (placeBetween from the drop position)', () => {
  it('lands between the two neighbours at the drop index', () => {
    expect(placeBetweenAt(list, 1)).toEqual({ before: 'a0', after: 'a1' });
  });

  it('has no before neighbour at the top and no after neighbour at the bottom', () => {
    expect(placeBetweenAt(list, 0)).toEqual({ before: null, after: 'a0' });
    expect(placeBetweenAt(list, 3)).toEqual({ before: 'a2', after: null });
    expect(placeBetweenAt(list, 99)).toEqual({ before: 'a2', after: null });
  });

  it('drops into an empty group with no neighbours', () => {
    expect(placeBetweenAt([], 0)).toEqual({ before: null, after: null });
  });

  it('reorders inside a list without counting the moved task as its own neighbour', () => {
    // c dragged to the top: a, b, c -> c, a, b
    expect(placeBetweenVisible(list, ['c', 'a', 'b'], 'c')).toEqual({ before: null, after: 'a0' });
    // a dragged below b: b, a, c
    expect(placeBetweenVisible(list, ['b', 'a', 'c'], 'a')).toEqual({ before: 'a1', after: 'a2' });
  });

  it('places a task from another group between its new visible neighbours', () => {
    expect(placeBetweenVisible(list, ['a', 'x', 'b', 'c'], 'x')).toEqual({ before: 'a0', after: 'a1' });
    expect(placeBetweenVisible(list, ['a', 'b', 'c', 'x'], 'x')).toEqual({ before: 'a2', after: null });
  });

  it('lands right below the visible row above it when a filter hides rows', () => {
    // b is hidden by the search: on screen a, x, c means "just below a", so between a and b.
    expect(placeBetweenVisible(list, ['a', 'x', 'c'], 'x')).toEqual({ before: 'a0', after: 'a1' });
    // at the top of the filtered view: just above the first visible row (b), below hidden a.
    expect(placeBetweenVisible(list, ['x', 'b'], 'x')).toEqual({ before: 'a0', after: 'a1' });
  });

  it('goes to the top when nothing around it is visible', () => {
    expect(placeBetweenVisible(list, ['x'], 'x')).toEqual({ before: null, after: 'a0' });
  });

  it('sorts by plain code order, not by locale', () => {
    const codes = ['a1', 'Zz', 'a0V', 'a0'].map((c, i) => ({ id: String(i), customSortCode: c }));
    expect(sortByCode(codes).map((t) => t.customSortCode)).toEqual(['Zz', 'a0', 'a0V', 'a1']);
  });
});

describe('dropping on a panel rather than a row', () => {
  const open = { status: { id: 1 } };
  const done = { status: { id: 4 } };

  it('goes above the Done tasks at the bottom of an open panel', () => {
    expect(panelDropIndex([open, open, done, done], false)).toBe(2);
    expect(panelDropIndex([open, open], false)).toBe(2);
    expect(panelDropIndex([], false)).toBe(0);
  });

  it('goes to the top of a collapsed panel', () => {
    expect(panelDropIndex([open, done], true)).toBe(0);
  });
});

describe('the pinned rule', () => {
  it('refuses to move a task pinned to today out of its group', () => {
    expect(moveRefusal({ pinnedToToday: true }, 0, 1)).toBe('pinned');
  });

  it('lets a pinned task be reordered inside its group', () => {
    expect(moveRefusal({ pinnedToToday: true }, 0, 0)).toBeNull();
  });

  it('lets any other task move between groups', () => {
    expect(moveRefusal({ pinnedToToday: false }, 0, 3)).toBeNull();
  });
});
