import {
  Alert,
  Box,
  Button,
  Grid,
  Group,
  Pagination,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconMicrophone, IconPlus, IconTable } from '@tabler/icons-react';
import type { Page } from '@tandem/shared/api/pagination';
import { TASK_STATUS, type TaskStatusId } from '@tandem/shared/tasks/constants';
import { isNarrowed } from '@tandem/shared/tasks/selection';
import type { TaskView } from '@tandem/shared/tasks/views';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch, useNavigate, useSearchParams } from 'react-router';
import { unstable_serialize, useSWRConfig } from 'swr';
import { errorText } from '../../../lib/notify.ts';
import { GRID_PATH } from '../../grid/paths.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { useTaskSelection } from '../../groups/hooks/use-task-selection.ts';
import { notifyFailure } from '../../groups/utils/failure.ts';
import { ImportTasksButton } from '../../import/components/import-button.tsx';
import { ExportTasksButton } from '../../reports/components/export-tasks-button.tsx';
import { useHiddenTasks } from '../api/row-actions.ts';
import { setTaskStatus, tasksKey, useTasks } from '../api/tasks.ts';
import { ConfettiHost, playConfetti } from '../components/confetti.tsx';
import { StatusChartCard } from '../components/status-chart-card.tsx';
import { TaskDockedPanel } from '../components/task-docked-panel.tsx';
import { TaskFilters } from '../components/task-filters.tsx';
import { TaskFormModal } from '../components/task-form-modal.tsx';
import { TaskList } from '../components/task-list.tsx';
import { useRowActions } from '../hooks/use-row-actions.ts';
import { useTaskFormPlace } from '../hooks/use-task-form-place.ts';
import { TASK_ROUTE, taskPath } from '../paths.ts';
import {
  filtersFromSearch,
  filtersToSearch,
  pageCount,
  type TaskListFilters,
  toListQuery,
} from '../utils/list-filters.ts';
import { statusCounts } from '../utils/status-counts.ts';
import { undoneStatus } from '../utils/task-form.ts';
import '../../../i18n/with-later-texts.ts';

const AudioTaskDialog = lazy(() => import('../../audio/components/audio-task-dialog.tsx'));

/**
 * /tasks and /task/{id} (spec 000 §2, §7): the filtered task list, 25 a page, with the status chart;
 * /task/{id} opens that task in the user's chosen form — docked on the right of the list (1024 px and
 * wider) or in the modal over it — and closing it comes back to /tasks with the same filters. A task
 * that cannot be loaded is reported and the list stays.
 */
export default function TasksPage() {
  const { t } = useTranslation('tasks');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const routeTask = useMatch(TASK_ROUTE)?.params.taskId;
  const filters = filtersFromSearch(params);
  const search = filtersToSearch(filters);
  const { selection, ready } = useTaskSelection();
  const narrowed = isNarrowed(selection);
  const query = toListQuery(filters, filters.page, selection);
  const { data, error, isLoading } = useTasks(query, { keepPreviousData: true }, ready);
  const { data: groupList } = useGroups();
  const groups = groupList?.results ?? [];
  const [creating, setCreating] = useState(false);
  const [recording, setRecording] = useState(false);
  const [busyIds, setBusyIds] = useState<ReadonlySet<string>>(new Set());
  const { wide, docked, setPlace } = useTaskFormPlace();
  const editing = Boolean(routeTask) || creating;
  const dockedOpen = docked && editing;

  const setFilters = (patch: Partial<TaskListFilters>) => {
    const next = { ...filters, ...patch, page: patch.page ?? 1 };
    setParams(new URLSearchParams(filtersToSearch(next).slice(1)));
  };

  // The chart counts every page of this filter the browser already holds (see status-counts.ts).
  const { cache } = useSWRConfig();
  const total = data?.count ?? 0;
  const heldPages: TaskView[][] = [];
  for (let p = 1; p <= pageCount(total); p++) {
    const held = cache.get(unstable_serialize(tasksKey(toListQuery(filters, p, selection))))?.data as
      | Page<TaskView>
      | undefined;
    if (held) heldPages.push(held.results);
  }
  const chart = statusCounts(heldPages);
  const pages = pageCount(total);
  // A page past the end (tasks deleted, or an old link): go to the last page there is.
  const pastEnd = data !== undefined && filters.page > pages;
  useEffect(() => {
    if (pastEnd)
      setParams(new URLSearchParams(filtersToSearch({ ...filters, page: pages }).slice(1)), {
        replace: true,
      });
  });

  async function saveStatus(task: TaskView, status: TaskStatusId) {
    setBusyIds((s) => new Set(s).add(task.id));
    try {
      await setTaskStatus(task.id, status);
    } finally {
      setBusyIds((s) => {
        const next = new Set(s);
        next.delete(task.id);
        return next;
      });
    }
  }
  // Done from a row offers Undo (and the confetti); un-ticking is its own undo.
  const rowActions = useRowActions({ celebrate: playConfetti, applyStatus: saveStatus });
  function toggleDone(task: TaskView, done: boolean) {
    if (done) return rowActions.setStatus(task, TASK_STATUS.done);
    saveStatus(task, undoneStatus(task)).catch((err) =>
      notifyFailure(t('list.statusFailed'), err, t('errors.generic')),
    );
  }
  const hidden = useHiddenTasks();
  const rows = data?.results.filter((task) => !hidden.has(task.id)) ?? [];

  const closeModal = () => {
    setCreating(false);
    if (routeTask) navigate(`/tasks${search}`);
  };
  const followModal = (id: string | undefined) => {
    setCreating(id === undefined);
    if (id) navigate(`${taskPath(id)}${search}`);
    else if (routeTask) navigate(`/tasks${search}`);
  };

  const filtered = Boolean(
    filters.group || filters.mode || filters.priorityGroup !== null || filters.mine || filters.delegated,
  );
  const anyFilter = filtered || narrowed;

  const listAndChart = (
    <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
      <Group justify="space-between" gap="sm">
        <Title order={1} fz="h2">
          {t('list.title')}
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconMicrophone size={16} />}
            onClick={() => setRecording(true)}
          >
            {t('audio.new')}
          </Button>
          <ExportTasksButton query={query} />
          <Button component={Link} to={GRID_PATH} variant="default" leftSection={<IconTable size={16} />}>
            {t('grid.open')}
          </Button>
          <ImportTasksButton group={filters.group} />
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('list.new')}
          </Button>
        </Group>
      </Group>
      {recording && (
        <Suspense fallback={null}>
          <AudioTaskDialog opened onClose={() => setRecording(false)} />
        </Suspense>
      )}
      <TaskFilters filters={filters} groups={groups} onChange={setFilters} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: dockedOpen ? 12 : 8 }}>
          <Paper withBorder radius="md" p={{ base: 'xs', sm: 'sm' }} aria-busy={isLoading}>
            {error && !data ? (
              <Alert color="red" variant="light">
                {errorText(error, t('errors.generic'))}
              </Alert>
            ) : !data ? (
              <Stack gap="sm" p="xs">
                {[0, 1, 2, 3, 4].map((i) => (
                  <Skeleton key={i} height={44} />
                ))}
              </Stack>
            ) : rows.length === 0 ? (
              <Stack gap="sm" p="md" align="flex-start">
                <Text c="dimmed">{anyFilter ? t('list.empty') : t('list.emptyAll')}</Text>
                {narrowed && (
                  <Text size="sm" c="dimmed">
                    {t('list.narrowedByHeader')}
                  </Text>
                )}
                {filtered && (
                  <Button variant="default" size="xs" onClick={() => setParams(new URLSearchParams())}>
                    {t('list.filters.clear')}
                  </Button>
                )}
              </Stack>
            ) : (
              <TaskList
                tasks={rows}
                groups={groups}
                onOpen={(task) => navigate(`${taskPath(task.id)}${search}`)}
                onToggleDone={toggleDone}
                busyIds={busyIds}
                actions={rowActions}
              />
            )}
          </Paper>
          {data && (
            <Group justify="space-between" mt="sm" gap="sm">
              <Text size="sm" c="dimmed">
                {t('list.count', { count: total })}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={Math.min(filters.page, pages)}
                  onChange={(page) => setFilters({ page })}
                  size="sm"
                  siblings={1}
                  getControlProps={(control) => ({
                    'aria-label': t(`list.pagination.${control}`),
                  })}
                  getItemProps={(page) => ({ 'aria-label': t('list.pagination.page', { page }) })}
                />
              )}
            </Group>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: dockedOpen ? 12 : 4 }}>
          <StatusChartCard slices={chart.slices} counted={chart.counted} total={total} loading={!data} />
        </Grid.Col>
      </Grid>
    </Stack>
  );

  return (
    <>
      {/* One tree whether docked or not, so opening the panel keeps the list as it is. */}
      <Box style={{ display: 'flex', alignItems: 'flex-start', gap: 'var(--mantine-spacing-md)' }}>
        {listAndChart}
        {dockedOpen && (
          <TaskDockedPanel
            onClose={closeModal}
            taskId={routeTask}
            defaults={filters.group ? { group: filters.group } : undefined}
            onTaskChange={followModal}
            onUndock={() => setPlace('modal')}
          />
        )}
      </Box>
      <TaskFormModal
        opened={editing && !docked}
        onClose={closeModal}
        taskId={routeTask}
        defaults={filters.group ? { group: filters.group } : undefined}
        onTaskChange={followModal}
        onDock={wide ? () => setPlace('docked') : undefined}
      />
      <ConfettiHost />
    </>
  );
}
