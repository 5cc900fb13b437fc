/**
 * /tasks/grid (ours: spec 001 §2 shows no route for the task grid; it is the Tasks page's grid view,
 * decisions D56): every task field and custom field as a column, grouping with a count summary,
 * filters, sorting, column order, hidden columns, widths and wrap, 15 a page, and the saved views —
 * save, save as, rename, delete, the default view (-1) and the changed mark. `?view=<id>` keeps the
 * chosen view across reloads. Filtering, sorting and paging run on the server (POST /task/grid/rows).
 */
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  MultiSelect,
  NativeSelect,
  Pagination,
  Popover,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconColumns, IconDeviceFloppy, IconFilter, IconList } from '@tabler/icons-react';
import { GRID_COLUMNS, isGroupable, isValueless } from '@tandem/shared/grid/columns';
import {
  DEFAULT_GRID_VIEW_ID,
  defaultGridData,
  GRID_PAGE_SIZES,
  type GridData,
  type GridRow,
  type GridRowsQuery,
  type GridValue,
  isGridDataChanged,
  MAX_GROUPING,
} from '@tandem/shared/grid/schemas';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { createView, deleteView, saveTaskField, updateView, useGridRows, useGridViews } from '../api/grid.ts';
import { ColumnSettings } from '../components/column-settings.tsx';
import { FiltersEditor } from '../components/filters-editor.tsx';
import { GridTable, type InlineField } from '../components/grid-table.tsx';

/** Filters the server can run: a value-less condition, or one with a value. */
const complete = (d: GridData): GridData => ({
  ...d,
  filters: d.filters.filter((f) => isValueless(f.operator) || (f.value !== null && f.value !== '')),
});

type Dialog = null | 'saveAs' | 'rename' | 'delete';

export default function GridPage() {
  const { t } = useTranslation('grid');
  const [params, setParams] = useSearchParams();
  const viewId = params.get('view') ?? DEFAULT_GRID_VIEW_ID;
  const views = useGridViews();
  const saved = views.data?.results.find((v) => v.id === viewId) ?? null;
  const savedData = useMemo(() => saved?.gridData ?? defaultGridData(), [saved]);
  const [draft, setDraft] = useState<GridData | null>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [customSeen, setCustomSeen] = useState<Array<{ name: string; label: string }>>([]);
  const current = draft ?? savedData;
  const changed = isGridDataChanged(savedData, complete(current));

  // Another view chosen (or the views arrived): its own content, from page 1.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when the chosen view changes
  useEffect(() => {
    setDraft(null);
    setPage(1);
  }, [viewId]);

  const query = complete(current);
  // Views read page by page answer a `next` cursor (decisions D63): kept per page for this list, so
  // the next page is read from where this one stopped; a page with none is read by its number.
  const listKey = JSON.stringify([query.filters, query.sorting, query.grouping, query.pageSize]);
  const [cursors, setCursors] = useState<{ list: string; byPage: Record<number, string> }>({
    list: '',
    byPage: {},
  });
  const cursor = cursors.list === listKey ? cursors.byPage[page] : undefined;
  const asked: GridRowsQuery = {
    filters: query.filters,
    sorting: query.sorting,
    grouping: query.grouping,
    page,
    pageSize: query.pageSize,
    ...(cursor ? { cursor } : {}),
  };
  const rows = useGridRows(asked);
  const answer = rows.data;
  const nextCursor = answer && answer.asked === JSON.stringify(asked) ? answer.next : null;
  useEffect(() => {
    if (!nextCursor) return;
    setCursors((c) => {
      const byPage = c.list === listKey ? c.byPage : {};
      return byPage[page + 1] === nextCursor
        ? c
        : { list: listKey, byPage: { ...byPage, [page + 1]: nextCursor } };
    });
  }, [nextCursor, listKey, page]);

  useEffect(() => {
    const fresh = (answer?.customColumns ?? []).filter((c) => !customSeen.some((s) => s.name === c.name));
    if (fresh.length) setCustomSeen((s) => [...s, ...fresh.map((c) => ({ name: c.name, label: c.label }))]);
  }, [answer, customSeen]);

  const columns = useMemo(
    () => [
      ...GRID_COLUMNS.map((c) => ({ name: c.name, label: t(`columns.${c.name}` as 'columns.title') })),
      ...customSeen,
    ],
    [t, customSeen],
  );
  const labels = new Map(columns.map((c) => [c.name, c.label]));
  // Custom columns the view has not placed yet come last.
  const withAllColumns: GridData = {
    ...current,
    columnOrder: [
      ...current.columnOrder,
      ...columns.map((c) => c.name).filter((n) => !current.columnOrder.includes(n)),
    ],
  };

  const change = (d: GridData) => {
    setDraft(d);
    setPage(1);
  };
  const chooseView = (id: string) => {
    const next = new URLSearchParams(params);
    if (id === DEFAULT_GRID_VIEW_ID) next.delete('view');
    else next.set('view', id);
    setParams(next);
    // Choosing the view already shown (the default included) restores its saved content.
    setDraft(null);
    setPage(1);
  };

  function toggleSort(column: string) {
    const dir = current.sorting.find((s) => s.columnName === column)?.direction;
    const sorting =
      dir === undefined
        ? [{ columnName: column, direction: 'asc' as const }]
        : dir === 'asc'
          ? [{ columnName: column, direction: 'desc' as const }]
          : [];
    change({ ...current, sorting });
  }

  async function onEdit(row: GridRow, field: InlineField, value: GridValue) {
    try {
      await saveTaskField(row.id, { [field]: value } as never);
    } catch (err) {
      // The server's refusal (its own words); the rows were read again, so the cell shows the stored value.
      notifyError(t('editFailed'), errorText(err, t('editFailed')));
    }
  }

  async function run(work: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await work();
      notifySuccess(done);
      setDialog(null);
    } catch (err) {
      notifyError(t('views.failed'), errorText(err, t('views.failed')));
    } finally {
      setBusy(false);
    }
  }

  const save = () =>
    run(async () => {
      await updateView(viewId, { gridData: complete(current) });
      setDraft(null);
    }, t('views.saved'));
  const saveAs = () =>
    run(async () => {
      const v = await createView({ title: name, gridData: complete(current) });
      chooseView(v.id);
    }, t('views.saved'));
  const rename = () => run(() => updateView(viewId, { title: name }), t('views.saved'));
  const remove = () =>
    run(async () => {
      await deleteView(viewId);
      chooseView(DEFAULT_GRID_VIEW_ID);
    }, t('views.deleted'));

  const isDefault = viewId === DEFAULT_GRID_VIEW_ID;
  // A list read page by page knows its length only at its end: until then one page more is offered.
  const pages = answer
    ? Math.max(1, Math.ceil(answer.count / answer.pageSize), answer.next ? answer.page + 1 : 1)
    : 1;
  const viewOptions = [
    { value: DEFAULT_GRID_VIEW_ID, label: t('views.default') },
    ...(views.data?.results ?? []).map((v) => ({ value: v.id, label: v.title })),
  ];

  return (
    <Stack gap="md" p={{ base: 'xs', sm: 'md' }}>
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Anchor component={Link} to={paths.tasks} size="sm">
          <Group gap={4}>
            <IconList size={16} aria-hidden />
            {t('backToList')}
          </Group>
        </Anchor>
      </Group>

      <Group gap="xs" wrap="wrap" align="flex-end">
        <NativeSelect
          label={t('views.label')}
          value={viewId}
          data={viewOptions}
          onChange={(e) => chooseView(e.currentTarget.value)}
          w={220}
        />
        {changed && (
          <Badge color="orange" variant="light" data-testid="grid-changed">
            {t('views.changed')}
          </Badge>
        )}
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          disabled={isDefault || !changed}
          loading={busy && dialog === null}
          onClick={() => void save()}
        >
          {t('views.save')}
        </Button>
        <Menu position="bottom-start">
          <Menu.Target>
            <Button variant="default" aria-label={t('views.more')}>
              …
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item
              onClick={() => {
                setName('');
                setDialog('saveAs');
              }}
            >
              {t('views.saveAs')}
            </Menu.Item>
            <Menu.Item
              disabled={isDefault}
              onClick={() => {
                setName(saved?.title ?? '');
                setDialog('rename');
              }}
            >
              {t('views.rename')}
            </Menu.Item>
            <Menu.Item color="red" disabled={isDefault} onClick={() => setDialog('delete')}>
              {t('views.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>

      <Group gap="xs" wrap="wrap" align="flex-end">
        <MultiSelect
          label={t('toolbar.groupBy')}
          data={columns.filter((c) => isGroupable(c.name)).map((c) => ({ value: c.name, label: c.label }))}
          value={current.grouping.map((g) => g.columnName)}
          maxValues={MAX_GROUPING}
          searchable
          onChange={(v) => change({ ...current, grouping: v.map((columnName) => ({ columnName })) })}
          w={{ base: '100%', sm: 320 }}
          clearable
        />
        <Popover position="bottom-start" shadow="md" trapFocus>
          <Popover.Target>
            <Button variant="default" leftSection={<IconFilter size={16} />}>
              {t('toolbar.filters')}
              {current.filters.length > 0 ? ` (${current.filters.length})` : ''}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <FiltersEditor data={current} columns={columns} onChange={change} />
          </Popover.Dropdown>
        </Popover>
        <Popover position="bottom-start" shadow="md" trapFocus>
          <Popover.Target>
            <Button variant="default" leftSection={<IconColumns size={16} />}>
              {t('toolbar.columns')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <ColumnSettings data={withAllColumns} labels={labels} onChange={change} />
          </Popover.Dropdown>
        </Popover>
        <NativeSelect
          label={t('toolbar.pageSize')}
          value={String(current.pageSize)}
          data={GRID_PAGE_SIZES.map((n) => String(n))}
          onChange={(e) => change({ ...current, pageSize: Number(e.currentTarget.value) })}
          w={120}
        />
      </Group>

      {rows.error && (
        <Alert color="red" title={t('loadFailed')}>
          {errorText(rows.error, t('loadFailed'))}
        </Alert>
      )}
      {answer?.truncated && <Alert color="yellow">{t('truncated', { count: 5000 })}</Alert>}
      {!answer && !rows.error ? (
        <Skeleton height={240} />
      ) : answer && answer.results.length === 0 ? (
        <Text c="dimmed">{t('empty')}</Text>
      ) : answer ? (
        <GridTable
          rows={answer.results}
          columns={columns}
          data={withAllColumns}
          groupCounts={answer.groups}
          onSortChange={toggleSort}
          onEdit={(row, field, value) => void onEdit(row, field, value)}
        />
      ) : null}
      {answer && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            {answer.next ? t('rowsMore', { count: answer.count - 1 }) : t('rows', { count: answer.count })}
          </Text>
          {pages > 1 && <Pagination value={page} onChange={setPage} total={pages} size="sm" />}
        </Group>
      )}

      <Modal
        opened={dialog === 'saveAs' || dialog === 'rename'}
        onClose={() => setDialog(null)}
        title={dialog === 'rename' ? t('views.renameTitle') : t('views.saveAsTitle')}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void (dialog === 'rename' ? rename() : saveAs());
          }}
        >
          <Stack>
            <TextInput
              label={t('views.titleLabel')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              maxLength={100}
              data-autofocus
              required
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setDialog(null)}>
                {t('views.cancel')}
              </Button>
              <Button type="submit" loading={busy} disabled={name.trim() === ''}>
                {t('views.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <Modal opened={dialog === 'delete'} onClose={() => setDialog(null)} title={t('views.deleteTitle')}>
        <Stack>
          <Text>{t('views.deleteConfirm', { title: saved?.title ?? '' })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDialog(null)}>
              {t('views.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={() => void remove()}>
              {t('views.delete')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
