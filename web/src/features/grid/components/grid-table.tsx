/**
 * The grid itself: TanStack Table (columns, order, visibility, widths, grouping of the page's rows,
 * sort toggles) drawn with Mantine's Table. Filtering, sorting and paging happened on the server
 * (the rows arrive in order, grouped columns first); the table groups the page's rows and each group
 * row shows the server's count of the whole group, on the last grouped column (spec 001 §4).
 */
import {
  ActionIcon,
  Badge,
  Group,
  NativeSelect,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import type { GridData, GridGroupCount, GridRow, GridValue } from '@tandem/shared/grid/schemas';
import { PRIORITY_GROUPS, TASK_STATUSES } from '@tandem/shared/tasks/constants';
import {
  type ColumnDef,
  columnGroupingFeature,
  columnOrderingFeature,
  columnSizingFeature,
  columnVisibilityFeature,
  createExpandedRowModel,
  createGroupedRowModel,
  rowExpandingFeature,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf, formatCell } from '../utils/format.ts';

const features = tableFeatures({
  columnGroupingFeature,
  rowExpandingFeature,
  columnOrderingFeature,
  columnVisibilityFeature,
  columnSizingFeature,
  rowSortingFeature,
  groupedRowModel: createGroupedRowModel(),
  expandedRowModel: createExpandedRowModel(),
});

/** The three fields a row edits in place (spec 001 §2 task grid; PATCH /task/{id}). */
export type InlineField = 'status' | 'priorityGroup' | 'dueAt';

interface Props {
  rows: GridRow[];
  /** Every column the grid may show, in no order (the fixed ones and the page's custom fields). */
  columns: Array<{ name: string; label: string }>;
  data: GridData;
  groupCounts: GridGroupCount[];
  onSortChange: (column: string) => void;
  onEdit: (row: GridRow, field: InlineField, value: GridValue) => void;
}

const CHOOSABLE_GROUPS = PRIORITY_GROUPS.filter((g) => g.id < 4);

function EditCell({ row, field, onEdit }: { row: GridRow; field: InlineField; onEdit: Props['onEdit'] }) {
  const { t } = useTranslation('grid');
  const title = String(row.values.title ?? '');
  const label = t(`edit.${field}`, { title });
  if (field === 'dueAt')
    return (
      <TextInput
        type="date"
        size="xs"
        aria-label={label}
        value={dayOf((row.values.dueAt as string | null) ?? null)}
        onChange={(e) => {
          const day = e.currentTarget.value;
          onEdit(row, 'dueAt', day ? new Date(`${day}T12:00`).toISOString() : null);
        }}
      />
    );
  const options =
    field === 'status'
      ? TASK_STATUSES.map((s) => ({ value: String(s.id), label: s.title }))
      : CHOOSABLE_GROUPS.map((g) => ({ value: String(g.id), label: g.listTitle }));
  const current = String(row.values[field] ?? '');
  // A row in a group the list cannot choose (Routine, Issues…) keeps its value shown.
  const all = options.some((o) => o.value === current)
    ? options
    : [...options, { value: current, label: formatCell(field, row.values[field] ?? null, ['', '']) }];
  return (
    <NativeSelect
      size="xs"
      aria-label={label}
      value={current}
      data={all}
      onChange={(e) => onEdit(row, field, Number(e.currentTarget.value))}
    />
  );
}

export function GridTable({ rows, columns, data, groupCounts, onSortChange, onEdit }: Props) {
  const { t } = useTranslation('grid');
  const yesNo: [string, string] = [t('yes'), t('no')];
  const [expanded, setExpanded] = useState<true | Record<string, boolean>>(true);
  const grouping = useMemo(() => data.grouping.map((g) => g.columnName), [data]);
  const lastGrouped = grouping.at(-1);

  const columnDefs = useMemo<ColumnDef<typeof features, GridRow>[]>(
    () =>
      columns.map((c) => ({
        id: c.name,
        header: c.label,
        accessorFn: (r: GridRow) => r.values[c.name] ?? null,
        enableGrouping: true,
      })),
    [columns],
  );
  const width = (name: string) => data.tableColumnExtensions.find((e) => e.columnName === name);
  const countOf = (key: GridValue[]) =>
    groupCounts.find((g) => JSON.stringify(g.key) === JSON.stringify(key))?.count ?? 0;

  // Stable state objects: the table's store compares them, so new ones each render would churn it.
  const state = useMemo(
    () => ({
      grouping,
      expanded,
      columnOrder: data.columnOrder,
      columnVisibility: Object.fromEntries(data.hiddenColumnNames.map((c) => [c, false])),
      columnSizing: Object.fromEntries(data.tableColumnExtensions.map((e) => [e.columnName, e.width])),
      sorting: data.sorting.map((s) => ({ id: s.columnName, desc: s.direction === 'desc' })),
    }),
    [data, expanded, grouping],
  );
  const table = useTable({
    features,
    columns: columnDefs,
    data: rows,
    getRowId: (r) => r.id,
    state,
    onExpandedChange: (u) => setExpanded((old) => (typeof u === 'function' ? u(old) : u)),
    // Groups stay open as the rows change (a reset would write the state, render, and reset again).
    autoResetAll: false,
    autoResetExpanded: false,
    manualSorting: true,
    groupedColumnMode: false,
  });

  const visible = table.getVisibleLeafColumns();
  const sortOf = (id: string) => data.sorting.find((s) => s.columnName === id)?.direction;

  return (
    <Table.ScrollContainer minWidth={600}>
      <Table
        striped
        highlightOnHover
        withTableBorder
        withColumnBorders
        layout="fixed"
        data-testid="task-grid"
      >
        <Table.Thead>
          <Table.Tr>
            {visible.map((col) => {
              const dir = sortOf(col.id);
              const label = String(col.columnDef.header ?? col.id);
              return (
                <Table.Th
                  key={col.id}
                  style={{ width: width(col.id)?.width ?? 150 }}
                  aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none'}
                >
                  <UnstyledButton
                    onClick={() => onSortChange(col.id)}
                    aria-label={t('sortBy', { column: label })}
                    style={{ fontWeight: 600, fontSize: 'var(--mantine-font-size-sm)' }}
                  >
                    <Group gap={4} wrap="nowrap">
                      <span>{label}</span>
                      {dir === 'asc' && <IconArrowUp size={14} aria-hidden />}
                      {dir === 'desc' && <IconArrowDown size={14} aria-hidden />}
                    </Group>
                  </UnstyledButton>
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.getRowModel().rows.map((row) => {
            if (row.getIsGrouped()) {
              const depth = row.depth;
              // The group's values, typed as the rows carry them (one leaf row has them all).
              const leaf = row.getLeafRows()[0]?.original;
              const key = grouping.slice(0, depth + 1).map((c) => leaf?.values[c] ?? null);
              const column = grouping[depth]!;
              const label = columns.find((c) => c.name === column)?.label ?? column;
              return (
                <Table.Tr key={row.id} data-group-row>
                  <Table.Td colSpan={visible.length} style={{ paddingLeft: 8 + depth * 20 }}>
                    <Group gap="xs">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        onClick={row.getToggleExpandedHandler()}
                        aria-label={`${label}: ${formatCell(column, key.at(-1) ?? null, yesNo) || '—'}`}
                        aria-expanded={row.getIsExpanded()}
                      >
                        {row.getIsExpanded() ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                      </ActionIcon>
                      <Text size="sm" fw={600}>
                        {label}: {formatCell(column, key.at(-1) ?? null, yesNo) || '—'}
                      </Text>
                      {column === lastGrouped && (
                        <Badge variant="light" size="sm" tt="none">
                          {t('count', { count: countOf(key) })}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            }
            return (
              <Table.Tr key={row.id}>
                {row.getVisibleCells().map((cell) => {
                  const id = cell.column.id;
                  const ext = width(id);
                  const value = cell.getValue() as GridValue;
                  const editable = id === 'status' || id === 'priorityGroup' || id === 'dueAt';
                  return (
                    <Table.Td
                      key={cell.id}
                      style={{
                        whiteSpace: ext?.wordWrapEnabled ? 'normal' : 'nowrap',
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        overflowWrap: ext?.wordWrapEnabled ? 'anywhere' : undefined,
                      }}
                    >
                      {editable ? (
                        <EditCell row={row.original} field={id as InlineField} onEdit={onEdit} />
                      ) : (
                        formatCell(id, value, yesNo)
                      )}
                    </Table.Td>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
