/**
 * What a schedule or a time block may be sent as (spec 000 §3 ScheduledTask, 001 §3 time blocks),
 * in a module light enough for the task schemas (zod only, no date library): POST /task and
 * PATCH /task/{id} carry a schedule beside the task. The rules that need zone arithmetic live in
 * schedule.ts, which re-exports all of this.
 */
import * as z from 'zod/mini';
import { boundedText, entityId } from '../api/limits.ts';
import { patchOf } from '../api/patch.ts';
import { EMAIL_PATTERN } from '../groups/invitations.ts';
import { isValidTimezone } from '../user/timezone.ts';

export const ALL_DAY_MINUTES = 1440;

export const SCHEDULE_MESSAGES = {
  sameMinute: 'The end must differ from the start.',
  startInPast: 'The start cannot be before the end of yesterday.',
  interval: 'Repeat at least every 1.',
  occurrences: 'Repeat at least once.',
  monthDay: 'Choose a day of the month from 1 to 31.',
  weekdays: 'Choose at least one day of the week.',
  attendeesNeeded: 'A meeting needs at least one attendee.',
  attendeeEmail: 'This is not a valid e-mail address.',
  startRequired: 'Give the schedule a start.',
  timezoneRequired: 'Give the schedule a time zone.',
} as const;

/** Start and end in the same minute is refused (offsets are whole minutes, so instants decide). */
export function sameMinute(start: string, end: string): boolean {
  return Math.floor(Date.parse(start) / 60_000) === Math.floor(Date.parse(end) / 60_000);
}

const instant = z.iso.datetime({ offset: true });
const instants = z.array(instant).check(z.maxLength(500));

const scheduleFields = z.strictObject({
  startDate: z.iso.datetime({
    offset: true,
    error: (iss) => (iss.input === undefined ? SCHEDULE_MESSAGES.startRequired : undefined),
  }),
  endDate: z._default(z.nullable(instant), null),
  initialDate: z._default(z.nullable(instant), null),
  allDay: z._default(z.boolean(), false),
  flexibleTime: z._default(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]), 4),
  recurRule: z._default(z.nullable(z.string().check(z.maxLength(500))), null),
  exDate: z._default(instants, []),
  rDate: z._default(instants, []),
  duration: z._default(z.int().check(z.gte(1), z.lte(ALL_DAY_MINUTES)), 60),
  timezone: z
    .string({ error: (iss) => (iss.input === undefined ? SCHEDULE_MESSAGES.timezoneRequired : undefined) })
    .check(z.refine(isValidTimezone, 'Unknown time zone')),
  meetingTemplate: z._default(z.nullable(entityId), null),
  scheduledAttendees: z._default(
    z
      .array(
        z.strictObject({
          email: z.string().check(
            z.trim(),
            z.refine((e) => EMAIL_PATTERN.test(e), SCHEDULE_MESSAGES.attendeeEmail),
          ),
        }),
      )
      .check(z.maxLength(100)),
    [],
  ),
});

/** A whole schedule: what is saved, after a PATCH is merged onto the schedule already there. */
export const scheduleInput = scheduleFields.check(
  z.superRefine((s, ctx) => {
    if (s.endDate && sameMinute(s.startDate, s.endDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: SCHEDULE_MESSAGES.sameMinute });
    }
    if (s.meetingTemplate && s.scheduledAttendees.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['scheduledAttendees'],
        message: SCHEDULE_MESSAGES.attendeesNeeded,
      });
    }
  }),
);
export type ScheduleInput = z.infer<typeof scheduleInput>;

/**
 * A schedule's PATCH: only the fields sent change (docs/decisions.md D11). A task without a
 * schedule needs at least a start and a time zone; the merged whole is checked by scheduleInput.
 */
export const schedulePatchInput = patchOf(scheduleFields);
export type SchedulePatchInput = z.infer<typeof schedulePatchInput>;

export const timeBlockInput = z.strictObject({
  startDate: instant,
  endDate: z._default(z.nullable(instant), null),
  exDate: z._default(instants, []),
  rDate: z._default(instants, []),
  recurRule: z._default(z.nullable(z.string().check(z.maxLength(500))), null),
  duration: z.int().check(z.gte(1), z.lte(ALL_DAY_MINUTES)),
  timezone: z.string().check(z.refine(isValidTimezone, 'Unknown time zone')),
  group: z._default(z.nullable(entityId), null),
  groupCategory: z._default(z.nullable(boundedText('groupCategory').check(z.minLength(1))), null),
});
export const timeBlockPatchInput = patchOf(timeBlockInput);
