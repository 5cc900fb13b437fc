/**
 * The CSV files of the reports (spec 002 §9 "CSV export file named from the template name plus
 * _data.csv"; issue 14 items 6 and 7): the template report and a task list, written by the one CSV
 * writer (shared/src/csv/write.ts; its reader is beside it).
 */
import { type CsvCell, toCsv } from '../csv/write.ts';
import { type TemplateReport, templateNumber } from './reports.ts';

export { CSV_BOM, CSV_MIME, type CsvCell, csvField, toCsv } from '../csv/write.ts';

/** '{template name}_data.csv' (spec 002 §9), without characters a file name may not hold. */
export function csvFileName(templateName: string): string {
  const clean = templateName
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .slice(0, 120);
  return `${clean || 'template'}_data.csv`;
}

export const TEMPLATE_CSV_COLUMNS = ['Task', 'Type', 'User', 'Date'] as const;

/** A field value as the template report shows it: numbers with 1 decimal (spec 002 §9). */
export function templateCell(value: string | number | null | undefined, type: string): CsvCell {
  if (value === null || value === undefined || value === '') return '';
  if (type === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? templateNumber(n) : String(value);
  }
  return typeof value === 'number' ? String(value) : value;
}

/** The template report as rows: the columns, then one row per instance with its field values. */
export function templateReportRows(report: TemplateReport): CsvCell[][] {
  return [
    [...TEMPLATE_CSV_COLUMNS, ...report.fields.map((f) => f.label)],
    ...report.instances.map((i) => [
      i.taskTitle,
      i.taskType,
      i.userName,
      i.actionDate,
      ...report.fields.map((f) => templateCell(i.fieldValues[f.id], f.type)),
    ]),
  ];
}

export const templateReportCsv = (report: TemplateReport) => toCsv(templateReportRows(report));

/** What the task list export needs of a task (the list's TaskView has it). */
export interface CsvTask {
  id: string;
  title: string;
  status: { title: string };
  priorityGroup: { id: number };
  group: { title: string };
  dueAt: string | null;
  completionAt: string | null;
  createdAt: string;
  user: { name: string };
  taskAssignees: ReadonlyArray<{ assigneeName: string; email: string }>;
}

export const TASK_CSV_COLUMNS = [
  'Title',
  'Status',
  'Priority group',
  'Group',
  'Due',
  'Completed',
  'Created',
  'Created by',
  'Assignees',
  'Id',
] as const;

/** A task list as CSV (issue 14 item 7): one row per task, the priority group by its list title. */
export function taskListCsv(tasks: readonly CsvTask[], priorityGroupTitle: (id: number) => string): string {
  return toCsv([
    [...TASK_CSV_COLUMNS],
    ...tasks.map((t) => [
      t.title,
      t.status.title,
      priorityGroupTitle(t.priorityGroup.id),
      t.group.title,
      t.dueAt,
      t.completionAt,
      t.createdAt,
      t.user.name,
      t.taskAssignees
        .map((a) => a.assigneeName || a.email)
        .filter(Boolean)
        .join('; '),
      t.id,
    ]),
  ]);
}
