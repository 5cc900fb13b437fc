/**
 * A time block's repeat as the form offers it (never, daily, weekdays, weekly) and the RRULE body
 * stored for it (spec 001 §3 Time block: recurRule). Pure.
 */
export const REPEATS = ['never', 'daily', 'weekdays', 'weekly'] as const;
export type Repeat = (typeof REPEATS)[number];

const RULES: Record<Exclude<Repeat, 'never'>, string> = {
  daily: 'FREQ=DAILY',
  weekdays: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
  weekly: 'FREQ=WEEKLY',
};

export const ruleForRepeat = (repeat: Repeat): string | null => (repeat === 'never' ? null : RULES[repeat]);

/** The form's choice for a stored rule; a rule the form did not write reads as the nearest choice. */
export function repeatFromRule(rule: string | null | undefined): Repeat {
  if (!rule) return 'never';
  const body = rule.replace(/^RRULE:/i, '').toUpperCase();
  if (/FREQ=DAILY/.test(body)) return 'daily';
  if (/FREQ=WEEKLY/.test(body)) {
    const byDay = /BYDAY=([A-Z,]+)/.exec(body)?.[1];
    return byDay === 'MO,TU,WE,TH,FR' ? 'weekdays' : 'weekly';
  }
  return 'weekly';
}
