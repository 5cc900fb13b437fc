/**
 * The merge rule of an edit over a task that changed meanwhile (features/tasks/utils/task-conflict.ts):
 * their change to a field I left is taken, my change to a field they left kept, a field both changed
 * differently is a conflict decided field by field.
 */
import { describe, expect, test } from 'vitest';
import { mergeEdits, onTaskChanged, resolveMerge } from '../src/features/tasks/utils/task-conflict.ts';
import type { TaskFormValues } from '../src/features/tasks/utils/task-form.ts';

const base: TaskFormValues = {
  title: 'Plan',
  description: 'first',
  descriptionDoc: null,
  due: '',
  level: 7,
  status: 1,
  group: 'g1',
  priorityGroup: 0,
  urgent: false,
  mode: 'active',
};

describe('mergeEdits', () => {
  test('their change to a field I left is taken; mine to a field they left is kept; no conflict', () => {
    const mine = { ...base, description: 'mine' };
    const theirs = { ...base, title: "Bo's title" };
    expect(mergeEdits(base, mine, theirs)).toEqual({
      merged: { ...base, title: "Bo's title", description: 'mine' },
      conflicts: [],
    });
  });

  test('both changed a field to different values: a conflict, mine held until chosen', () => {
    const mine = { ...base, title: "Ada's title", urgent: true };
    const theirs = { ...base, title: "Bo's title", status: 2 };
    const m = mergeEdits(base, mine, theirs);
    expect(m.conflicts).toEqual(['title']);
    expect(m.merged).toEqual({ ...base, title: "Ada's title", urgent: true, status: 2 });
    expect(resolveMerge(m, theirs, { title: 'theirs' }).title).toBe("Bo's title");
    expect(resolveMerge(m, theirs, { title: 'mine' }).title).toBe("Ada's title");
    expect(resolveMerge(m, theirs, {}).title).toBe("Ada's title");
  });

  test('both made the same change (spaces aside): no conflict', () => {
    const m = mergeEdits(base, { ...base, title: 'Same ' }, { ...base, title: 'Same' });
    expect(m.conflicts).toEqual([]);
  });

  test('a field chosen that is not in conflict does not override a merge', () => {
    const theirs = { ...base, level: 3 };
    const m = mergeEdits(base, { ...base, description: 'mine' }, theirs);
    expect(resolveMerge(m, theirs, { description: 'theirs' }).description).toBe('mine');
  });
});

describe('onTaskChanged', () => {
  test('nothing typed, or the change is what I typed (my own save coming back): taken quietly', () => {
    expect(onTaskChanged(base, base, { ...base, title: 'New' })).toBe('adopt');
    const mine = { ...base, title: 'Mine' };
    expect(onTaskChanged(base, mine, mine)).toBe('adopt');
  });
  test('something typed and the task changed otherwise: asked', () => {
    expect(onTaskChanged(base, { ...base, description: 'mine' }, { ...base, title: 'Theirs' })).toBe('ask');
  });
});
