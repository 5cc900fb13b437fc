/**
 * Report series (spec 002 §3: points of {name, key, value}) as chart rows: one row per axis key, a
 * column per series, in the order the server sent the keys.
 */
import type { SeriesPoint } from '@tandem/shared/reports/reports';

export type SeriesRow = { key: string } & Record<string, number | string>;

export function seriesRows(
  points: ReadonlyArray<SeriesPoint & { due?: number; done?: number }>,
): SeriesRow[] {
  const rows = new Map<string, SeriesRow>();
  for (const p of points) {
    let row = rows.get(p.key);
    if (!row) {
      row = { key: p.key };
      rows.set(p.key, row);
    }
    row[p.name] = p.value;
    // Extra numbers of a point (a routine's due and done) stay with its row for the tooltip.
    if (p.due !== undefined) row.due = p.due;
    if (p.done !== undefined) row.done = p.done;
  }
  return [...rows.values()];
}

export const seriesNames = (points: ReadonlyArray<SeriesPoint>) => [...new Set(points.map((p) => p.name))];

/** Whether a report has anything to draw: every value 0 is "no data in this range". */
export const isEmptySeries = (points: ReadonlyArray<SeriesPoint & { due?: number; done?: number }>) =>
  points.every((p) => p.value === 0 && !p.due);
