/**
 * The task made from a contact or company (spec 001 §9: due 7 days ahead, flag 3, status 1, mode
 * active): the due date as the form's local date-time field shows it and back, and the zone it is
 * saved in — the person's own, the spec's 'America/New_York' only when the browser names none.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a datetime-local value in this browser's zone (minutes). */
export function dueInputValue(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value back to an ISO instant; null when blank or not a date. */
export function localInputToIso(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}
