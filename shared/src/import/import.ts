/**
 * Importing tasks from a CSV file (issue 14 item 7; decisions D60): our own task-list export
 * (reports/csv.ts `taskListCsv`) and Todoist's CSV project export. The file is read by the one CSV
 * reader (csv/read.ts), its format told from the header, each row mapped to a new task's fields and
 * checked with the task create schema, so the preview shows the same errors the import would give.
 *
 * Todoist's columns (its help page "Format a CSV file to import into Todoist"): TYPE (task, section,
 * note), CONTENT, DESCRIPTION, PRIORITY (1 is p1, the highest, to 4, p4, the lowest — the file's
 * scale, not the API's, which runs the other way), INDENT (1 a top task, 2 its sub-task, …), AUTHOR,
 * RESPONSIBLE, DATE, DATE_LANG, TIMEZONE. A section is no task: the tasks after it start again at the
 * top. A note is a comment on the task above it: it is added to that task's description.
 */
import * as z from 'zod/mini';
import { enCount, idField } from '../api/limits.ts';
import { CsvError, readCsv } from '../csv/read.ts';
import {
  isChoosablePriorityGroup,
  PRIORITY_GROUP,
  PRIORITY_GROUPS,
  TASK_FLAG,
  TASK_STATUS,
  TASK_STATUSES,
} from '../tasks/constants.ts';
import { pickedDueAt } from '../tasks/quick-due.ts';
import { childTaskInput, TASK_MESSAGES } from '../tasks/schemas.ts';
import { floatingMs, instantOfWall } from '../time/zone-times.ts';
import { isValidTimezone } from '../user/timezone.ts';

export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;

export const IMPORT_FORMATS = ['tandem', 'todoist'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** A new task as the file gives it, normalised: what the preview answers and the import takes back. */
export interface ImportRow {
  /** The line of the file the row starts on (what errors and the preview name). */
  line: number;
  title: string;
  description: string;
  flag: number;
  status: number;
  priorityGroup: number;
  dueAt: string | null;
  /** The index (in the rows) of this task's parent, an earlier row; null at the top. */
  parent: number | null;
}

export interface ImportRowError {
  /** The file's line (ImportRow.line). */
  row: number;
  /** The file's column the fault is in (its header as written), or `row` for the row as a whole. */
  column: string;
  message: string;
}

export interface ImportPreview {
  format: ImportFormat;
  rows: ImportRow[];
  errors: ImportRowError[];
}

export interface ImportResult {
  created: number;
  group: string;
}

export const IMPORT_MESSAGES = {
  tooLarge: `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  tooManyRows: `The file has more than ${enCount(IMPORT_MAX_ROWS)} rows. Import at most ${enCount(IMPORT_MAX_ROWS)} at a time.`,
  unknownFormat:
    'The columns were not recognised. Use a task list exported from Tandem (a Title column) or a Todoist CSV export (TYPE and CONTENT columns).',
  noRows: 'The file has no tasks to import.',
  emptyFile: 'The file is empty.',
  noFile: 'Choose a CSV file to import.',
  notText: 'The file could not be read as text (UTF-8).',
  done: TASK_MESSAGES.doneOnCreate,
  priorityGroup: 'Only Today, Next, Later or Future can be imported.',
  status: 'The status is Not Started, Active or Paused.',
  todoistPriority: 'PRIORITY is 1 (highest) to 4 (lowest).',
  indent: 'INDENT is a whole number from 1.',
  indentGap: 'This task is indented under no task: INDENT goes down by one level at a time.',
  type: 'TYPE is task, section or note.',
  date: 'The date could not be read. Write it as YYYY-MM-DD (repeating dates are not imported).',
  timezone: 'Unknown time zone.',
  parent: 'The parent must be an earlier row.',
  columns: 'This row has more fields than the header.',
  changed: 'Some rows are not valid any more: preview the file again.',
} as const;

/** A file-level fault (size, rows, a broken quote, unknown columns): nothing of the file is taken. */
export class ImportFileError extends Error {
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(message);
    this.name = 'ImportFileError';
  }
}

const norm = (h: string) => h.trim().toLowerCase();

/** Our export's columns (reports/csv.ts TASK_CSV_COLUMNS) that an import reads; the rest are ignored. */
const TANDEM_COLUMNS = {
  title: 'title',
  description: 'description',
  status: 'status',
  priorityGroup: 'priority group',
  due: 'due',
} as const;

const TODOIST_COLUMNS = {
  type: 'type',
  content: 'content',
  description: 'description',
  priority: 'priority',
  indent: 'indent',
  date: 'date',
  dateLang: 'date_lang',
  timezone: 'timezone',
} as const;

/** The format a header is in: Todoist's has TYPE and CONTENT, ours Title; null when neither. */
export function detectFormat(header: readonly string[]): ImportFormat | null {
  const names = new Set(header.map(norm));
  if (names.has('type') && names.has('content')) return 'todoist';
  if (names.has('title')) return 'tandem';
  return null;
}

export interface PreviewOptions {
  /** Asked for, or told from the header when absent. */
  format?: ImportFormat;
  /** The zone a day without a time is read in (its end, 23:59, as the due-date picker sets). */
  zone: string;
}

/**
 * The rows a file would create and every row's errors, with nothing written. Throws ImportFileError
 * for a file that cannot be taken at all (too large, more than IMPORT_MAX_ROWS rows, a broken quote,
 * unknown columns, no rows).
 */
export function previewImport(text: string, opts: PreviewOptions): ImportPreview {
  let records: ReturnType<typeof readCsv>;
  try {
    records = readCsv(text, { maxChars: IMPORT_MAX_BYTES, maxRecords: IMPORT_MAX_ROWS + 1 });
  } catch (e) {
    if (!(e instanceof CsvError)) throw e;
    if (e.kind === 'too-large') throw new ImportFileError(IMPORT_MESSAGES.tooLarge);
    if (e.kind === 'too-many-rows') throw new ImportFileError(IMPORT_MESSAGES.tooManyRows, e.line);
    throw new ImportFileError(e.message, e.line);
  }
  const [head, ...body] = records;
  if (!head) throw new ImportFileError(IMPORT_MESSAGES.emptyFile);
  const header = head.cells;
  const format = opts.format ?? detectFormat(header);
  if (!format || detectFormat(header) !== format) throw new ImportFileError(IMPORT_MESSAGES.unknownFormat, 1);
  const column = (name: string) => header.findIndex((h) => norm(h) === name);
  const errors: ImportRowError[] = [];
  for (const r of body) {
    if (r.cells.length > header.length && r.cells.slice(header.length).some((c) => c !== '')) {
      errors.push({ row: r.line, column: 'row', message: IMPORT_MESSAGES.columns });
    }
  }
  const mapped =
    format === 'tandem'
      ? mapTandem(body, header, column, opts.zone)
      : mapTodoist(body, header, column, opts.zone);
  errors.push(...mapped.errors);
  if (mapped.rows.length === 0) throw new ImportFileError(IMPORT_MESSAGES.noRows);
  errors.push(
    ...validateImportRows(mapped.rows, (field) => header[column(mapped.columnOf[field] ?? '')] ?? field),
  );
  return { format, rows: mapped.rows, errors: dedupe(errors) };
}

/** One error per row and column (the first found), in file order. */
function dedupe(errors: ImportRowError[]): ImportRowError[] {
  const seen = new Set<string>();
  return errors
    .filter((e) => {
      const k = `${e.row}|${e.column}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => a.row - b.row);
}

type RowField = 'title' | 'description' | 'flag' | 'status' | 'priorityGroup' | 'dueAt' | 'parent';

interface Mapped {
  rows: ImportRow[];
  errors: ImportRowError[];
  /** The (normalised) column each field came from, for naming it in an error. */
  columnOf: Partial<Record<RowField, string>>;
}

/** Our export escapes a text cell a spreadsheet would run ('=…' → "'=…"): taken back off here. */
const unescapeFormula = (s: string) => (/^'[=+\-@\t\r]/.test(s) ? s.slice(1) : s);

function mapTandem(
  body: ReturnType<typeof readCsv>,
  header: readonly string[],
  column: (name: string) => number,
  zone: string,
): Mapped {
  const at = Object.fromEntries(Object.entries(TANDEM_COLUMNS).map(([k, v]) => [k, column(v)])) as Record<
    keyof typeof TANDEM_COLUMNS,
    number
  >;
  const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '') : '');
  const dateOf = memoDates();
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  for (const r of body) {
    const c = r.cells;
    if (c.every((x) => x.trim() === '')) continue;
    const fault = (i: number, message: string) =>
      errors.push({ row: r.line, column: header[i] ?? 'row', message });
    const statusText = norm(cell(c, at.status));
    let status: number = TASK_STATUS.notStarted;
    if (statusText) {
      const found = TASK_STATUSES.find((s) => norm(s.title) === statusText);
      if (!found) fault(at.status, IMPORT_MESSAGES.status);
      else if (found.id === TASK_STATUS.done) fault(at.status, IMPORT_MESSAGES.done);
      else status = found.id;
    }
    const pgText = norm(cell(c, at.priorityGroup));
    let priorityGroup: number = PRIORITY_GROUP.now;
    if (pgText) {
      const found = PRIORITY_GROUPS.find(
        (p) => p.id <= PRIORITY_GROUP.future && (norm(p.listTitle) === pgText || norm(p.title) === pgText),
      );
      if (found) priorityGroup = found.id;
      else fault(at.priorityGroup, IMPORT_MESSAGES.priorityGroup);
    }
    const due = dateOf(cell(c, at.due), zone);
    if (due === undefined) fault(at.due, IMPORT_MESSAGES.date);
    rows.push({
      line: r.line,
      title: unescapeFormula(cell(c, at.title).trim()),
      description: unescapeFormula(cell(c, at.description)),
      flag: TASK_FLAG.normal,
      status,
      priorityGroup,
      dueAt: due ?? null,
      parent: null,
    });
  }
  return {
    rows,
    errors,
    columnOf: {
      title: TANDEM_COLUMNS.title,
      description: TANDEM_COLUMNS.description,
      status: TANDEM_COLUMNS.status,
      priorityGroup: TANDEM_COLUMNS.priorityGroup,
      dueAt: TANDEM_COLUMNS.due,
    },
  };
}

/** Todoist's p1…p4 (the file's PRIORITY 1…4): p1 urgent in Today, p2 Today, p3 Next, p4 Later. */
export const TODOIST_PRIORITY: Record<number, { priorityGroup: number; flag: number }> = {
  1: { priorityGroup: PRIORITY_GROUP.now, flag: TASK_FLAG.urgent },
  2: { priorityGroup: PRIORITY_GROUP.now, flag: TASK_FLAG.normal },
  3: { priorityGroup: PRIORITY_GROUP.next, flag: TASK_FLAG.normal },
  4: { priorityGroup: PRIORITY_GROUP.later, flag: TASK_FLAG.normal },
};

function mapTodoist(
  body: ReturnType<typeof readCsv>,
  header: readonly string[],
  column: (name: string) => number,
  zone: string,
): Mapped {
  const at = Object.fromEntries(Object.entries(TODOIST_COLUMNS).map(([k, v]) => [k, column(v)])) as Record<
    keyof typeof TODOIST_COLUMNS,
    number
  >;
  const cell = (cells: string[], i: number) => (i >= 0 ? (cells[i] ?? '') : '');
  const dateOf = memoDates();
  const rows: ImportRow[] = [];
  const errors: ImportRowError[] = [];
  /** The row index of the last task at each depth (0 is INDENT 1). */
  let stack: number[] = [];
  for (const r of body) {
    const c = r.cells;
    if (c.every((x) => x.trim() === '')) continue;
    const fault = (i: number, message: string) =>
      errors.push({ row: r.line, column: header[i] ?? 'row', message });
    const type = cell(c, at.type).trim().toLowerCase();
    if (type === 'section') {
      stack = [];
      continue;
    }
    if (type === 'note') {
      const last = rows[rows.length - 1];
      const text = cell(c, at.content).trim();
      if (last && text) last.description = last.description ? `${last.description}\n\n${text}` : text;
      continue;
    }
    // Todoist's export starts with a `meta` row (the project's view style): not a task.
    if (type === 'meta') continue;
    if (type !== 'task') {
      fault(at.type, IMPORT_MESSAGES.type);
      continue;
    }
    const pText = cell(c, at.priority).trim();
    const p = pText === '' ? 4 : Number(pText);
    const priority = TODOIST_PRIORITY[p];
    if (!priority) fault(at.priority, IMPORT_MESSAGES.todoistPriority);
    const iText = cell(c, at.indent).trim();
    const indent = iText === '' ? 1 : Number(iText);
    let parent: number | null = null;
    if (!Number.isInteger(indent) || indent < 1) {
      fault(at.indent, IMPORT_MESSAGES.indent);
    } else if (indent - 1 > stack.length) {
      fault(at.indent, IMPORT_MESSAGES.indentGap);
    } else {
      stack = stack.slice(0, indent - 1);
      parent = stack[indent - 2] ?? null;
    }
    const zoneText = cell(c, at.timezone).trim();
    let rowZone = zone;
    if (zoneText) {
      if (isValidTimezone(zoneText)) rowZone = zoneText;
      else fault(at.timezone, IMPORT_MESSAGES.timezone);
    }
    const due = dateOf(cell(c, at.date), rowZone);
    if (due === undefined) fault(at.date, IMPORT_MESSAGES.date);
    const index = rows.length;
    rows.push({
      line: r.line,
      title: cell(c, at.content).trim(),
      description: cell(c, at.description),
      flag: priority?.flag ?? TASK_FLAG.normal,
      status: TASK_STATUS.notStarted,
      priorityGroup: priority?.priorityGroup ?? PRIORITY_GROUP.now,
      dueAt: due ?? null,
      parent,
    });
    if (Number.isInteger(indent) && indent >= 1 && indent - 1 <= stack.length) stack.push(index);
  }
  return {
    rows,
    errors,
    columnOf: {
      title: TODOIST_COLUMNS.content,
      description: TODOIST_COLUMNS.description,
      priorityGroup: TODOIST_COLUMNS.priority,
      flag: TODOIST_COLUMNS.priority,
      dueAt: TODOIST_COLUMNS.date,
      parent: TODOIST_COLUMNS.indent,
    },
  };
}

/** readDate once per distinct text and zone of a file (the zone arithmetic is the costly part). */
function memoDates() {
  const seen = new Map<string, string | null | undefined>();
  return (text: string, zone: string) => {
    const k = `${zone}\u0000${text}`;
    if (!seen.has(k)) seen.set(k, readDate(text, zone));
    return seen.get(k);
  };
}

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
/** The month of an English name, full or its first three letters (Todoist's 'Mar', 'March'); 0 if none. */
const monthOf = (name: string) => {
  const n = name.toLowerCase();
  return MONTHS.findIndex((m) => m === n || (n.length === 3 && m.startsWith(n))) + 1;
};
/** English days Todoist writes for a picked day: 'Mar 29 2026', '29 March 2026', 'March 29, 2026'. */
const MONTH_FIRST = /^([A-Za-z]+) (\d{1,2}),? (\d{4})$/;
const DAY_FIRST = /^(\d{1,2}) ([A-Za-z]+),? (\d{4})$/;
const DAY_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;
const WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T.*(Z|[+-]\d{2}:?\d{2})$/;

/** 'YYYY-MM-DD' when the day exists (no 30 February), else null. */
function isoDay(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d.toISOString().slice(0, 10);
}

/**
 * A due instant (UTC ISO) from a date cell: '' → null; a day → its end (23:59) in `zone`; a day and
 * time without an offset → that time in `zone`; with an offset (our export's ISO instants) → as it
 * is. Anything else (Todoist's 'every day', 'tomorrow') → undefined: an error of the row.
 */
export function readDate(text: string, zone: string): string | null | undefined {
  const s = text.trim();
  if (s === '') return null;
  const day = pickedDueAt(s, zone);
  if (day) return day;
  const t = DAY_TIME.exec(s);
  if (t) {
    const [, y, mo, d, h, mi, sec, frac] = t;
    if (
      !isoDay(Number(y), Number(mo), Number(d)) ||
      Number(h) > 23 ||
      Number(mi) > 59 ||
      Number(sec ?? 0) > 59
    )
      return undefined;
    const wall = floatingMs({
      year: Number(y),
      month: Number(mo),
      day: Number(d),
      hour: Number(h),
      minute: Number(mi),
      second: Number(sec ?? 0),
    });
    const ms = instantOfWall(wall, zone, wall) + Number(`0.${frac ?? 0}`) * 1000;
    return Number.isFinite(ms) ? new Date(Math.round(ms)).toISOString() : undefined;
  }
  const o = WITH_OFFSET.exec(s);
  if (o) {
    if (!isoDay(Number(o[1]), Number(o[2]), Number(o[3]))) return undefined;
    // '+0200' as '+02:00': the platform reads the ISO form with the colon.
    const ms = Date.parse(s.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
    return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
  }
  const mf = MONTH_FIRST.exec(s);
  const df = mf ? null : DAY_FIRST.exec(s);
  if (mf || df) {
    const [monthName, dayText, year] = mf ? [mf[1]!, mf[2]!, mf[3]!] : [df![2]!, df![1]!, df![3]!];
    const month = monthOf(monthName);
    const iso = month ? isoDay(Number(year), month, Number(dayText)) : null;
    return iso ? (pickedDueAt(iso, zone) ?? undefined) : undefined;
  }
  return undefined;
}

const FIELD_OF_PATH: Record<string, RowField> = {
  title: 'title',
  details: 'description',
  status: 'status',
  priorityGroup: 'priorityGroup',
  dueAt: 'dueAt',
};

/**
 * Each row checked as POST /task checks a new task (childTaskInput: title, description, status,
 * priority group, due) and its parent an earlier row. `columnName` names a field's column in the file
 * (the server, which has no file, names the field).
 */
export function validateImportRows(
  rows: readonly ImportRow[],
  columnName: (field: RowField) => string = (f) => f,
): ImportRowError[] {
  const errors: ImportRowError[] = [];
  rows.forEach((row, index) => {
    const parsed = childTaskInput.safeParse({
      title: row.title,
      details: { description: row.description, flag: row.flag },
      status: row.status,
      priorityGroup: row.priorityGroup,
      dueAt: row.dueAt,
    });
    if (parsed.success && !isChoosablePriorityGroup(row.priorityGroup)) {
      // Issues (8) are made one by one, by the internal accounts only: never imported.
      errors.push({
        row: row.line,
        column: columnName('priorityGroup'),
        message: IMPORT_MESSAGES.priorityGroup,
      });
    }
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[1] === 'flag' ? 'flag' : (FIELD_OF_PATH[String(issue.path[0])] ?? 'title');
        errors.push({ row: row.line, column: columnName(field), message: issue.message });
      }
    }
    if (row.parent !== null && !(Number.isInteger(row.parent) && row.parent >= 0 && row.parent < index)) {
      errors.push({ row: row.line, column: columnName('parent'), message: IMPORT_MESSAGES.parent });
    }
  });
  return errors;
}

/** POST /task/import/preview's query: the format (told from the header when absent) and the zone. */
export const importPreviewQuery = z.strictObject({
  format: z.optional(z.enum(IMPORT_FORMATS, { error: 'The format is tandem or todoist.' })),
  timezone: z.optional(z.string().check(z.refine(isValidTimezone, 'Unknown time zone'))),
});

const importRowInput = z.strictObject({
  line: z.int(),
  title: z.string(),
  description: z.string(),
  flag: z.int(),
  status: z.int(),
  priorityGroup: z.int(),
  dueAt: z.nullable(z.string()),
  parent: z.nullable(z.int()),
});

export const IMPORT_KEY_MESSAGE = 'An import key is 8 to 64 letters, digits, - or _.';

/**
 * POST /task/import: the previewed rows into a group, once per key. The rows' shape is checked here;
 * their content by validateImportRows, which answers every row's errors at once.
 */
export const importTasksInput = z.strictObject({
  group: idField('Choose a group.'),
  idempotencyKey: z.string({ error: IMPORT_KEY_MESSAGE }).check(z.regex(/^[\w-]{8,64}$/, IMPORT_KEY_MESSAGE)),
  rows: z
    .array(importRowInput)
    .check(z.minLength(1, IMPORT_MESSAGES.noRows), z.maxLength(IMPORT_MAX_ROWS, IMPORT_MESSAGES.tooManyRows)),
});
export type ImportTasksInput = z.infer<typeof importTasksInput>;
