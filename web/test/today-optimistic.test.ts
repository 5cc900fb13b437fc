import * as codes from '@tandem/shared/tasks/sort-codes';
import type { TaskView } from '@tandem/shared/tasks/views';
import { describe, expect, it } from 'vitest';
import { columnOf, moveBetweenColumns, panelDropId } from '../src/features/today/utils/drag-ids.ts';
import { doneTask, movedTask, withoutTask, withTask } from '../src/features/today/utils/optimistic.ts';

const task = (id: string, code: string, extra: Partial<TaskView> = {}): TaskView =>
  ({
    id,
    title: id,
    customSortCode: code,
    status: { id: 1, title: 'Not Started' },
    mode: 'active',
    priorityGroup: { id: 0 },
    completionAt: null,
    pinnedToToday: false,
    taskPosition: 'top',
    ...extra,
  }) as TaskView;

const page = (...results: TaskView[]) => ({ count: results.length, next: null, previous: null, results });

describe('optimistic Today lists', () => {
  it('moves a task into its new group between its neighbours', () => {
    const moved = movedTask(task('x', 'a5'), 2, { before: 'a0', after: 'a1' }, codes);
    expect(moved.priorityGroup.id).toBe(2);
    expect(moved.customSortCode > 'a0' && moved.customSortCode < 'a1').toBe(true);
    expect(moved.taskPosition).toBe('custom');
  });

  it('keeps the old code when the neighbours are out of order', () => {
    expect(movedTask(task('x', 'a5'), 1, { before: 'a3', after: 'a1' }, codes).customSortCode).toBe('a5');
  });

  it('takes a task out of one page and into another in code order', () => {
    const from = withoutTask(page(task('a', 'a0'), task('x', 'a1')), 'x');
    expect(from.results.map((t) => t.id)).toEqual(['a']);
    expect(from.count).toBe(1);
    const to = withTask(page(task('b', 'a0'), task('c', 'a2')), task('x', 'a1'));
    expect(to.results.map((t) => t.id)).toEqual(['b', 'x', 'c']);
    expect(to.count).toBe(3);
  });

  it('sends a task ticked Done to the bottom of its list', () => {
    const rows = [task('a', 'a0'), task('b', 'a1'), task('c', 'a2')];
    const done = doneTask(
      rows[0]!,
      true,
      rows.map((t) => t.customSortCode),
      new Date('2026-11-21T10:00:00Z'),
      codes,
    );
    expect(done.status.id).toBe(4);
    expect(done.completionAt).toBe('2026-11-21T10:00:00.000Z');
    expect(done.customSortCode > 'a2').toBe(true);
    const list = withTask(page(...rows), done);
    expect(list.results.map((t) => t.id)).toEqual(['b', 'c', 'a']);
  });

  it('ticks a task where it is while the sort codes are not loaded yet', () => {
    const rows = [task('a', 'a0'), task('b', 'a1')];
    const done = doneTask(rows[0]!, true, ['a0', 'a1'], new Date('2026-11-21T10:00:00Z'), null);
    expect(done.status.id).toBe(4);
    expect(done.customSortCode).toBe('a0');
    expect(withTask(page(...rows), done).results.map((t) => t.id)).toEqual(['a', 'b']);
  });

  it('leaves an undone task where it is', () => {
    const back = doneTask(
      task('a', 'a9', { status: { id: 4, title: 'Completed' }, mode: 'completed' }),
      false,
      [],
      new Date(),
      codes,
    );
    expect(back.status.id).toBe(1);
    expect(back.completionAt).toBeNull();
    expect(back.mode).toBe('active');
    expect(back.customSortCode).toBe('a9');
  });
});

describe('drag columns', () => {
  const columns = { 0: ['a', 'b'], 1: ['c'] };

  it('finds the column of a row or of a panel', () => {
    expect(columnOf(columns, 'c')).toBe(1);
    expect(columnOf(columns, panelDropId(3))).toBe(3);
    expect(columnOf(columns, 'nowhere')).toBeNull();
  });

  it('moves a row to another column at the given place', () => {
    expect(moveBetweenColumns(columns, 'a', 1, 0)).toEqual({ 0: ['b'], 1: ['a', 'c'] });
    expect(moveBetweenColumns(columns, 'a', 1, 9)).toEqual({ 0: ['b'], 1: ['c', 'a'] });
  });
});
