/** Dates as the user set them (spec 000 §9: DD/MM/YYYY or MM/DD/YYYY), in the user's time zone. */
export type DateFormatOption = 'day_first' | 'month_first';

export function formatDay(iso: string, format: DateFormatOption = 'day_first', timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      ...(timeZone ? { timeZone } : {}),
    }).formatToParts(date);
  } catch {
    // An unknown zone: show the date in the browser's own.
    parts = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).formatToParts(date);
  }
  const get = (type: 'day' | 'month' | 'year') => parts.find((p) => p.type === type)?.value ?? '';
  return format === 'month_first'
    ? `${get('month')}/${get('day')}/${get('year')}`
    : `${get('day')}/${get('month')}/${get('year')}`;
}

const numberFormat = new Intl.NumberFormat('en-US');
export const formatNumber = (n: number): string => numberFormat.format(n);

/** An unambiguous date for people whose settings are not known (public pages): 'Nov 28, 2025'. */
export function formatDateMedium(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date);
}
