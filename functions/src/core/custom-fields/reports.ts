/**
 * The data of the 'task' and 'template' reports (spec 002 §3 Reports, §5, §9; issue 14; decisions
 * D49). Both read the values that fill one definition by day: one Query on gsi1
 * (CFVALS#routineTaskId, actionDate between the range's days), bounded by MAX_REPORT_ITEMS, and
 * no read of anybody's history beyond it. The /reporting route wires them into its dispatch.
 *
 * Ranges: dates are YYYY-MM-DD; the default is one month back to today. A range may not start
 * after it ends, nor (template report) end in the future; a daily report covers at most
 * MAX_DAILY_RANGE_DAYS days and any other at most MAX_RANGE_DAYS — a 10-year range by day is refused.
 */
import { type CustomField, reportValue, type TaskReportPoint, type TemplateReport } from '@tandem/shared';
import { CustomValueEntity } from '../../db/entities/custom-field.ts';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/errors.ts';
import { taskFor } from '../access/task-access.ts';
import { fieldsTaskOf, readDefinition, type ValueRecord, valueIdOf } from './custom-fields.ts';

export const REPORT_PERIODS = ['week', 'month', 'quarter', 'year', 'day', 'individual'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** The most values one report reads (about three years of daily values). */
export const MAX_REPORT_ITEMS = 1100;
export const MAX_DAILY_RANGE_DAYS = 366;
export const MAX_RANGE_DAYS = 5 * 366;

export const REPORT_MESSAGES = {
  badDate: 'Dates are YYYY-MM-DD.',
  reversed: 'The start date is after the end date.',
  future: 'The range may not go into the future.',
  tooLongDaily: `A daily report covers at most ${MAX_DAILY_RANGE_DAYS} days.`,
  tooLong: `A report covers at most ${MAX_RANGE_DAYS} days.`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MS_PER_DAY = 86_400_000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const parseDay = (s: string) => {
  const t = Date.parse(`${s}T00:00:00Z`);
  if (!DAY.test(s) || Number.isNaN(t) || dayOf(new Date(t)) !== s)
    throw new ValidationError({ date: REPORT_MESSAGES.badDate });
  return t;
};

/** The range asked for, checked; one month back to today by default. */
export function reportRange(
  q: { startDate?: string; endDate?: string; period?: ReportPeriod },
  now: Date,
  { allowFuture }: { allowFuture: boolean },
): { startDate: string; endDate: string } {
  const today = dayOf(now);
  const endDate = q.endDate ?? today;
  const monthBack = new Date(now);
  monthBack.setUTCMonth(monthBack.getUTCMonth() - 1);
  const startDate = q.startDate ?? dayOf(monthBack);
  const start = parseDay(startDate);
  const end = parseDay(endDate);
  if (start > end) throw new ValidationError({ start_date: REPORT_MESSAGES.reversed });
  if (!allowFuture && endDate > today) throw new ValidationError({ end_date: REPORT_MESSAGES.future });
  const days = (end - start) / MS_PER_DAY + 1;
  if (q.period === 'day' && days > MAX_DAILY_RANGE_DAYS)
    throw new ValidationError({ period: REPORT_MESSAGES.tooLongDaily });
  if (days > MAX_RANGE_DAYS) throw new ValidationError({ start_date: REPORT_MESSAGES.tooLong });
  return { startDate, endDate };
}

/** The values that fill the definition of `routineTaskId` on the range's days: one bounded Query. */
async function valuesBetween(
  routineTaskId: string,
  startDate: string,
  endDate: string,
): Promise<ValueRecord[]> {
  const r = await CustomValueEntity.query
    .byDefinition({ routineTaskId })
    // The sort key starts with the day: '~' sorts after every '#…' that follows the end day.
    .between({ actionDate: startDate }, { actionDate: `${endDate}~` })
    .go({ count: MAX_REPORT_ITEMS });
  return r.data as ValueRecord[];
}

/** The task report (spec 002 §3): a task's (or its routine's) values over time, oldest first. */
export async function taskReport(
  actor: Actor,
  q: { taskId: string; period?: ReportPeriod; startDate?: string; endDate?: string },
  now = new Date(),
): Promise<TaskReportPoint[]> {
  const { task } = await taskFor(actor, q.taskId);
  const range = reportRange(q, now, { allowFuture: true });
  const values = await valuesBetween(fieldsTaskOf(task), range.startDate, range.endDate);
  return values.map((v) => ({ id: valueIdOf(v), startDate: v.actionDate, customValue: v.values }));
}

/** The template report (spec 002 §3, §9): the instances × their field values, numbers with 1 decimal. */
export async function templateReport(
  actor: Actor,
  q: { templateTaskId: string; startDate?: string; endDate?: string },
  now = new Date(),
): Promise<TemplateReport> {
  const { task } = await taskFor(actor, q.templateTaskId);
  const range = reportRange(q, now, { allowFuture: false });
  const key = fieldsTaskOf(task);
  const [definition, values] = await Promise.all([
    readDefinition(key),
    valuesBetween(key, range.startDate, range.endDate),
  ]);
  const fields: CustomField[] = definition?.fields ?? [];
  return {
    meta: { totalInstances: new Set(values.map((v) => v.taskId)).size },
    templateName: task.title,
    fields,
    instances: values.map((v) => ({
      instanceId: v.taskId,
      taskTitle: v.taskTitle,
      taskType: v.taskId === v.routineTaskId ? 'task' : 'routine_instance',
      userName: v.userName,
      actionDate: v.actionDate,
      fieldValues: Object.fromEntries(fields.map((f) => [f.id, reportValue(f, v.values[f.id])])),
    })),
  };
}
