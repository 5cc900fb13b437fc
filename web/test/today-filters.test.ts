import { describe, expect, it } from 'vitest';
import { completedOfToday, matchesFilters } from '../src/features/today/utils/filters.ts';
import { queryForTab, tabFromQuery } from '../src/features/today/utils/tabs.ts';

const task = (title: string, level: number, group = 'g-home') => ({
  title,
  level: { id: level },
  group: { id: group },
});
const levels = (ids: number[]) => ({ groups: [], levels: ids });

describe('Today search and level filter', () => {
  it('finds rows by title, ignoring case and outer spaces', () => {
    expect(matchesFilters(task('Call the Bank', 7), '  bank ', levels([]))).toBe(true);
    expect(matchesFilters(task('Call the Bank', 7), 'dentist', levels([]))).toBe(false);
  });

  it('keeps every level when none is chosen, only the chosen ones otherwise', () => {
    expect(matchesFilters(task('x', 3), '', levels([]))).toBe(true);
    expect(matchesFilters(task('x', 3), '', levels([7, 8]))).toBe(false);
    expect(matchesFilters(task('x', 7), '', levels([7, 8]))).toBe(true);
  });

  it("keeps only the header's groups when some are chosen, with the search", () => {
    const sel = { groups: ['g-work'], levels: [] };
    expect(matchesFilters(task('Report', 3, 'g-work'), '', sel)).toBe(true);
    expect(matchesFilters(task('Report', 3, 'g-home'), '', sel)).toBe(false);
    expect(matchesFilters(task('Report', 3, 'g-work'), 'invoice', sel)).toBe(false);
  });

  it('counts Done tasks over the whole of today', () => {
    const rows = [{ status: { id: 4 } }, { status: { id: 1 } }, { status: { id: 4 } }];
    expect(completedOfToday(rows, 5)).toEqual({ completed: 2, total: 5 });
    expect(completedOfToday([], 0)).toEqual({ completed: 0, total: 0 });
  });
});

describe('Today tabs in the query', () => {
  it('opens Delegated for ?tab=delegated', () => {
    expect(tabFromQuery('delegated', false)).toBe('delegated');
  });

  it('opens My tasks without a tab or with an unknown one', () => {
    expect(tabFromQuery(null, false)).toBe('my-tasks');
    expect(tabFromQuery('nonsense', true)).toBe('my-tasks');
  });

  it('opens Issues only for allow-listed accounts', () => {
    expect(tabFromQuery('issues', false)).toBe('my-tasks');
    expect(tabFromQuery('issues', true)).toBe('issues');
  });

  it('leaves the query empty for My tasks', () => {
    expect(queryForTab('my-tasks')).toBeNull();
    expect(queryForTab('pending')).toBe('pending');
  });
});
