/**
 * Reports (spec 002 §7 `GET /reporting/{reportType}/`; issue 14 item 5; decisions D50). Each report
 * reads the aggregates the stream consumer keeps (streams/report-aggregates.ts): a range of day items
 * by one Query per owner, or a person's overview counts by one Query — never the tasks themselves, so
 * the cost does not grow with someone's history (functions/test/integration/reports.test.ts counts).
 *
 * A dispatch table by type: `task` and `template` (a task's custom values; the template report) read
 * the custom-field values (core/custom-fields/reports.ts) over the range checked here.
 */
import {
  addDays,
  axisLabel,
  completionPercent,
  localDay,
  REPORT_MESSAGES,
  type ReportPeriod,
  type ReportQuery,
  type ReportRange,
  type ReportType,
  ROUTINE_SERIES,
  reportRange,
  type SeriesPoint,
  type SeriesReport,
  sumByBucket,
  type TaskOverviewReport,
  TREND_SERIES,
  wholeMonthsOf,
} from '@tandem/shared/reports/reports';
import { groupsById, taskFor } from '../../core/access/task-access.ts';
import {
  ReportCountEntity,
  ReportDayEntity,
  ReportMonthEntity,
  type ReportScope,
} from '../../db/entities/report.ts';
import type { Actor } from '../../lib/actor.ts';
import { ValidationError } from '../../lib/errors.ts';
import { memberOf } from '../access/roster.ts';
import { readUser } from '../access/users.ts';
import { taskReport, templateReport } from '../custom-fields/reports.ts';

/** A report: the caller and the parsed query (camelCase) → the answer (sent snake_case). */
export type ReportFn = (actor: Actor, query: ReportQuery) => Promise<unknown>;

/** The caller's today, in their zone. */
async function todayOf(actor: Actor): Promise<string> {
  const user = await readUser(actor.userId);
  const zone = (user?.config as { timezone?: string } | undefined)?.timezone ?? 'UTC';
  return localDay(Date.now(), zone);
}

/**
 * The report's range in the caller's days, or 400 with the rule broken (for `template`: not past today,
 * spec 002 §5).
 */
export async function rangeOf(type: ReportType, actor: Actor, query: ReportQuery): Promise<ReportRange> {
  const r = reportRange(type, query, await todayOf(actor));
  if ('message' in r) throw new ValidationError({ [r.field]: r.message });
  return r;
}

/** The day items of one owner from `from` to `to`: one Query (pages of 1 MB; a year of days is one). */
async function daysOf(scope: ReportScope, ownerId: string, from: string, to: string) {
  const { data } = await ReportDayEntity.query
    .byOwner({ scope, ownerId })
    .between({ day: from }, { day: to })
    .go({ pages: 'all', attributes: ['day', 'created', 'completed', 'due', 'done'] });
  return data;
}

/**
 * The counters of one owner over the range, as day items for sumByBucket. By month, quarter or year
 * the whole months inside the range are read from the month rollups (one Query) and only the days of
 * the partial months at its ends from the day items (one Query each): three Queries at most, whatever
 * the range — ten years by year read 120 month items, not 3,650 days (docs/performance.md D50).
 */
async function countsOf(scope: ReportScope, ownerId: string, range: ReportRange, period: ReportPeriod) {
  const whole = wholeMonthsOf(range);
  if (!whole || period === 'day' || period === 'individual' || period === 'week')
    return daysOf(scope, ownerId, range.startDate, range.endDate);
  const [head, months, tail] = await Promise.all([
    whole.first > range.startDate ? daysOf(scope, ownerId, range.startDate, addDays(whole.first, -1)) : [],
    ReportMonthEntity.query
      .byOwner({ scope, ownerId })
      .between({ month: whole.first.slice(0, 7) }, { month: whole.last.slice(0, 7) })
      .go({ pages: 'all', attributes: ['month', 'created', 'completed', 'due', 'done'] })
      .then((r) => r.data.map(({ month, ...c }) => ({ ...c, day: `${month}-01` }))),
    whole.lastDay < range.endDate ? daysOf(scope, ownerId, addDays(whole.lastDay, 1), range.endDate) : [],
  ]);
  return [...head, ...months, ...tail];
}

/** Routine: the completion percentage of a routine definition's instances per period (2 decimals). */
const routineReport: ReportFn = async (actor, query): Promise<SeriesReport> => {
  if (!query.taskId) throw new ValidationError({ task_id: REPORT_MESSAGES.taskRequired });
  const taskId = query.taskId;
  const [{ task }, range] = await Promise.all([taskFor(actor, taskId), rangeOf('routine', actor, query)]);
  const schedule = task.schedule as { recurRule?: string | null; initialDate?: string | null } | undefined;
  if (!schedule?.recurRule || schedule.initialDate)
    throw new ValidationError({ task_id: 'This task is not a routine.' });
  const buckets = sumByBucket(
    await countsOf('r', taskId, range, query.period),
    ['due', 'done'],
    range,
    query.period,
  );
  return {
    reportType: 'routine',
    period: query.period,
    ...range,
    results: buckets.map((b): SeriesPoint & { due: number; done: number } => ({
      name: ROUTINE_SERIES.completion,
      key: axisLabel(b.start, query.period),
      value: completionPercent(b.done, b.due),
      due: b.due,
      done: b.done,
    })),
  };
};

/** Trend: tasks created against tasks completed per period — the caller's, or the given groups'. */
const trendReport: ReportFn = async (actor, query): Promise<SeriesReport> => {
  const groupIds = query.groupIds ?? [];
  const [range, groups] = await Promise.all([
    rangeOf('trend', actor, query),
    groupIds.length ? groupsById(groupIds) : Promise.resolve(null),
  ]);
  // A group the caller is not an accepted member of: 404, as for any group they may not see.
  for (const id of groupIds) memberOf(groups?.get(id) ?? null, actor);
  const days = groupIds.length
    ? (await Promise.all(groupIds.map((g) => countsOf('g', g, range, query.period)))).flat()
    : await countsOf('u', actor.userId, range, query.period);
  const buckets = sumByBucket(days, ['created', 'completed'], range, query.period);
  return {
    reportType: 'trend',
    period: query.period,
    ...range,
    results: buckets.flatMap((b): SeriesPoint[] => {
      const key = axisLabel(b.start, query.period);
      return [
        { name: TREND_SERIES.created, key, value: b.created },
        { name: TREND_SERIES.completed, key, value: b.completed },
      ];
    }),
  };
};

/** Ours (docs/api/reports.md): the caller's tasks now, by status, priority group and group. One Query. */
const taskOverviewReport: ReportFn = async (actor): Promise<TaskOverviewReport> => {
  const { data } = await ReportCountEntity.query.byUser({ userId: actor.userId }).go({ pages: 'all' });
  const of = (dimension: 'status' | 'pg' | 'group') =>
    data
      .filter((c) => c.dimension === dimension && (c.count ?? 0) > 0)
      .map((c) => ({ id: c.value, count: c.count ?? 0 }));
  const byNumber = (a: { id: string }, b: { id: string }) => Number(a.id) - Number(b.id);
  const byStatus = of('status').sort(byNumber);
  return {
    reportType: 'task_overview',
    total: byStatus.reduce((n, c) => n + c.count, 0),
    byStatus,
    byPriorityGroup: of('pg').sort(byNumber),
    byGroup: of('group').sort((a, b) => b.count - a.count || a.id.localeCompare(b.id)),
  };
};

/** Task: a task's (or its routine's) custom values over time (custom-fields/reports.ts, D49). */
const customValuesReport: ReportFn = async (actor, query) => {
  if (!query.taskId) throw new ValidationError({ task_id: REPORT_MESSAGES.taskRequired });
  const range = await rangeOf('task', actor, query);
  return { results: await taskReport(actor, { taskId: query.taskId, ...range }) };
};

/** Template: a template's instances × their field values, range not in the future (D49). */
const templateValuesReport: ReportFn = async (actor, query) => {
  if (!query.templateTaskId)
    throw new ValidationError({ template_task_id: REPORT_MESSAGES.templateRequired });
  const range = await rangeOf('template', actor, query);
  return templateReport(actor, { templateTaskId: query.templateTaskId, ...range });
};

/** The reports by type. */
export const REPORTS: Record<ReportType, ReportFn> = {
  task_overview: taskOverviewReport,
  routine: routineReport,
  trend: trendReport,
  task: customValuesReport,
  template: templateValuesReport,
};

export async function getReport(actor: Actor, reportType: string, query: ReportQuery): Promise<unknown> {
  const run = Object.hasOwn(REPORTS, reportType) ? REPORTS[reportType as ReportType] : undefined;
  if (!run) throw new ValidationError({ report_type: REPORT_MESSAGES.unknownType });
  return run(actor, query);
}
