/** How the grid shows a cell: enum titles, dates in the person's locale, yes/no. */
import { gridColumn } from '@tandem/shared/grid/columns';
import type { GridValue } from '@tandem/shared/grid/schemas';

export function formatCell(column: string, value: GridValue, yesNo: [string, string]): string {
  if (value === null || value === '') return '';
  const def = gridColumn(column);
  if (def?.type === 'enum') return def.options?.find((o) => o.value === value)?.title ?? String(value);
  if (def?.type === 'boolean') return value ? yesNo[0] : yesNo[1];
  if (def?.type === 'date' && typeof value === 'string') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? value : d.toLocaleDateString(undefined, { dateStyle: 'medium' });
  }
  return String(value);
}

/** `YYYY-MM-DD` of an ISO time in the browser's zone (the date input's value). */
export const dayOf = (iso: string | null) => {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};
