import {
  Box,
  Button,
  CloseButton,
  Grid,
  Group,
  Stack,
  Switch,
  Text,
  TextInput,
  useMatches,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowsMaximize, IconArrowsMinimize, IconSearch } from '@tabler/icons-react';
import { TASK_LEVELS, TASK_STATUS } from '@tandem/shared/tasks/constants';
import { isNarrowed } from '@tandem/shared/tasks/selection';
import type { TaskView } from '@tandem/shared/tasks/views';
import { memo, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { markFirstContent } from '../../../lib/first-content.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { useTaskSelection } from '../../groups/hooks/use-task-selection.ts';
import { useDeferred } from '../../tasks/lazy/deferred.ts';
import { moveTask } from '../api/move-task.ts';
import { saveSelectedLevels } from '../api/save-selected-levels.ts';
import type { DragView } from '../hooks/drag-bridge.ts';
import { todayRowKit, useDragWanted, wantDrag } from '../hooks/today-drag-kit.ts';
import { useRowContext } from '../hooks/use-row-context.ts';
import { type PanelData, useTodayLists } from '../hooks/use-today-lists.ts';
import { isDueTodayIn } from '../utils/due-date.ts';
import { completedOfToday } from '../utils/filters.ts';
import type { PlaceBetween } from '../utils/placement.ts';
import { sortCodes } from '../utils/sort-codes.ts';
import { CounterColumn } from './counter-column.tsx';
import { LevelsFilter } from './levels-filter.tsx';
import { PriorityPanel } from './priority-panel.tsx';

const levelOptions = TASK_LEVELS.map((l) => ({ value: String(l.id), label: l.title }));

/**
 * My tasks (spec 001 §2): today's progress, the filters, one collapsible panel per priority group
 * 0–3 with drag and drop between them, and the priority-group counter on the right. Memoised: the
 * page's own reads (the Pending badge, the minute) do not draw the panels again.
 */
export const MyTasksTab = memo(function MyTasksTab({
  onOpenTask,
  onDone,
  onPanelChange,
}: {
  onOpenTask?: (task: TaskView) => void;
  /** Called when a task is ticked Done (the confetti). */
  onDone?: () => void;
  /** The panel the user works in, for the add button. */
  onPanelChange: (group: number) => void;
}) {
  const { t } = useTranslation('today');
  const { selection, ready } = useTaskSelection();
  const rowContext = useRowContext(onOpenTask, onDone);
  const { zone, now } = rowContext;
  const wide = useMatches({ base: false, lg: true });

  const [delegated, setDelegated] = useState(false);
  const [search, setSearch] = useState('');
  const [expanded, setExpanded] = useState<Record<number, boolean>>({});
  const levels = selection.levels;
  const panels = useTodayLists(delegated, search, ready ? selection : null);
  const filtered = search.trim() !== '' || isNarrowed(selection);
  // The first screen is here once every panel has answered: the calendar aside and the rest may load.
  const settled = panels.every((p) => !p.loading);
  useEffect(() => {
    if (settled) markFirstContent();
  }, [settled]);

  const today = panels[0]!;
  const progress = completedOfToday(today.all, today.count);
  const dueToday = panels
    .flatMap((p) => p.all)
    .filter((task) => task.status.id !== TASK_STATUS.done && isDueTodayIn(task.dueAt, zone, now)).length;

  const isOpen = (group: number) => expanded[group] !== false;
  const allOpen = panels.every((p) => isOpen(p.group));
  const setAll = (open: boolean) => setExpanded(Object.fromEntries(panels.map((p) => [p.group, open])));

  const onMove = (task: TaskView, toGroup: number, between: PlaceBetween) => {
    moveTask(task, toGroup, between).then(
      // A move to another group offers Undo; a new place in the same group is dragged back.
      () => toGroup !== task.priorityGroup.id && rowContext.actions?.offerMoveUndo(task, toGroup),
      (err) => notifyError(t('drag.failed'), errorText(err, t('errors.generic'))),
    );
  };
  const onRefused = () =>
    notifications.show({
      color: 'yellow',
      title: t('drag.pinnedTitle'),
      message: t('drag.pinned'),
      autoClose: 6000,
    });

  const kit = useDeferred(todayRowKit);
  const dnd = useDragWanted() ? (kit?.dnd ?? null) : null;
  // A first press anywhere (a touch that scrolls) readies drag and drop before a handle is pressed.
  useEffect(() => {
    document.addEventListener('pointerdown', wantDrag, { once: true, passive: true });
    return () => document.removeEventListener('pointerdown', wantDrag);
  }, []);
  // Queued first after the first content, before the drag code: ticks and moves place rows with it.
  useDeferred(sortCodes);
  const dragOptions = { panels, expanded, onMove, onRefused };
  // During a drag the panels show the drag's order (the drag code beside them says which).
  const [dragView, setDragView] = useState<DragView | null>(null);
  const byId = useMemo(() => new Map(panels.flatMap((p) => p.all.map((x) => [x.id, x] as const))), [panels]);
  const rowsOf = (p: PanelData): readonly TaskView[] =>
    dragView
      ? (dragView.columns[p.group] ?? []).map((id) => byId.get(id)).filter((x): x is TaskView => !!x)
      : p.visible;

  const pick = (group: number) => {
    setExpanded((e) => ({ ...e, [group]: true }));
    onPanelChange(group);
    requestAnimationFrame(() =>
      document.getElementById(`today-panel-${group}`)?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  };

  const renderedPanels = (
    <Stack gap="sm">
      {panels.map((p) => (
        <Box key={p.group} id={`today-panel-${p.group}`} style={{ scrollMarginTop: 72 }}>
          <PriorityPanel
            group={p.group}
            title={p.title}
            rows={rowsOf(p)}
            count={p.count}
            expanded={isOpen(p.group)}
            onToggle={() => setExpanded((e) => ({ ...e, [p.group]: !isOpen(p.group) }))}
            loading={p.loading}
            failed={p.failed}
            filtered={filtered}
            hasMore={p.hasMore}
            onShowMore={p.showMore}
            highlighted={dragView?.over === p.group}
            onActivate={() => onPanelChange(p.group)}
            {...rowContext}
          />
        </Box>
      ))}
    </Stack>
  );

  const counter = (
    <CounterColumn
      counts={panels.map((p) => ({ group: p.group, title: p.title, count: p.count }))}
      onPick={pick}
      horizontal={!wide}
    />
  );

  return (
    <>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 'auto' }} miw={0}>
          <Stack gap="md">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Group gap="lg" wrap="wrap">
                <Text fw={600}>{t('summary.completed', progress)}</Text>
                <Text
                  c={dueToday > 0 ? 'var(--mantine-color-red-text)' : 'dimmed'}
                  fw={dueToday > 0 ? 600 : undefined}
                >
                  {t('summary.dueToday', { count: dueToday })}
                </Text>
              </Group>
              <Button
                variant="default"
                size="compact-sm"
                leftSection={allOpen ? <IconArrowsMinimize size={14} /> : <IconArrowsMaximize size={14} />}
                onClick={() => setAll(!allOpen)}
              >
                {allOpen ? t('filters.collapseAll') : t('filters.expandAll')}
              </Button>
            </Group>
            <Group gap="sm" align="center" wrap="wrap">
              <TextInput
                type="search"
                aria-label={t('filters.search')}
                placeholder={t('filters.searchPlaceholder')}
                leftSection={<IconSearch size={16} aria-hidden />}
                rightSection={
                  search ? (
                    <CloseButton
                      size="sm"
                      aria-label={t('filters.clearSearch')}
                      onClick={() => setSearch('')}
                    />
                  ) : null
                }
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                w={{ base: '100%', sm: 220 }}
              />
              <LevelsFilter
                aria-label={t('filters.levels')}
                placeholder={levels.length ? undefined : t('filters.allLevels')}
                data={levelOptions}
                value={levels.map(String)}
                onChange={(v) =>
                  saveSelectedLevels(v.map(Number)).catch((err) =>
                    notifyError(t('filters.levelsFailed'), errorText(err, t('errors.generic'))),
                  )
                }
                clearable
                w={{ base: '100%', sm: 260 }}
                comboboxProps={{ withinPortal: true }}
              />
              <Switch
                label={t('filters.includeDelegated')}
                checked={delegated}
                onChange={(e) => setDelegated(e.currentTarget.checked)}
              />
            </Group>
            {!wide && counter}
            {renderedPanels}
          </Stack>
        </Grid.Col>
        {wide && <Grid.Col span="content">{counter}</Grid.Col>}
      </Grid>
      {/* Beside the panels, not around them: its arrival draws no row anew (hooks/drag-bridge.ts). */}
      {dnd && <dnd.TodayDragArea options={dragOptions} rowContext={rowContext} onView={setDragView} />}
    </>
  );
});
