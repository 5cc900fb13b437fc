/**
 * The schedule editor's pure rules (spec 000 §4 end options, §5 Routine and schedule, §9): form
 * values ↔ the shared schedule input and its RRULE, validated with the shared schemas and messages.
 * Only the lazily loaded task form imports this (it pulls in luxon and the shared schedule rules).
 */
import {
  buildRecurRule,
  DURATION_OPTIONS,
  type EndOption,
  FLEXIBLE_TIME,
  type RepeatOptions,
  repeatOptions,
  SCHEDULE_MESSAGES,
  scheduleInput,
  startTooEarly,
  WEEKDAYS,
  type Weekday,
} from '@tandem/shared/time/schedule';
import type { ScheduledTaskView } from '@tandem/shared/time/views';
import { DateTime } from '../../../lib/time/luxon.ts';
import { isEmail } from '../../../lib/validation.ts';

export const ALL_DAY_MINUTES = 1440;
export type Repeat = 'never' | RepeatOptions['frequency'];
export type EndKind = EndOption['kind'];
export type FlexibleTime = (typeof FLEXIBLE_TIME)[keyof typeof FLEXIBLE_TIME];
/** One of the preset durations (minutes as text) or 'custom'. */
export type DurationChoice = `${(typeof DURATION_OPTIONS)[number]['minutes']}` | 'custom';

export interface ScheduleFormValues {
  /** 'YYYY-MM-DD' and 'HH:mm' in `timezone`. */
  date: string;
  time: string;
  allDay: boolean;
  durationChoice: DurationChoice;
  customMinutes: number;
  flexibleTime: FlexibleTime;
  repeat: Repeat;
  interval: number;
  weekdays: Weekday[];
  monthDay: number;
  endKind: EndKind;
  count: number;
  /** 'YYYY-MM-DD', the last day. */
  untilDate: string;
  timezone: string;
  attendees: string[];
}

export type ScheduleField =
  | 'start'
  | 'duration'
  | 'interval'
  | 'weekdays'
  | 'monthDay'
  | 'count'
  | 'untilDate'
  | 'timezone'
  | 'attendees';
export type ScheduleErrors = Partial<Record<ScheduleField, string>>;

/** What PATCH /task/schedule/{id} takes (camelCase; the client sends it snake_case). */
export interface ScheduleBody {
  startDate: string;
  endDate: string;
  allDay: boolean;
  flexibleTime: FlexibleTime;
  recurRule: string | null;
  exDate: string[];
  rDate: string[];
  duration: number;
  timezone: string;
  scheduledAttendees: Array<{ email: string }>;
}

const choiceOf = (minutes: number): DurationChoice =>
  DURATION_OPTIONS.some((d) => d.minutes === minutes) ? (`${minutes}` as DurationChoice) : 'custom';

/** A new schedule: the next whole hour today (or tomorrow at 9 late at night), an hour, not repeating. */
export function defaultScheduleValues(zone: string, now: Date): ScheduleFormValues {
  let start = DateTime.fromJSDate(now, { zone }).plus({ hours: 1 }).startOf('hour');
  if (!start.hasSame(DateTime.fromJSDate(now, { zone }), 'day')) start = start.set({ hour: 9 });
  return {
    date: start.toISODate()!,
    time: start.toFormat('HH:mm'),
    allDay: false,
    durationChoice: '60',
    customMinutes: 45,
    flexibleTime: FLEXIBLE_TIME.scheduled,
    repeat: 'never',
    interval: 1,
    weekdays: [WEEKDAYS[start.weekday - 1]!],
    monthDay: start.day,
    endKind: 'never',
    count: 10,
    untilDate: start.plus({ months: 1 }).toISODate()!,
    timezone: zone,
    attendees: [],
  };
}

/**
 * A new start date. The repeat days follow it while they are still the ones the old date gave (a
 * weekly routine starting on Wednesday repeats on Wednesdays, a monthly one on the 13th); days the
 * person chose themselves stay.
 */
export function withStartDate(v: ScheduleFormValues, date: string): ScheduleFormValues {
  const next = { ...v, date };
  const from = DateTime.fromISO(v.date);
  const to = DateTime.fromISO(date);
  if (!from.isValid || !to.isValid) return next;
  if (v.weekdays.length === 1 && v.weekdays[0] === WEEKDAYS[from.weekday - 1])
    next.weekdays = [WEEKDAYS[to.weekday - 1]!];
  if (v.monthDay === from.day) next.monthDay = to.day;
  return next;
}

const RRULE_UNTIL = "yyyyMMdd'T'HHmmss'Z'";

/** Reads an RRULE body back into repeat options; null for a rule the form cannot show. */
export function parseRecurRule(rule: string, zone: string): RepeatOptions | null {
  const parts = new Map(
    rule
      .replace(/^RRULE:/i, '')
      .split(';')
      .filter(Boolean)
      .map((p) => {
        const [k, v = ''] = p.split('=');
        return [k!.toUpperCase(), v] as const;
      }),
  );
  const freq = parts.get('FREQ')?.toLowerCase();
  if (freq !== 'daily' && freq !== 'weekly' && freq !== 'monthly') return null;
  const interval = Number(parts.get('INTERVAL') ?? '1');
  const r: RepeatOptions = {
    frequency: freq,
    interval: Number.isInteger(interval) && interval > 0 ? interval : 1,
    end: { kind: 'never' },
  };
  const byDay = parts.get('BYDAY');
  if (byDay)
    r.weekdays = WEEKDAYS.filter((d) =>
      byDay
        .split(',')
        .map((x) => x.slice(-2))
        .includes(d),
    );
  const monthDay = parts.get('BYMONTHDAY');
  if (monthDay) r.monthDay = Number(monthDay);
  const count = parts.get('COUNT');
  const until = parts.get('UNTIL');
  if (count) r.end = { kind: 'count', count: Number(count) };
  else if (until) {
    const at =
      until.length === 8
        ? DateTime.fromFormat(until, 'yyyyMMdd', { zone })
        : DateTime.fromFormat(until, RRULE_UNTIL, { zone: 'utc' }).setZone(zone);
    if (at.isValid) r.end = { kind: 'until', date: at.toISODate()! };
  }
  return r;
}

/** The repeat options the form describes, or null when it does not repeat. */
export function repeatOptionsOf(v: ScheduleFormValues): RepeatOptions | null {
  if (v.repeat === 'never') return null;
  const end: EndOption =
    v.endKind === 'count'
      ? { kind: 'count', count: v.count }
      : v.endKind === 'until'
        ? { kind: 'until', date: v.untilDate }
        : { kind: 'never' };
  return {
    frequency: v.repeat,
    interval: v.interval,
    ...(v.repeat === 'weekly' ? { weekdays: WEEKDAYS.filter((d) => v.weekdays.includes(d)) } : {}),
    ...(v.repeat === 'monthly' ? { monthDay: v.monthDay } : {}),
    end,
  };
}

/** The form's values for a saved schedule, shown in its own zone. */
export function valuesFromSchedule(
  s: ScheduledTaskView,
  fallbackZone: string,
  now: Date,
): ScheduleFormValues {
  const zone = s.timezone || fallbackZone;
  const base = defaultScheduleValues(zone, now);
  const start = DateTime.fromISO(s.startDate, { setZone: true }).setZone(zone);
  const r = s.recurRule ? parseRecurRule(s.recurRule, zone) : null;
  return {
    ...base,
    date: start.toISODate() ?? base.date,
    time: start.isValid ? start.toFormat('HH:mm') : base.time,
    allDay: s.allDay,
    durationChoice: s.allDay ? base.durationChoice : choiceOf(s.duration),
    customMinutes: s.allDay || choiceOf(s.duration) !== 'custom' ? base.customMinutes : s.duration,
    flexibleTime: s.flexibleTime,
    repeat: r ? r.frequency : 'never',
    interval: r?.interval ?? 1,
    weekdays: r?.weekdays?.length ? r.weekdays : base.weekdays,
    monthDay: r?.monthDay ?? start.day ?? base.monthDay,
    endKind: r?.end.kind ?? 'never',
    count: r?.end.kind === 'count' ? r.end.count : base.count,
    untilDate: r?.end.kind === 'until' ? r.end.date : base.untilDate,
    timezone: zone,
    attendees: s.scheduledAttendees.map((a) => a.email),
  };
}

export const durationOf = (v: ScheduleFormValues): number =>
  v.allDay ? ALL_DAY_MINUTES : v.durationChoice === 'custom' ? v.customMinutes : Number(v.durationChoice);

/** The start as an ISO instant with the zone's offset; an all-day schedule starts at midnight. */
export function startIso(v: ScheduleFormValues): string | null {
  const at = DateTime.fromISO(`${v.date}T${v.allDay ? '00:00' : v.time}`, { zone: v.timezone });
  return at.isValid ? at.toISO({ suppressMilliseconds: true }) : null;
}

/** The request body for the form's values (call `validateSchedule` first). */
export function scheduleBody(v: ScheduleFormValues): ScheduleBody {
  const start = startIso(v) ?? '';
  const duration = durationOf(v);
  const r = repeatOptionsOf(v);
  return {
    startDate: start,
    endDate: DateTime.fromISO(start, { setZone: true })
      .plus({ minutes: duration })
      .toISO({ suppressMilliseconds: true })!,
    allDay: v.allDay,
    flexibleTime: v.flexibleTime,
    recurRule: r ? buildRecurRule(r, v.timezone) : null,
    exDate: [],
    rDate: [],
    duration,
    timezone: v.timezone,
    scheduledAttendees: v.attendees.map((email) => ({ email: email.trim() })),
  };
}

/** Where a schedule error path (client or server, camelCase) is shown. */
export function fieldOfSchedulePath(path: string): ScheduleField | null {
  const head = path.split('.')[0] ?? '';
  if (head === 'startDate' || head === 'endDate' || head === 'allDay' || head === 'initialDate')
    return 'start';
  if (head === 'duration') return 'duration';
  if (head === 'scheduledAttendees' || head === 'meetingTemplate') return 'attendees';
  if (head === 'timezone') return 'timezone';
  if (head === 'recurRule') return 'interval';
  if (head === 'interval') return 'interval';
  if (head === 'weekdays') return 'weekdays';
  if (head === 'monthDay') return 'monthDay';
  if (head === 'end') return path.includes('count') ? 'count' : 'untilDate';
  return null;
}

/**
 * Client-side checks before sending (spec 000 §5): the start not before the end of yesterday in the
 * user's zone, end ≠ start minute, interval / occurrences ≥ 1, month day 1–31, at least one weekday,
 * valid attendee e-mails — with the shared messages.
 */
export function validateSchedule(v: ScheduleFormValues, userZone: string, now: Date): ScheduleErrors {
  const errors: ScheduleErrors = {};
  const put = (f: ScheduleField | null, msg: string) => {
    if (f && !errors[f]) errors[f] = msg;
  };
  const start = startIso(v);
  if (!start) put('start', 'Choose a start date and time.');
  else if (startTooEarly(start, userZone, now)) put('start', SCHEDULE_MESSAGES.startInPast);
  const duration = durationOf(v);
  if (!Number.isInteger(duration) || duration < 1 || duration > ALL_DAY_MINUTES)
    put('duration', `Choose a duration from 1 to ${ALL_DAY_MINUTES} minutes.`);
  if (v.attendees.some((e) => !isEmail(e))) put('attendees', SCHEDULE_MESSAGES.attendeeEmail);
  const r = repeatOptionsOf(v);
  if (r) {
    if (r.frequency === 'weekly' && (r.weekdays ?? []).length === 0)
      put('weekdays', SCHEDULE_MESSAGES.weekdays);
    if (r.end.kind === 'until' && !/^\d{4}-\d{2}-\d{2}$/.test(r.end.date))
      put('untilDate', 'Choose the last day.');
    const parsed = repeatOptions.safeParse(r);
    if (!parsed.success)
      for (const issue of parsed.error.issues) put(fieldOfSchedulePath(issue.path.join('.')), issue.message);
  }
  if (start && !errors.duration) {
    const parsed = scheduleInput.safeParse(scheduleBody(v));
    if (!parsed.success)
      for (const issue of parsed.error.issues) put(fieldOfSchedulePath(issue.path.join('.')), issue.message);
  }
  return errors;
}

/** Server field errors placed under the editor's fields; what fits no field comes back as `rest`. */
export function scheduleServerErrors(errors: Record<string, string>): {
  fields: ScheduleErrors;
  rest: string[];
} {
  const fields: ScheduleErrors = {};
  const rest: string[] = [];
  for (const [path, msg] of Object.entries(errors)) {
    const f = fieldOfSchedulePath(path);
    if (f) fields[f] ??= msg;
    else rest.push(msg);
  }
  return { fields, rest };
}
