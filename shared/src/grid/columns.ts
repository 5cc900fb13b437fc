/**
 * The task grid's closed list of columns and of filter operators per column type (spec 001 §2 "Task
 * grid", §3 "Grid view" and "Task"): every task field a person sees, and `cf:<fieldId>` for a custom
 * field (spec 000 §3; decisions D49, D56). Plain data and functions, no zod: the screen, the schemas
 * and the server's rows read the same list.
 */
import {
  DELEGATION_TYPES,
  PRIORITY_GROUPS,
  TASK_LEVELS,
  TASK_MODES,
  TASK_STATUSES,
} from '../tasks/constants.ts';

export type GridColumnType = 'text' | 'number' | 'date' | 'enum' | 'boolean' | 'custom';

export interface GridColumnDef {
  name: string;
  type: GridColumnType;
  /** The default title (the screen shows its own translation by name). */
  title: string;
  /** Read from the person's own list entry (placement) alone: filters and sorting on it need no task reads. */
  cheap?: boolean;
  /** Values for an `enum` column. */
  options?: ReadonlyArray<{ value: string | number; title: string }>;
  /** Not offered for grouping (long free text). */
  noGrouping?: boolean;
}

/** The fixed columns, in their default order. */
export const GRID_COLUMNS: readonly GridColumnDef[] = [
  { name: 'title', type: 'text', title: 'Title', cheap: true },
  {
    name: 'status',
    type: 'enum',
    title: 'Status',
    cheap: true,
    options: TASK_STATUSES.map((s) => ({ value: s.id, title: s.title })),
  },
  {
    name: 'priorityGroup',
    type: 'enum',
    title: 'Priority group',
    cheap: true,
    options: PRIORITY_GROUPS.map((g) => ({ value: g.id, title: g.listTitle })),
  },
  { name: 'dueAt', type: 'date', title: 'Due date' },
  { name: 'group', type: 'text', title: 'Group', cheap: true },
  {
    name: 'mode',
    type: 'enum',
    title: 'Mode',
    cheap: true,
    options: TASK_MODES.map((m) => ({ value: m, title: m[0]!.toUpperCase() + m.slice(1) })),
  },
  {
    name: 'level',
    type: 'enum',
    title: 'Level',
    options: TASK_LEVELS.map((l) => ({ value: l.id, title: l.title })),
  },
  { name: 'urgent', type: 'boolean', title: 'Urgent' },
  { name: 'recurring', type: 'boolean', title: 'Recurring' },
  { name: 'owner', type: 'text', title: 'Owner' },
  { name: 'assignedTo', type: 'text', title: 'Assigned to' },
  { name: 'manager', type: 'text', title: 'Manager' },
  { name: 'parent', type: 'text', title: 'Parent' },
  { name: 'children', type: 'number', title: 'Sub-tasks' },
  { name: 'description', type: 'text', title: 'Description', noGrouping: true },
  {
    name: 'delegationType',
    type: 'enum',
    title: 'Delegation',
    options: DELEGATION_TYPES.map((d) => ({ value: d, title: d })),
  },
  { name: 'createdAt', type: 'date', title: 'Created', cheap: true },
  { name: 'updatedAt', type: 'date', title: 'Updated' },
  { name: 'activatedAt', type: 'date', title: 'Activated' },
  { name: 'completionAt', type: 'date', title: 'Completed', cheap: true },
];

export const GRID_COLUMN_NAMES: readonly string[] = GRID_COLUMNS.map((c) => c.name);
const byName = new Map(GRID_COLUMNS.map((c) => [c.name, c]));

/** A custom field's column: `cf:` and the field's id (the id rule of a custom field, D49). */
export const CUSTOM_COLUMN_PREFIX = 'cf:';
const CUSTOM_COLUMN = /^cf:[0-9a-z-]{1,40}$/;
export const isCustomColumn = (name: string) => CUSTOM_COLUMN.test(name);
export const customColumn = (fieldId: string) => `${CUSTOM_COLUMN_PREFIX}${fieldId}`;
export const customFieldIdOf = (name: string) => name.slice(CUSTOM_COLUMN_PREFIX.length);

/** The column's definition; a `cf:` column is of type `custom`; null when the name is not a column. */
export function gridColumn(name: string): GridColumnDef | null {
  const fixed = byName.get(name);
  if (fixed) return fixed;
  if (isCustomColumn(name)) return { name, type: 'custom', title: name };
  return null;
}

export const isGridColumn = (name: string) => gridColumn(name) !== null;

/** Operators that take no value. */
export const VALUELESS_OPERATORS = ['isEmpty', 'isNotEmpty'] as const;
const COMPARE = ['equal', 'notEqual', 'greaterThan', 'greaterThanOrEqual', 'lessThan', 'lessThanOrEqual'];

/** The closed list of filter operators of each column type. */
export const GRID_OPERATORS: Readonly<Record<GridColumnType, readonly string[]>> = {
  text: ['contains', 'notContains', 'startsWith', 'endsWith', 'equal', 'notEqual', ...VALUELESS_OPERATORS],
  number: [...COMPARE, ...VALUELESS_OPERATORS],
  date: [...COMPARE, ...VALUELESS_OPERATORS],
  enum: ['equal', 'notEqual'],
  boolean: ['equal'],
  // A custom field's type is the field's own (text, number, date, time, list), known per task.
  custom: ['contains', 'notContains', 'startsWith', 'endsWith', ...COMPARE, ...VALUELESS_OPERATORS],
};

export const ALL_GRID_OPERATORS: readonly string[] = [...new Set(Object.values(GRID_OPERATORS).flat())];

export const operatorsOf = (column: string): readonly string[] => {
  const c = gridColumn(column);
  return c ? GRID_OPERATORS[c.type] : [];
};

export const isValueless = (operator: string) =>
  (VALUELESS_OPERATORS as readonly string[]).includes(operator);

/** Whether a column can group rows. */
export const isGroupable = (column: string) => {
  const c = gridColumn(column);
  return c !== null && !c.noGrouping;
};

/** A column's filters, sorting and grouping run over the list entries alone (no task reads). */
export const isCheapColumn = (column: string) => byName.get(column)?.cheap === true;
