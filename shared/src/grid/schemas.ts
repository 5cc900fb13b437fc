/**
 * A saved grid view (spec 001 §3 "Grid view", §4 "Grid views", §9): its gridData with defaults, the
 * default view (id -1), the "changed" comparison the screen uses, and the rows query's input. An
 * unknown column or an operator its column does not take is refused with a message naming it.
 */
import * as z from 'zod/mini';
import {
  ALL_GRID_OPERATORS,
  GRID_COLUMN_NAMES,
  gridColumn,
  isGroupable,
  isValueless,
  operatorsOf,
} from './columns.ts';

export const GRID_PAGE_SIZE = 15;
export const GRID_PAGE_SIZES = [10, 15, 25, 50, 100] as const;
export const GRID_VIEW_LIST_LIMIT = 20;
export const MIN_COLUMN_WIDTH = 100;
export const MAX_COLUMN_WIDTH = 250;
/** The id of the default view: not stored, choosing it restores the defaults (spec 001 §4). */
export const DEFAULT_GRID_VIEW_ID = '-1';
export const MAX_GRID_VIEWS = 100;
export const MAX_VIEW_TITLE = 100;
export const MAX_GROUPING = 3;
export const MAX_FILTERS = 20;
export const MAX_SORTING = 5;
export const MAX_FILTER_VALUE = 200;
/** Columns a view may name: the fixed ones and at most this many custom-field columns. */
export const MAX_VIEW_COLUMNS = 120;

export const GRID_MESSAGES = {
  unknownColumn: (c: string) => `Unknown column '${c}'.`,
  unknownOperator: (op: string, c: string) => `The operator '${op}' does not apply to the column '${c}'.`,
  notGroupable: (c: string) => `The column '${c}' cannot group rows.`,
  valueRequired: (c: string) => `The filter on '${c}' needs a value.`,
  width: `A column is ${MIN_COLUMN_WIDTH} to ${MAX_COLUMN_WIDTH} pixels wide.`,
  titleRequired: 'A view needs a title.',
  defaultView: 'The default view cannot be changed or deleted.',
  tooMany: `A person keeps at most ${MAX_GRID_VIEWS} grid views.`,
} as const;

const columnName = z.string().check(
  z.maxLength(60, 'A column name has at most 60 characters.'),
  z.refine((c) => gridColumn(c) !== null, {
    error: (issue) => GRID_MESSAGES.unknownColumn(String(issue.input)),
  }),
);

const filterValue = z.union([
  z
    .string()
    .check(z.maxLength(MAX_FILTER_VALUE, `A filter value has at most ${MAX_FILTER_VALUE} characters.`)),
  z.number().check(z.refine(Number.isFinite, 'A filter value is a finite number.')),
  z.boolean(),
  z.null(),
]);

export const gridFilter = z
  .object({
    column: columnName,
    operator: z.string().check(
      z.refine((op) => ALL_GRID_OPERATORS.includes(op), {
        error: (issue) => `Unknown operator '${String(issue.input)}'.`,
      }),
    ),
    value: z._default(filterValue, null),
  })
  .check(
    z.superRefine((f, ctx) => {
      if (gridColumn(f.column) && !operatorsOf(f.column).includes(f.operator))
        ctx.issues.push({
          code: 'custom',
          input: f,
          path: ['operator'],
          message: GRID_MESSAGES.unknownOperator(f.operator, f.column),
        });
      else if (!isValueless(f.operator) && (f.value === null || f.value === ''))
        ctx.issues.push({
          code: 'custom',
          input: f,
          path: ['value'],
          message: GRID_MESSAGES.valueRequired(f.column),
        });
    }),
  );
export type GridFilter = z.infer<typeof gridFilter>;

export const gridSort = z.object({
  columnName,
  direction: z._default(z.enum(['asc', 'desc'], { error: "A direction is 'asc' or 'desc'." }), 'asc'),
});
export type GridSort = z.infer<typeof gridSort>;

const groupingEntry = z.object({
  columnName: columnName.check(
    z.refine((c) => gridColumn(c) === null || isGroupable(c), {
      error: (issue) => GRID_MESSAGES.notGroupable(String(issue.input)),
    }),
  ),
});

const columnExtension = z.object({
  columnName,
  width: z
    .number()
    .check(
      z.int(),
      z.gte(MIN_COLUMN_WIDTH, GRID_MESSAGES.width),
      z.lte(MAX_COLUMN_WIDTH, GRID_MESSAGES.width),
    ),
  wordWrapEnabled: z._default(z.boolean(), false),
});
export type GridColumnExtension = z.infer<typeof columnExtension>;

const unique = <T>(key: (t: T) => string, what: string) =>
  z.refine<T[]>((list) => new Set(list.map(key)).size === list.length, `${what} names a column twice.`);

export const gridData = z.object({
  pageSize: z._default(
    z.number().check(
      z.refine((n) => (GRID_PAGE_SIZES as readonly number[]).includes(n), {
        error: `The page size is one of ${GRID_PAGE_SIZES.join(', ')}.`,
      }),
    ),
    GRID_PAGE_SIZE,
  ),
  grouping: z._default(
    z.array(groupingEntry).check(
      z.maxLength(MAX_GROUPING, `Rows group by at most ${MAX_GROUPING} columns.`),
      unique((g: { columnName: string }) => g.columnName, 'Grouping'),
    ),
    [],
  ),
  filters: z._default(
    z.array(gridFilter).check(z.maxLength(MAX_FILTERS, `At most ${MAX_FILTERS} filters.`)),
    [],
  ),
  sorting: z._default(
    z.array(gridSort).check(
      z.maxLength(MAX_SORTING, `Rows sort by at most ${MAX_SORTING} columns.`),
      unique((s: { columnName: string }) => s.columnName, 'Sorting'),
    ),
    () => [{ columnName: 'createdAt', direction: 'desc' as const }],
  ),
  columnOrder: z._default(
    z.array(columnName).check(
      z.maxLength(MAX_VIEW_COLUMNS),
      unique((c: string) => c, 'The column order'),
    ),
    () => [...GRID_COLUMN_NAMES],
  ),
  hiddenColumnNames: z._default(
    z.array(columnName).check(
      z.maxLength(MAX_VIEW_COLUMNS),
      unique((c: string) => c, 'Hidden columns'),
    ),
    [],
  ),
  tableColumnExtensions: z._default(
    z.array(columnExtension).check(
      z.maxLength(MAX_VIEW_COLUMNS),
      unique((c: { columnName: string }) => c.columnName, 'Column widths'),
    ),
    [],
  ),
});
export type GridData = z.infer<typeof gridData>;

/** The defaults of a view's gridData (spec 001 §3, §9): page size 15, newest first, every column shown. */
export const defaultGridData = (): GridData => gridData.parse({});

const viewTitle = z.pipe(
  z.pipe(
    z.string({ error: GRID_MESSAGES.titleRequired }),
    z.transform((s) => s.trim()),
  ),
  z
    .string()
    .check(
      z.minLength(1, GRID_MESSAGES.titleRequired),
      z.maxLength(MAX_VIEW_TITLE, `A title has at most ${MAX_VIEW_TITLE} characters.`),
    ),
);

export const gridViewInput = z.object({
  title: viewTitle,
  gridData: z._default(gridData, () => defaultGridData()),
});
export type GridViewInput = z.infer<typeof gridViewInput>;

export const gridViewPatch = z.object({
  title: z.optional(viewTitle),
  gridData: z.optional(gridData),
});
export type GridViewPatch = z.infer<typeof gridViewPatch>;

export interface GridView {
  id: string;
  title: string;
  gridData: GridData;
  createdAt: string | null;
  updatedAt: string | null;
}

/** The default view (id -1): its title and the defaults; never stored. */
export const defaultGridView = (): GridView => ({
  id: DEFAULT_GRID_VIEW_ID,
  title: 'Default view',
  gridData: defaultGridData(),
  createdAt: null,
  updatedAt: null,
});

/** The same view content written in one order: lists whose order carries no meaning are sorted. */
function normalised(d: GridData) {
  return {
    pageSize: d.pageSize,
    grouping: d.grouping.map((g) => g.columnName),
    filters: d.filters.map((f) => [f.column, f.operator, isValueless(f.operator) ? null : f.value]),
    sorting: d.sorting.map((s) => [s.columnName, s.direction]),
    columnOrder: d.columnOrder,
    hiddenColumnNames: [...d.hiddenColumnNames].sort(),
    tableColumnExtensions: [...d.tableColumnExtensions]
      .map((e) => [e.columnName, e.width, e.wordWrapEnabled] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
  };
}

/**
 * The "changed" mark (spec 001 §4): any change to columns, filters, grouping, sorting or page size
 * against the saved view. The order of hidden columns and of width entries does not count.
 */
export const isGridDataChanged = (saved: GridData, current: GridData) =>
  JSON.stringify(normalised(saved)) !== JSON.stringify(normalised(current));

/** The rows query (ours, docs/api/grid.md): a view's filters, sorting and grouping, and a page. */
export const gridRowsQuery = z.object({
  filters: z._default(
    z.array(gridFilter).check(z.maxLength(MAX_FILTERS, `At most ${MAX_FILTERS} filters.`)),
    [],
  ),
  sorting: z._default(
    z.array(gridSort).check(z.maxLength(MAX_SORTING, `Rows sort by at most ${MAX_SORTING} columns.`)),
    () => [{ columnName: 'createdAt', direction: 'desc' as const }],
  ),
  grouping: z._default(
    z.array(groupingEntry).check(z.maxLength(MAX_GROUPING, `Rows group by at most ${MAX_GROUPING} columns.`)),
    [],
  ),
  page: z._default(z.number().check(z.int(), z.gte(1, 'Pages count from 1.'), z.lte(10_000)), 1),
  pageSize: z._default(
    z.number().check(
      z.refine((n) => (GRID_PAGE_SIZES as readonly number[]).includes(n), {
        error: `The page size is one of ${GRID_PAGE_SIZES.join(', ')}.`,
      }),
    ),
    GRID_PAGE_SIZE,
  ),
  /**
   * The previous answer's `next` (decisions D63): where the newest-first list stopped. Only views read
   * page by page (no grouping, sorted by creation newest first, filters on the list entries' own
   * columns) answer one; elsewhere it is ignored and `page` counts.
   */
  cursor: z.optional(z.string().check(z.maxLength(2000, 'This grid link is out of date.'))),
});
export type GridRowsQuery = z.infer<typeof gridRowsQuery>;

/** A cell's value as the rows answer carries it. */
export type GridValue = string | number | boolean | null;

export interface GridRow {
  id: string;
  version: number | null;
  values: Record<string, GridValue>;
}

/** One group on the page: its values (one per grouped column, outermost first) and its row count in the whole list. */
export interface GridGroupCount {
  key: GridValue[];
  count: number;
}

export interface GridRowsAnswer {
  /**
   * Rows in the whole (filtered) list. On a view read page by page (`next` is not null) it is exact
   * once the reads reached the list's end, else a lower bound: what was seen plus one (decisions D63).
   */
  count: number;
  /** The cursor of the next page (send it as `cursor` with page + 1), or null when the list was read whole or ended. */
  next: string | null;
  page: number;
  pageSize: number;
  results: GridRow[];
  groups: GridGroupCount[];
  /** Custom-field columns of the page's tasks: id, label and type. */
  customColumns: Array<{ name: string; label: string; type: string }>;
  /** The list passed the grid's bound (MAX_GRID_TASKS): only the newest tasks were read. */
  truncated: boolean;
}
