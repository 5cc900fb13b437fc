/**
 * The daily modal (spec 000 §2, §9): one day on a 24-hour scale, scrolled to the current hour, with
 * Previous day, Next day, Today, and Edit (the day view of the page, with a way back to the month).
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPencil } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { Formats } from 'react-big-calendar';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../lib/time/luxon.ts';
import { useOccurrences } from '../api/schedule.ts';
import { type CalendarEvent, toEvent } from '../utils/events.ts';
import type { UserFormats } from '../utils/formats.ts';
import { openingTime, visibleRange } from '../utils/range.ts';
import { CalendarGrid } from './calendar-grid.tsx';

export function DailyModal({
  date,
  onDate,
  onClose,
  onEdit,
  onSelectEvent,
  formats,
  calendarFormats,
}: {
  date: Date | null;
  onDate: (d: Date) => void;
  onClose: () => void;
  onEdit: (d: Date) => void;
  onSelectEvent: (e: CalendarEvent) => void;
  formats: UserFormats;
  calendarFormats: Formats;
}) {
  const { t } = useTranslation('calendar');
  const narrow = useMediaQuery('(max-width: 48em)');
  const range = useMemo(() => (date ? visibleRange('day', date) : null), [date]);
  const { data } = useOccurrences(range);
  const events = useMemo(() => (data?.results ?? []).map(toEvent), [data]);
  // Scrolled to the current hour on today (an hour before it, so the hour itself is in view), to
  // 07:00 on another day; read again each time the modal opens.
  const opened = date !== null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when the modal opens, not per day.
  const scrollTo = useMemo(() => (date ? openingTime('day', date) : undefined), [opened]);
  const day = date ? DateTime.fromJSDate(date) : null;
  const step = (days: number) => day && onDate(day.plus({ days }).toJSDate());

  return (
    <Modal
      opened={date !== null}
      onClose={onClose}
      size="95%"
      fullScreen={narrow}
      styles={{ content: { maxWidth: 1400, flex: '0 0 auto', width: narrow ? undefined : '95%' } }}
      title={
        day && (
          <Text fw={600} fz="lg">
            {day.toFormat(`cccc ${formats.date}`)}
          </Text>
        )
      }
    >
      {date && (
        <>
          <Group justify="space-between" mb="sm" gap="xs">
            <Group gap="xs">
              <Button
                variant="default"
                size="xs"
                leftSection={<IconChevronLeft size={16} />}
                onClick={() => step(-1)}
              >
                {t('daily.previous')}
              </Button>
              <Button
                variant="default"
                size="xs"
                onClick={() => onDate(DateTime.now().startOf('day').toJSDate())}
              >
                {t('daily.today')}
              </Button>
              <Button
                variant="default"
                size="xs"
                rightSection={<IconChevronRight size={16} />}
                onClick={() => step(1)}
              >
                {t('daily.next')}
              </Button>
            </Group>
            <Button size="xs" leftSection={<IconPencil size={16} />} onClick={() => onEdit(date)}>
              {t('daily.edit')}
            </Button>
          </Group>
          <CalendarGrid
            view="day"
            date={date}
            events={events}
            formats={calendarFormats}
            height={narrow ? 'calc(100dvh - 140px)' : 600}
            scrollToTime={scrollTo}
            onSelectEvent={onSelectEvent}
            onNavigate={onDate}
          />
        </>
      )}
    </Modal>
  );
}
