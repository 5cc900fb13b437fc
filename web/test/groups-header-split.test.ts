import { describe, expect, it } from 'vitest';
import { splitChips } from '../src/app/shell/group-filter-split.ts';

describe('header chip overflow', () => {
  it('shows every chip when they all fit', () => {
    expect(splitChips([100, 100, 100], 320, { gap: 10, moreWidth: 80 })).toEqual({ visible: 3, hidden: 0 });
  });

  it('reserves room for the +N button once some overflow', () => {
    // 3 chips need 320; in 300 the button (80) plus two chips (2 × 110) just fit.
    expect(splitChips([100, 100, 100], 300, { gap: 10, moreWidth: 80 })).toEqual({ visible: 2, hidden: 1 });
    expect(splitChips([100, 100, 100], 299, { gap: 10, moreWidth: 80 })).toEqual({ visible: 1, hidden: 2 });
  });

  it('keeps the order: a wide chip stops the row even if a later one would fit', () => {
    expect(splitChips([100, 250, 50], 300, { gap: 0, moreWidth: 60 })).toEqual({ visible: 1, hidden: 2 });
  });

  it('puts everything in the menu when not even one chip fits', () => {
    expect(splitChips([100, 100], 120, { gap: 10, moreWidth: 80 })).toEqual({ visible: 0, hidden: 2 });
  });

  it('has nothing to split without chips', () => {
    expect(splitChips([], 0)).toEqual({ visible: 0, hidden: 0 });
  });
});
