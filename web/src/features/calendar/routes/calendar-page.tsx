/**
 * The calendar (spec 000 §2, 001 §2): day, week, Work Week and month views of the scheduled tasks,
 * coloured by group. The view and the day live in the query (?view=week&date=2026-11-21), so a
 * view can be linked to and survives a reload; ?fromModal=true&originalView=month (the daily
 * modal's Edit) offers a way back. Occurrences are read for the window on screen.
 *
 * Dragging or resizing moves that occurrence only; an empty slot opens the quick task form; an event
 * opens its popup; a month day number opens the daily modal.
 */
import { Alert, Box, Button, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { passesSelection, selectableOccurrence } from '@tandem/shared/tasks/selection';
import { lazy, Suspense, useMemo, useState } from 'react';
import type { EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { mutate } from 'swr';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { DateTime } from '../../../lib/time/luxon.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useCategories } from '../../categories/api/list-categories.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { useTaskSelection } from '../../groups/hooks/use-task-selection.ts';
import { useTimeBlocks } from '../../time-blocks/api/time-blocks.ts';
import { blockEvents } from '../../time-blocks/utils/block-events.ts';
import {
  moveOccurrence,
  type OccurrenceList,
  revalidateSchedule,
  scheduleKey,
  useOccurrences,
} from '../api/schedule.ts';
import { AppointmentPopup } from '../components/appointment-popup.tsx';
import { CalendarGrid, type SlotInfo } from '../components/calendar-grid.tsx';
import { DailyModal } from '../components/daily-modal.tsx';
import { type QuickSlot, QuickTaskModal } from '../components/quick-task-modal.tsx';
import { calendarErrorKey } from '../utils/errors.ts';
import { type CalendarEvent, minutesBetween, toEvent, withMoved } from '../utils/events.ts';
import { calendarFormats, userFormats } from '../utils/formats.ts';
import {
  CALENDAR_HEIGHT,
  CALENDAR_VIEWS,
  type CalendarView,
  dateFromQuery,
  dateToQuery,
  isAllDaySlot,
  openingTime,
  slotMinutes,
  stepDate,
  viewFromQuery,
  visibleRange,
} from '../utils/range.ts';

const TaskFormModal = lazy(() =>
  import('../../tasks/components/task-form-modal.tsx').then((m) => ({ default: m.TaskFormModal })),
);

export default function CalendarPage() {
  const { t } = useTranslation('calendar');
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const narrow = useMediaQuery('(max-width: 48em)', undefined, { getInitialValueInEffect: false });
  const { data: config } = useUserConfig();

  // A phone opens on one day: seven columns do not fit 390 pixels. A linked view is kept.
  const view: CalendarView = params.get('view') ? viewFromQuery(params.get('view')) : narrow ? 'day' : 'week';
  const date = dateFromQuery(params.get('date'));
  const dateKey = dateToQuery(date);
  const fromModal = params.get('fromModal') === 'true';
  const originalView = fromModal ? viewFromQuery(params.get('originalView')) : null;

  const range = useMemo(() => visibleRange(view, dateFromQuery(dateKey)), [view, dateKey]);
  const { data, error, isLoading, mutate: reload } = useOccurrences(range);
  // The header's selection narrows the calendar as it does every task list.
  const { selection } = useTaskSelection();
  const events = useMemo(
    () =>
      (data?.results ?? []).filter((o) => passesSelection(selectableOccurrence(o), selection)).map(toEvent),
    [data, selection],
  );

  // Time blocks as bands behind the tasks (day and week grids), named after their group or category.
  const { data: blockList } = useTimeBlocks();
  const { data: groupList } = useGroups();
  const { data: categories } = useCategories();
  const blocks = useMemo(() => {
    if (view === 'month' || !blockList?.results.length) return [];
    const groups = groupList?.results ?? [];
    return blockEvents(blockList.results, range, (b) => {
      const group = b.group ? groups.find((g) => g.id === b.group) : undefined;
      const category = b.groupCategory ? categories?.find((c) => c.id === b.groupCategory) : undefined;
      const name = group?.title ?? category?.title ?? '—';
      return { name: t('grid.block', { name }), color: group?.metadata.color ?? null };
    });
  }, [view, blockList, groupList, categories, range, t]);

  const fmt = useMemo(
    () => userFormats(config?.timeFormatOption, config?.dateFormatOption),
    [config?.timeFormatOption, config?.dateFormatOption],
  );
  const rbcFormats = useMemo(() => calendarFormats(fmt, Boolean(narrow)), [fmt, narrow]);
  // Where the day or week opens: now when it shows today, else 07:00. Read when the page opens; a
  // view or day chosen later keeps the grid's scroll, as people expect when stepping through weeks.
  const [scrollTo] = useState(() => openingTime(view, date));

  const [quickSlot, setQuickSlot] = useState<QuickSlot | null>(null);
  const [selected, setSelected] = useState<CalendarEvent | null>(null);
  const [dailyDate, setDailyDate] = useState<Date | null>(null);
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);
  const [formLoaded, setFormLoaded] = useState(false);

  const go = (next: { view?: CalendarView; date?: Date }, keepOrigin = false) => {
    setParams((p) => {
      const out = new URLSearchParams(p);
      out.set('view', next.view ?? view);
      out.set('date', dateToQuery(next.date ?? date));
      if (!keepOrigin) {
        out.delete('fromModal');
        out.delete('originalView');
      }
      return out;
    });
  };

  const title = useMemo(() => {
    const d = DateTime.fromJSDate(date);
    if (view === 'day') return d.toFormat(`cccc ${fmt.date}`);
    if (view === 'month') return d.toFormat('LLLL yyyy');
    const last = DateTime.fromJSDate(range.end).minus({ days: 1 });
    return `${DateTime.fromJSDate(range.start).toFormat(fmt.date)} – ${last.toFormat(fmt.date)}`;
  }, [date, view, range, fmt]);

  const selectSlot = (slot: SlotInfo) => {
    const allDay = isAllDaySlot(slot.start, slot.end, view);
    const todayStart = DateTime.now().startOf('day').toJSDate();
    if (slot.start < todayStart) {
      notifications.show({ color: 'yellow', message: t('quick.pastSlot'), autoClose: 4000 });
      return;
    }
    // One day for an all-day slot (the schedule's duration is at most a day).
    const end = allDay ? DateTime.fromJSDate(slot.start).plus({ days: 1 }).toJSDate() : slot.end;
    setQuickSlot({ start: slot.start, end, allDay, minutes: slotMinutes(slot.start, end, allDay) });
  };

  const moveEvent = async (args: EventInteractionArgs<CalendarEvent>, resized: boolean) => {
    const { event } = args;
    const start = new Date(args.start);
    const end = new Date(args.end);
    // Between the all-day row and the hours: the schedule changes kind, which the task form does.
    if (view !== 'month' && !resized && Boolean(args.isAllDay) !== event.allDay) {
      notifications.show({ color: 'blue', message: t('move.allDayChange'), autoClose: 5000 });
      return;
    }
    if (start.getTime() === event.start.getTime() && end.getTime() === event.end.getTime()) return;
    const oldMinutes = minutesBetween(event.start, event.end);
    const newMinutes = minutesBetween(start, end);
    try {
      await mutate<OccurrenceList>(
        scheduleKey(range),
        async (current) => {
          await moveOccurrence(event.occurrence.taskId, {
            from: event.occurrence.originalStart,
            to: start.toISOString(),
            ...(newMinutes !== oldMinutes && !event.allDay ? { duration: newMinutes } : {}),
          });
          return current;
        },
        {
          optimisticData: (current) => withMoved(current, event.id, start, end) as OccurrenceList,
          rollbackOnError: true,
          populateCache: false,
          revalidate: false,
        },
      );
    } catch (err) {
      const key = err instanceof ApiError ? calendarErrorKey(err.code) : null;
      if (key)
        notifications.show({ color: 'yellow', title: t('move.warning'), message: t(key), autoClose: 6000 });
      else notifyError(t('move.failed'), errorText(err, t('move.failed')));
    } finally {
      await revalidateSchedule();
    }
  };

  const openTask = (taskId: string) => {
    setSelected(null);
    setFormLoaded(true);
    setOpenTaskId(taskId);
  };

  return (
    <Stack gap="sm" pb="xl">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} fz="h2">
          {t('title')}
        </Title>
        <Group gap="sm">
          {isLoading && (
            <Group gap={6} c="dimmed" aria-live="polite">
              <Loader size="xs" />
              <Text size="sm">{t('toolbar.loading')}</Text>
            </Group>
          )}
          <Button component={Link} to="/calendar/time-blocks" variant="default" size="xs">
            {t('toolbar.timeBlocks')}
          </Button>
        </Group>
      </Group>

      <Group justify="space-between" gap="sm" role="toolbar" aria-label={t('toolbar.label')}>
        <Group gap="xs" wrap="nowrap">
          {originalView && (
            <Button
              variant="light"
              leftSection={<IconArrowLeft size={16} />}
              aria-label={t('toolbar.backToViewLabel', { view: t(`views.${originalView}`) })}
              onClick={() => go({ view: originalView })}
            >
              {t('toolbar.backToView')}
            </Button>
          )}
          <Button variant="default" onClick={() => go({ date: new Date() }, true)}>
            {t('toolbar.today')}
          </Button>
          <Button.Group>
            <Button
              variant="default"
              px="xs"
              aria-label={t('toolbar.back')}
              onClick={() => go({ date: stepDate(view, date, -1) }, true)}
            >
              <IconChevronLeft size={18} />
            </Button>
            <Button
              variant="default"
              px="xs"
              aria-label={t('toolbar.next')}
              onClick={() => go({ date: stepDate(view, date, 1) }, true)}
            >
              <IconChevronRight size={18} />
            </Button>
          </Button.Group>
        </Group>
        <Text fw={600} fz="lg" aria-live="polite" style={narrow ? { flex: '1 0 100%', order: 3 } : undefined}>
          {title}
        </Text>
        <SegmentedControl
          aria-label={t('toolbar.views')}
          value={view}
          onChange={(v) => go({ view: viewFromQuery(v) })}
          data={CALENDAR_VIEWS.map((v) => ({ value: v, label: t(`views.${v}`) }))}
          fullWidth={narrow}
          w={narrow ? '100%' : undefined}
        />
      </Group>

      {error && (
        <Alert color="red" title={t('loadFailed')}>
          <Group justify="space-between">
            <Text size="sm">{errorText(error, t('loadFailed'))}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => reload()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}

      <Box>
        <CalendarGrid
          view={view}
          date={date}
          events={events}
          blocks={blocks}
          formats={rbcFormats}
          height={
            narrow
              ? `max(${CALENDAR_HEIGHT}px, calc(100dvh - 260px))`
              : `max(${CALENDAR_HEIGHT}px, calc(100dvh - 200px))`
          }
          scrollToTime={scrollTo}
          onSelectEvent={setSelected}
          onSelectSlot={selectSlot}
          onDrillDown={(d) => (view === 'month' ? setDailyDate(d) : go({ view: 'day', date: d }))}
          onMove={moveEvent}
          onNavigate={(d) => go({ date: d }, true)}
        />
      </Box>

      <QuickTaskModal slot={quickSlot} onClose={() => setQuickSlot(null)} formats={fmt} />
      <AppointmentPopup event={selected} formats={fmt} onClose={() => setSelected(null)} onOpen={openTask} />
      <DailyModal
        date={dailyDate}
        onDate={setDailyDate}
        onClose={() => setDailyDate(null)}
        onEdit={(d) => {
          setDailyDate(null);
          navigate(`?view=day&date=${dateToQuery(d)}&fromModal=true&originalView=month`);
        }}
        onSelectEvent={setSelected}
        formats={fmt}
        calendarFormats={rbcFormats}
      />
      {formLoaded && (
        <Suspense fallback={null}>
          <TaskFormModal
            opened={openTaskId !== null}
            taskId={openTaskId ?? undefined}
            onClose={() => {
              setOpenTaskId(null);
              void revalidateSchedule();
            }}
            onTaskChange={(id) => setOpenTaskId(id ?? null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
