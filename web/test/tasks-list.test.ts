import type { TaskView } from '@tandem/shared/tasks/views';
import { describe, expect, it } from 'vitest';
import {
  filtersFromSearch,
  filtersToSearch,
  pageCount,
  toListQuery,
} from '../src/features/tasks/utils/list-filters.ts';
import { taskMembersByUser } from '../src/features/tasks/utils/members.ts';
import { statusCounts } from '../src/features/tasks/utils/status-counts.ts';
import {
  newRow,
  resolveUnfinished,
  rowsFromTitles,
  titlesToSave,
  unfinishedRows,
} from '../src/features/tasks/utils/subtasks.ts';

describe('task list filters in the address', () => {
  it('maps the filters to the GET /task query, 25 a page', () => {
    const f = filtersFromSearch(new URLSearchParams('group=g1&mode=draft&pg=2&mine=1&delegated=1&page=3'));
    expect(toListQuery(f)).toEqual({
      page: 3,
      size: 25,
      group: 'g1',
      mode: 'draft',
      priorityGroup: 2,
      isOwner: '1',
      type: 'delegated_to_me',
    });
  });

  it('drops unknown or malformed values', () => {
    const f = filtersFromSearch(new URLSearchParams('mode=weird&pg=7&page=-2&mine=yes'));
    expect(f).toEqual({
      group: null,
      mode: null,
      priorityGroup: null,
      mine: false,
      delegated: false,
      page: 1,
    });
    expect(filtersToSearch(f)).toBe('');
  });

  it('keeps priority group Today (0) through a round trip', () => {
    const f = filtersFromSearch(new URLSearchParams('pg=0'));
    expect(f.priorityGroup).toBe(0);
    expect(filtersToSearch(f)).toBe('?pg=0');
  });

  it('counts pages of 25', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(25)).toBe(1);
    expect(pageCount(26)).toBe(2);
  });
});

describe('status chart counts', () => {
  const t = (id: string, status: number) => ({ id, status: { id: status, title: '' } });

  it('counts each task once across the pages held, by status', () => {
    const r = statusCounts([
      [t('a', 1), t('b', 4), t('c', 2)],
      [t('c', 4), t('d', 4)],
    ]);
    expect(r.counted).toBe(4);
    expect(r.slices.map((s) => [s.status, s.count])).toEqual([
      [1, 1],
      [4, 3],
    ]);
  });

  it('has no slices without tasks', () => {
    expect(statusCounts([])).toEqual({ slices: [], counted: 0 });
  });
});

describe('task members tab', () => {
  const base = {
    user: { id: 'u1', name: 'Ann Lee' },
    taskAssignees: [
      { user: 'u2', email: 'bo@example.com', assigneeName: 'Bo', avatar: null, role: 5, createdAt: '' },
      { user: 'u2', email: 'bo@example.com', assigneeName: 'Bo', avatar: null, role: 6, createdAt: '' },
      { user: 'u1', email: 'ann@example.com', assigneeName: 'Ann Lee', avatar: null, role: 6, createdAt: '' },
    ],
    pendingAssignees: [{ email: 'Cy@Example.com', role: 5, status: 'Pending', createdAt: '' }],
  } as unknown as Pick<TaskView, 'user' | 'taskAssignees' | 'pendingAssignees'>;

  it('groups roles by person, creator first', () => {
    const rows = taskMembersByUser(base);
    expect(rows.map((r) => [r.name || r.email, r.roles])).toEqual([
      ['Ann Lee', [1, 6]],
      ['Bo', [6, 5]],
      ['Cy@Example.com', [5]],
    ]);
    expect(rows[0]!.email).toBe('ann@example.com');
    expect(rows[2]!.pendingStatus).toBe('Pending');
  });
});

describe('new sub-task rows', () => {
  it('saves kept rows and stops on a row still being typed', () => {
    const rows = [...rowsFromTitles(['Book flights', ' ']), newRow('Pack bags'), newRow('')];
    expect(titlesToSave(rows)).toEqual(['Book flights']);
    expect(unfinishedRows(rows).map((r) => r.title)).toEqual(['Pack bags']);
  });

  it('keeps or drops the unfinished text on the answer to the warning', () => {
    const rows = [...rowsFromTitles(['Book flights']), newRow('Pack bags'), newRow('')];
    expect(titlesToSave(resolveUnfinished(rows, true))).toEqual(['Book flights', 'Pack bags']);
    expect(resolveUnfinished(rows, false).map((r) => r.title)).toEqual(['Book flights']);
  });
});
