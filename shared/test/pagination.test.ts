import { describe, expect, it } from 'vitest';
import { cursorOf, pageOf } from '../src/api/pagination.ts';

describe('cursorOf', () => {
  it('reads the cursor of a next link, and nothing from a last page or a page number', () => {
    expect(cursorOf('?cursor=eyJwIjoiVSJ9&size=25')).toBe('eyJwIjoiVSJ9');
    expect(cursorOf('cursor=abc_-1')).toBe('abc_-1');
    expect(cursorOf(null)).toBeNull();
    expect(cursorOf(pageOf([1, 2, 3], 1, 2).next)).toBeNull();
  });
});
