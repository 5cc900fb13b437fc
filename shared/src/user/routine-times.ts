/**
 * Routine times (spec 000 §5, §9; 001 §9): beginning, middle and end of the day, used to place
 * flexible routine instances. Accepted as 'hh:mm a' (12-hour with am/pm) or 'HH:mm' (24-hour),
 * always stored as 'HH:mm'. Anything else fails with 'Invalid time format'.
 */
export const DEFAULT_ROUTINE_TIMES = { beginning: '03:00', middle: '11:00', end: '19:00' } as const;
export type RoutineSlot = keyof typeof DEFAULT_ROUTINE_TIMES;

const H24 = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const H12 = /^(0?[1-9]|1[0-2]):([0-5]\d)\s*([aApP])\.?[mM]\.?$/;

/** Returns the time as 'HH:mm', or null when it is not a time we accept. */
export function normaliseRoutineTime(input: string): string | null {
  const s = input.trim();
  const m24 = H24.exec(s);
  if (m24) return `${m24[1]!.padStart(2, '0')}:${m24[2]}`;
  const m12 = H12.exec(s);
  if (m12) {
    let h = Number(m12[1]) % 12;
    if (m12[3]!.toLowerCase() === 'p') h += 12;
    return `${String(h).padStart(2, '0')}:${m12[2]}`;
  }
  return null;
}

/** 'HH:mm' shown in the user's chosen format: 24 → '19:00', 12 → '07:00 PM'. */
export function formatTime(hhmm: string, timeFormat: 12 | 24): string {
  if (timeFormat === 24) return hhmm;
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? 'AM' : 'PM';
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${String(h12).padStart(2, '0')}:${String(m).padStart(2, '0')} ${suffix}`;
}
