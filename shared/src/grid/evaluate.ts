/**
 * How a grid filter matches a cell and how two cells compare: the server's rows run these over the
 * whole list (decisions D56). Empty (null or '') sorts last ascending and first descending.
 */
import type { GridFilter, GridSort, GridValue } from './schemas.ts';

const isEmpty = (v: GridValue) => v === null || v === '';

const asNumber = (v: GridValue) => {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return null;
};

/** Order of two cells: numbers as numbers, text without case, dates by their ISO text. */
export function compareGridValues(a: GridValue, b: GridValue): number {
  if (isEmpty(a) || isEmpty(b)) return isEmpty(a) === isEmpty(b) ? 0 : isEmpty(a) ? 1 : -1;
  const na = asNumber(a);
  const nb = asNumber(b);
  if (na !== null && nb !== null) return na - nb;
  if (typeof a === 'boolean' || typeof b === 'boolean') return Number(a) - Number(b);
  const sa = String(a).toLowerCase();
  const sb = String(b).toLowerCase();
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

/** An ISO time compared with a day ('2026-11-26') is compared by its day. */
const comparable = (cell: GridValue, value: GridValue): [GridValue, GridValue] => {
  if (typeof cell === 'string' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return [cell.slice(0, 10), value];
  return [cell, value];
};

export function matchesFilter(cell: GridValue, f: Pick<GridFilter, 'operator' | 'value'>): boolean {
  if (f.operator === 'isEmpty') return isEmpty(cell);
  if (f.operator === 'isNotEmpty') return !isEmpty(cell);
  const text = isEmpty(cell) ? '' : String(cell).toLowerCase();
  const wanted = f.value === null ? '' : String(f.value).toLowerCase();
  switch (f.operator) {
    case 'contains':
      return text.includes(wanted);
    case 'notContains':
      return !text.includes(wanted);
    case 'startsWith':
      return text.startsWith(wanted);
    case 'endsWith':
      return text.endsWith(wanted);
  }
  const [c, v] = comparable(cell, f.value);
  if (f.operator === 'equal' || f.operator === 'notEqual') {
    const same =
      typeof c === 'boolean' || typeof v === 'boolean'
        ? c === v
        : compareGridValues(c, v) === 0 && !isEmpty(c);
    return f.operator === 'equal' ? same : !same;
  }
  if (isEmpty(c)) return false;
  const d = compareGridValues(c, v);
  switch (f.operator) {
    case 'greaterThan':
      return d > 0;
    case 'greaterThanOrEqual':
      return d >= 0;
    case 'lessThan':
      return d < 0;
    case 'lessThanOrEqual':
      return d <= 0;
  }
  return false;
}

/**
 * The row order of a grid: the grouped columns first (ascending, or in the direction the sorting
 * gives them), then the sorting; the id breaks ties so pages never overlap.
 */
export function gridComparator<R extends { id: string; values: Record<string, GridValue> }>(
  sorting: readonly GridSort[],
  grouping: readonly { columnName: string }[],
) {
  const dir = new Map(sorting.map((s) => [s.columnName, s.direction]));
  const keys: GridSort[] = [
    ...grouping.map((g) => ({
      columnName: g.columnName,
      direction: dir.get(g.columnName) ?? ('asc' as const),
    })),
    ...sorting.filter((s) => !grouping.some((g) => g.columnName === s.columnName)),
  ];
  return (a: R, b: R) => {
    for (const k of keys) {
      const d = compareGridValues(a.values[k.columnName] ?? null, b.values[k.columnName] ?? null);
      if (d !== 0) return k.direction === 'desc' ? -d : d;
    }
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  };
}

/** The key of a row's group at a depth (1: the first grouped column only). */
export const groupKey = (
  values: Record<string, GridValue>,
  grouping: readonly { columnName: string }[],
  depth: number,
) => grouping.slice(0, depth).map((g) => values[g.columnName] ?? null);
