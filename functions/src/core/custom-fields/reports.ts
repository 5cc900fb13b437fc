/**
 * The data of the 'task' and 'template' reports (spec 002 §3 Reports, §5, §9; issue 14; decisions
 * D49). Both read the values that fill one definition by day: one Query on gsi1
 * (CFVALS#routineTaskId, actionDate between the range's days), bounded by MAX_REPORT_ITEMS, and
 * no read of anybody's history beyond it. The /reporting route wires them into its dispatch.
 *
 * Ranges come checked from the reports module (`rangeOf` in core/reports/reports.ts: the default of
 * one month back, no end before the start, the template's not past today, the length per period), so
 * the range rules have one home.
 */
import { type CustomField, reportValue, type TaskReportPoint, type TemplateReport } from '@tandem/shared';
import { CustomValueEntity } from '../../db/entities/custom-field.ts';
import type { Actor } from '../../lib/actor.ts';
import { taskFor } from '../access/task-access.ts';
import { fieldsTaskOf, readDefinition, type ValueRecord, valueIdOf } from './custom-fields.ts';

/** The most values one report reads (about three years of daily values). */
export const MAX_REPORT_ITEMS = 1100;

/** A range of days (YYYY-MM-DD), already checked by the reports module's rules (core/reports, D50). */
interface DayRange {
  startDate: string;
  endDate: string;
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
  return r.data;
}

/** The task report (spec 002 §3): a task's (or its routine's) values over time, oldest first. */
export async function taskReport(actor: Actor, q: { taskId: string } & DayRange): Promise<TaskReportPoint[]> {
  const { task } = await taskFor(actor, q.taskId);
  const range = q;
  const values = await valuesBetween(fieldsTaskOf(task), range.startDate, range.endDate);
  return values.map((v) => ({ id: valueIdOf(v), startDate: v.actionDate, customValue: v.values }));
}

/** The template report (spec 002 §3, §9): the instances × their field values, numbers with 1 decimal. */
export async function templateReport(
  actor: Actor,
  q: { templateTaskId: string } & DayRange,
): Promise<TemplateReport> {
  const { task } = await taskFor(actor, q.templateTaskId);
  const range = q;
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
