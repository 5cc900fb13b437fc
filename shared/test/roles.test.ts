import { describe, expect, it } from 'vitest';
import { mayAddChildTo, mayDeleteAll, ROLES } from '../src/index.ts';

describe('task tree rules', () => {
  it('a tree is deleted only when every task of it may be deleted by the caller', () => {
    expect(mayDeleteAll([ROLES.creator, ROLES.editor, ROLES.admin])).toBe(true);
    expect(mayDeleteAll([ROLES.editor, ROLES.viewer])).toBe(false);
    expect(mayDeleteAll([ROLES.editor, ROLES.standard])).toBe(false);
    expect(mayDeleteAll([ROLES.creator, null])).toBe(false);
  });

  it('a new child needs addChildren on its new parent', () => {
    expect(mayAddChildTo(ROLES.editor)).toBe(true);
    expect(mayAddChildTo(ROLES.creator)).toBe(true);
    expect(mayAddChildTo(ROLES.viewer)).toBe(false);
    expect(mayAddChildTo(ROLES.standard)).toBe(false);
    expect(mayAddChildTo(null)).toBe(false);
  });
});
