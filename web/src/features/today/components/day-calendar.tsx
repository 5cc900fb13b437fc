/** Today's occurrences (GET /task/schedule for today) in a one-day calendar; loaded lazily. */
import { Alert, Paper } from '@mantine/core';
import { passesSelection, selectableOccurrence } from '@tandem/shared/tasks/selection';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { CalendarGrid } from '../../calendar/components/calendar-grid.tsx';
import { toEvent } from '../../calendar/utils/events.ts';
import { calendarFormats, userFormats } from '../../calendar/utils/formats.ts';
import { openingTime } from '../../calendar/utils/range.ts';
import { useTaskSelection } from '../../groups/hooks/use-task-selection.ts';
import { useWindowOccurrences } from '../../routines/api/routines.ts';
import { dayWindow } from '../../routines/utils/days.ts';
import { taskPath } from '../../tasks/paths.ts';
import { DAY_CALENDAR_HEIGHT } from './day-calendar-size.ts';

export default function DayCalendar() {
  const { t } = useTranslation('routines');
  const navigate = useNavigate();
  const { data: config } = useUserConfig();
  const window = useMemo(() => dayWindow(new Date()), []);
  const { data, error } = useWindowOccurrences(window, false);
  const formats = useMemo(
    () => calendarFormats(userFormats(config?.timeFormatOption, config?.dateFormatOption)),
    [config?.timeFormatOption, config?.dateFormatOption],
  );
  const { selection } = useTaskSelection();
  const events = useMemo(
    () =>
      (data?.results ?? []).filter((o) => passesSelection(selectableOccurrence(o), selection)).map(toEvent),
    [data, selection],
  );
  const scrollTo = useMemo(() => openingTime('day', window.start), [window]);

  if (error && !data) {
    return (
      <Alert color="red" variant="light">
        {t('day.failed')}
      </Alert>
    );
  }
  return (
    <Paper withBorder p={4} aria-label={t('day.label')} role="region">
      <CalendarGrid
        view="day"
        date={window.start}
        events={events}
        formats={formats}
        height={DAY_CALENDAR_HEIGHT}
        scrollToTime={scrollTo}
        onSelectEvent={(e) => void navigate(taskPath(e.occurrence.taskId))}
      />
    </Paper>
  );
}
