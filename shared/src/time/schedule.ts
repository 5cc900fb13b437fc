/**
 * Schedule rules (spec 000 §5 "Routine and schedule", §4 end options, §9): what a schedule form may
 * save. The recurrence itself is an RRULE built from these options (buildRecurRule) and expanded by
 * recurrence.ts in the schedule's zone.
 */
import * as z from 'zod/mini';
import { entityId } from '../api/limits.ts';
import { ALL_DAY_MINUTES, SCHEDULE_MESSAGES, schedulePatchInput } from './schedule-input.ts';
import { floatingMs, instantOfWall } from './zone-times.ts';

// The zone maths here is the platform's Intl (wall-clock.ts), giving what Luxon gave, so the Lambda
// bundles that check schedules carry no date library (docs/decisions.md D61).

/** The instant of `hour:minute` on the day `date` (YYYY-MM-DD) in `zone`, resolved from `near` as Luxon would. */
function wallInstant(date: string, hour: number, minute: number, zone: string, near: number): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return Number.NaN;
  return instantOfWall(floatingMs({ year: +m[1]!, month: +m[2]!, day: +m[3]!, hour, minute }), zone, near);
}

export * from './schedule-input.ts';
// The rules the task routes check apart from this module's schemas, so that those routes do not
// carry them (docs/decisions.md D81).
export * from './schedule-rules.ts';

export const FLEXIBLE_TIME = { beginning: 1, middle: 2, end: 3, scheduled: 4 } as const;
export const NON_SCHEDULED_ROUTINE_MINUTES = 15;
export const DURATION_OPTIONS = [
  { label: 'Hour', minutes: 60 },
  { label: '30 Minutes', minutes: 30 },
  { label: '15 Minutes', minutes: 15 },
] as const;
export const WEEKDAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** How a repeating schedule ends (spec 000 §4): never, after a count, or by a date. */
export type EndOption =
  | { kind: 'never' }
  | { kind: 'count'; count: number }
  | { kind: 'until'; date: string };

export interface RepeatOptions {
  frequency: 'daily' | 'weekly' | 'monthly';
  interval: number;
  weekdays?: Weekday[];
  monthDay?: number;
  end: EndOption;
}

/** An end-by date ends at 23:59 of that day in the schedule's zone. */
export function endOfDay(date: string, zone: string): string {
  // As Luxon's fromISO(date, { zone }).set({ hour: 23, minute: 59 }): midnight first, then 23:59 from there.
  const ms = wallInstant(date, 23, 59, zone, wallInstant(date, 0, 0, zone, Date.now()));
  // A bad date or zone: null, as Luxon's toISO gave (the schemas let neither through).
  if (Number.isNaN(ms)) return null as unknown as string;
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The RRULE body for repeat options; UNTIL is an instant (UTC), as RFC 5545 asks with a zone. */
export function buildRecurRule(r: RepeatOptions, zone: string): string {
  const parts = [`FREQ=${r.frequency.toUpperCase()}`, `INTERVAL=${r.interval}`];
  if (r.frequency === 'weekly' && r.weekdays?.length) parts.push(`BYDAY=${r.weekdays.join(',')}`);
  if (r.frequency === 'monthly' && r.monthDay) parts.push(`BYMONTHDAY=${r.monthDay}`);
  if (r.end.kind === 'count') parts.push(`COUNT=${r.end.count}`);
  if (r.end.kind === 'until') {
    parts.push(`UNTIL=${endOfDay(r.end.date, zone).replace(/[-:]/g, '')}`);
  }
  return parts.join(';');
}

export const repeatOptions = z
  .strictObject({
    frequency: z.enum(['daily', 'weekly', 'monthly']),
    interval: z._default(z.int().check(z.gte(1, SCHEDULE_MESSAGES.interval)), 1),
    weekdays: z.optional(z.array(z.enum(WEEKDAYS))),
    monthDay: z.optional(
      z.int().check(z.gte(1, SCHEDULE_MESSAGES.monthDay), z.lte(31, SCHEDULE_MESSAGES.monthDay)),
    ),
    end: z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('never') }),
      z.strictObject({
        kind: z.literal('count'),
        count: z.int().check(z.gte(1, SCHEDULE_MESSAGES.occurrences)),
      }),
      z.strictObject({ kind: z.literal('until'), date: z.iso.date() }),
    ]),
  })
  .check(
    z.superRefine((r, ctx) => {
      if (r.frequency === 'weekly' && r.weekdays !== undefined && r.weekdays.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['weekdays'], message: SCHEDULE_MESSAGES.weekdays });
      }
    }),
  );

export const moveOccurrenceInput = z.strictObject({
  /** The occurrence's original start (OccurrenceView.originalStart). */
  from: z.iso.datetime({ offset: true }),
  /** Its new start. */
  to: z.iso.datetime({ offset: true }),
  /** Its new length in minutes, when resized. */
  duration: z.optional(z.int().check(z.gte(1), z.lte(ALL_DAY_MINUTES))),
});

/** PATCH /task/schedule/{id}: one occurrence moved, or the schedule's changed fields. */
export const setScheduleInput = z.union([
  z.strictObject({ moveOccurrence: moveOccurrenceInput }),
  schedulePatchInput,
]);

export const occurrencesQuery = z.object({
  startDate: z.iso.datetime({ offset: true, error: 'Give start_date as a date and time.' }),
  endDate: z.iso.datetime({ offset: true, error: 'Give end_date as a date and time.' }),
  group: z.optional(entityId),
  type: z.optional(z.enum(['delegated_to_me'])),
  routinesOnly: z.optional(z.enum(['0', '1', 'true', 'false'])),
  dateType: z.optional(z.string().check(z.maxLength(20))),
});
