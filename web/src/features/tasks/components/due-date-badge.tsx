import { Badge, type BadgeProps } from '@mantine/core';
import { IconCalendarDue } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { LazyTooltip as Tooltip } from '../lazy/tooltip.tsx';
import { calendarDaysUntil, DUE_TONE_COLOURS, dueTone } from '../utils/due-colour.ts';
import { formatDue } from '../utils/format-due.ts';

/** The words a due badge shows ("Today 17:00", "12 Mar"), or null without a valid due date. */
export function useDueLabel(dueAt: string | null, now: Date): string | null {
  const { t } = useTranslation('tasks');
  const { data: config } = useUserConfig();
  if (!dueAt || Number.isNaN(Date.parse(dueAt))) return null;
  const text = formatDue(dueAt, now, {
    dateFormat: config?.dateFormatOption ?? 'day_first',
    timeFormat: config?.timeFormatOption ?? 24,
  });
  return [text.day ? t(`due.${text.day}`) : text.date, text.time].filter(Boolean).join(' ');
}

/**
 * A due date as a coloured badge (spec 000 §9): more than 7 days away amber, 1–7 days orange, today
 * red, overdue dark red. The tooltip and the accessible name say the same in words, so the colour is
 * never the only sign.
 */
export function DueDateBadge({
  dueAt,
  now = new Date(),
  size = 'sm',
  ...rest
}: { dueAt: string | null; now?: Date } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation('tasks');
  const { data: config } = useUserConfig();
  if (!dueAt || Number.isNaN(Date.parse(dueAt))) return null;
  const tone = dueTone(dueAt, now);
  const text = formatDue(dueAt, now, {
    dateFormat: config?.dateFormatOption ?? 'day_first',
    timeFormat: config?.timeFormatOption ?? 24,
  });
  const label = [text.day ? t(`due.${text.day}`) : text.date, text.time].filter(Boolean).join(' ');
  const days = calendarDaysUntil(new Date(dueAt), now);
  const meaning =
    tone === 'overdue'
      ? t('due.toneOverdue')
      : tone === 'today'
        ? t('due.toneToday')
        : t('due.toneDays', { count: days });
  return (
    <Tooltip label={`${meaning} · ${text.date}${text.time ? ` ${text.time}` : ''}`} withArrow openDelay={300}>
      <Badge
        size={size}
        variant="filled"
        autoContrast
        color={DUE_TONE_COLOURS[tone]}
        leftSection={<IconCalendarDue size={12} aria-hidden />}
        aria-label={`${meaning}: ${label}`}
        data-tone={tone}
        {...rest}
      >
        {label}
      </Badge>
    </Tooltip>
  );
}
