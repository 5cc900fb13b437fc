/**
 * The task grid's rules (spec 001 §3 "Grid view", §4 "Grid views", §9): gridData defaults, the closed
 * lists of columns and operators, widths, the default view and the "changed" mark; the filter and
 * order functions the server's rows run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GRID_COLUMN_NAMES, isCustomColumn, operatorsOf } from '../src/grid/columns.ts';
import { compareGridValues, gridComparator, matchesFilter } from '../src/grid/evaluate.ts';
import {
  DEFAULT_GRID_VIEW_ID,
  defaultGridData,
  defaultGridView,
  GRID_MESSAGES,
  gridData,
  gridRowsQuery,
  gridViewInput,
  isGridDataChanged,
} from '../src/grid/schemas.ts';

const messages = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('gridData', () => {
  it('defaults: page size 15, newest first, every column in order, nothing hidden, grouped or filtered', () => {
    const d = defaultGridData();
    expect(d.pageSize).toBe(15);
    expect(d.sorting).toEqual([{ columnName: 'createdAt', direction: 'desc' }]);
    expect(d.columnOrder).toEqual(GRID_COLUMN_NAMES);
    expect(d).toMatchObject({ grouping: [], filters: [], hiddenColumnNames: [], tableColumnExtensions: [] });
  });

  it('the default view is id -1 with the defaults', () => {
    expect(DEFAULT_GRID_VIEW_ID).toBe('-1');
    expect(defaultGridView()).toMatchObject({ id: '-1', gridData: defaultGridData() });
  });

  it('refuses an unknown column anywhere, naming it', () => {
    for (const bad of [
      { grouping: [{ columnName: 'salary' }] },
      { filters: [{ column: 'salary', operator: 'equal', value: 1 }] },
      { sorting: [{ columnName: 'salary', direction: 'asc' }] },
      { columnOrder: ['title', 'salary'] },
      { hiddenColumnNames: ['salary'] },
      { tableColumnExtensions: [{ columnName: 'salary', width: 120 }] },
    ]) {
      expect(messages(gridData.safeParse(bad))).toContain(GRID_MESSAGES.unknownColumn('salary'));
    }
  });

  it('refuses an operator the column does not take, and an unknown one', () => {
    expect(
      messages(gridData.safeParse({ filters: [{ column: 'status', operator: 'contains', value: 'x' }] })),
    ).toContain(GRID_MESSAGES.unknownOperator('contains', 'status'));
    expect(
      messages(gridData.safeParse({ filters: [{ column: 'title', operator: 'like', value: 'x' }] })),
    ).toContain("Unknown operator 'like'.");
    expect(
      messages(gridData.safeParse({ filters: [{ column: 'title', operator: 'contains', value: '' }] })),
    ).toContain(GRID_MESSAGES.valueRequired('title'));
    expect(gridData.safeParse({ filters: [{ column: 'dueAt', operator: 'isEmpty' }] }).success).toBe(true);
  });

  it('takes custom-field columns by their field id and refuses malformed ones', () => {
    expect(isCustomColumn('cf:abc-1')).toBe(true);
    expect(gridData.safeParse({ columnOrder: ['title', 'cf:abc-1'] }).success).toBe(true);
    expect(
      gridData.safeParse({ filters: [{ column: 'cf:f1', operator: 'greaterThan', value: 3 }] }).success,
    ).toBe(true);
    expect(messages(gridData.safeParse({ hiddenColumnNames: ['cf:Bad Id'] }))).toContain(
      GRID_MESSAGES.unknownColumn('cf:Bad Id'),
    );
  });

  it('widths are 100 to 250', () => {
    const w = (width: number) =>
      gridData.safeParse({ tableColumnExtensions: [{ columnName: 'title', width }] }).success;
    expect([w(99), w(100), w(250), w(251), w(150.5)]).toEqual([false, true, true, false, false]);
  });

  it('refuses a page size off the list, description as a grouping, the same column twice', () => {
    expect(gridData.safeParse({ pageSize: 7 }).success).toBe(false);
    expect(messages(gridData.safeParse({ grouping: [{ columnName: 'description' }] }))).toContain(
      GRID_MESSAGES.notGroupable('description'),
    );
    expect(
      gridData.safeParse({ grouping: [{ columnName: 'status' }, { columnName: 'status' }] }).success,
    ).toBe(false);
  });

  it('a view needs a visible title', () => {
    expect(messages(gridViewInput.safeParse({ title: '   ' }))).toContain(GRID_MESSAGES.titleRequired);
    expect(gridViewInput.parse({ title: ' Mine ' }).title).toBe('Mine');
  });

  it('every column has operators', () => {
    for (const c of GRID_COLUMN_NAMES) expect(operatorsOf(c).length).toBeGreaterThan(0);
  });
});

describe('the changed mark', () => {
  const base = defaultGridData();
  it('is off for the same content, whatever the order of hidden columns and widths', () => {
    const a = gridData.parse({
      hiddenColumnNames: ['title', 'mode'],
      tableColumnExtensions: [
        { columnName: 'title', width: 120 },
        { columnName: 'mode', width: 130 },
      ],
    });
    const b = gridData.parse({
      hiddenColumnNames: ['mode', 'title'],
      tableColumnExtensions: [
        { columnName: 'mode', width: 130 },
        { columnName: 'title', width: 120 },
      ],
    });
    expect(isGridDataChanged(a, b)).toBe(false);
    expect(isGridDataChanged(base, defaultGridData())).toBe(false);
  });

  it('is on for any change to columns, filters, grouping, sorting or page size', () => {
    const changes = [
      { pageSize: 25 },
      { grouping: [{ columnName: 'status' }] },
      { filters: [{ column: 'title', operator: 'contains', value: 'a' }] },
      { sorting: [{ columnName: 'title', direction: 'asc' }] },
      { columnOrder: [...GRID_COLUMN_NAMES].reverse() },
      { hiddenColumnNames: ['mode'] },
      { tableColumnExtensions: [{ columnName: 'title', width: 200 }] },
      { tableColumnExtensions: [{ columnName: 'title', width: 200, wordWrapEnabled: true }] },
    ];
    const parsed = changes.map((c) => gridData.parse(c));
    for (const c of parsed) expect(isGridDataChanged(base, c)).toBe(true);
    expect(isGridDataChanged(parsed[6]!, parsed[7]!)).toBe(true);
  });
});

describe('filters and order', () => {
  it('text operators ignore case; empty values', () => {
    expect(matchesFilter('Write Report', { operator: 'contains', value: 'report' })).toBe(true);
    expect(matchesFilter('Write Report', { operator: 'startsWith', value: 'write' })).toBe(true);
    expect(matchesFilter('Write Report', { operator: 'notContains', value: 'x' })).toBe(true);
    expect(matchesFilter(null, { operator: 'isEmpty', value: null })).toBe(true);
    expect(matchesFilter('', { operator: 'isNotEmpty', value: null })).toBe(false);
    expect(matchesFilter(null, { operator: 'greaterThan', value: 1 })).toBe(false);
  });

  it('numbers compare as numbers, dates by day', () => {
    expect(matchesFilter(10, { operator: 'greaterThan', value: 9 })).toBe(true);
    expect(matchesFilter('10', { operator: 'lessThan', value: '9' })).toBe(false);
    expect(matchesFilter('2026-11-26T13:00:00.000Z', { operator: 'equal', value: '2026-11-26' })).toBe(true);
    expect(matchesFilter('2026-11-26T13:00:00.000Z', { operator: 'lessThan', value: '2026-11-27' })).toBe(
      true,
    );
    expect(matchesFilter(2, { operator: 'notEqual', value: 2 })).toBe(false);
    expect(matchesFilter(true, { operator: 'equal', value: true })).toBe(true);
  });

  it('sorts grouped columns first, empties last ascending, ids break ties', () => {
    const rows = [
      { id: 'a', values: { status: 2, title: 'b' } },
      { id: 'b', values: { status: 1, title: null } },
      { id: 'c', values: { status: 1, title: 'a' } },
      { id: 'd', values: { status: 2, title: 'b' } },
    ];
    const sorted = [...rows].sort(
      gridComparator([{ columnName: 'title', direction: 'asc' }], [{ columnName: 'status' }]),
    );
    expect(sorted.map((r) => r.id)).toEqual(['c', 'b', 'a', 'd']);
  });

  it('the comparator is a total order (property)', () => {
    const value = fc.oneof(fc.constant(null), fc.integer(), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(
        value,
        value,
        (a, b) => Math.sign(compareGridValues(a, b)) === -Math.sign(compareGridValues(b, a)),
      ),
    );
  });

  it('the rows query takes defaults and refuses an unknown column', () => {
    expect(gridRowsQuery.parse({})).toMatchObject({ page: 1, pageSize: 15, filters: [], grouping: [] });
    expect(messages(gridRowsQuery.safeParse({ sorting: [{ columnName: 'nope' }] }))).toContain(
      GRID_MESSAGES.unknownColumn('nope'),
    );
  });
});
