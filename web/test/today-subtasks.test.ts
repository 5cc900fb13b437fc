import { describe, expect, it } from 'vitest';
import { orderSubtasks } from '../src/features/today/utils/subtasks.ts';

const t = (id: string, status: number, createdAt: string, completionAt: string | null = null) => ({
  id,
  status: { id: status },
  createdAt,
  completionAt,
});

describe('sub-tasks under a row', () => {
  it('keeps open ones in the order they were made and moves Done ones to the bottom, in completion order', () => {
    const ordered = orderSubtasks([
      t('a', 4, '2026-11-01T00:00:00Z', '2026-11-20T10:00:00Z'),
      t('b', 1, '2026-11-02T00:00:00Z'),
      t('c', 4, '2026-11-03T00:00:00Z', '2026-11-20T09:00:00Z'),
      t('d', 2, '2026-11-01T12:00:00Z'),
    ]);
    expect(ordered.map((x) => x.id)).toEqual(['d', 'b', 'c', 'a']);
  });
});
