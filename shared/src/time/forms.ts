/**
 * The rules of the time-block form (spec 001 §3 Time block), as a zod schema the web form validates
 * with before anything is sent. The duration is the server's own rule (timeBlockInput); the start
 * is a wall-clock time typed in the block's zone; a block is for a group or a category, and the one
 * its target names must be chosen. Messages are keys of the web's `validation` namespace.
 */
import { DateTime } from 'luxon';
import * as z from 'zod/mini';
import { FORM_MESSAGES } from '../user/forms.ts';
import { timeBlockInput } from './schedule-input.ts';

export const timeBlockForm = z
  .object({
    /** 'YYYY-MM-DDTHH:mm' in `timezone`. */
    start: z.string(),
    duration: z.unknown(),
    timezone: z.string(),
    target: z.enum(['group', 'category']),
    group: z.string(),
    category: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      const required = (path: string) =>
        ctx.addIssue({ code: 'custom', path: [path], message: FORM_MESSAGES.required });
      if (!DateTime.fromISO(v.start, { zone: v.timezone }).isValid) required('start');
      if (!timeBlockInput.shape.duration.safeParse(v.duration).success) required('duration');
      if (v[v.target] === '') required(v.target);
    }),
  );
