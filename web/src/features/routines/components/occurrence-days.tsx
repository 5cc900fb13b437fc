import { Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { passesSelection, selectableOccurrence } from '@tandem/shared/tasks/selection';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../lib/time/luxon.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { userFormats } from '../../calendar/utils/formats.ts';
import { useTaskSelection } from '../../groups/hooks/use-task-selection.ts';
import { useWindowOccurrences } from '../api/routines.ts';
import { dayWindow, groupByDay, weekWindow } from '../utils/days.ts';
import { LoadFailed } from './load-failed.tsx';

/** Routine occurrences of today or this week, grouped by day, times in the user's format. */
export function OccurrenceDays({ span }: { span: 'day' | 'week' }) {
  const { t } = useTranslation('routines');
  const { data: config } = useUserConfig();
  // The window is fixed for the page's life; a reload after midnight shows the new day.
  const window = useMemo(() => (span === 'day' ? dayWindow(new Date()) : weekWindow(new Date())), [span]);
  const { data, error, isLoading, mutate } = useWindowOccurrences(window, true);
  const { selection } = useTaskSelection();
  const f = userFormats(config?.timeFormatOption, config?.dateFormatOption);
  if (error && !data) return <LoadFailed onRetry={() => void mutate()} />;
  if (isLoading && !data) return <Loader size="sm" />;
  const days = groupByDay(
    (data?.results ?? []).filter(
      (o) => o.routine !== false && passesSelection(selectableOccurrence(o), selection),
    ),
  );
  if (days.length === 0) return <Text c="dimmed">{t('occurrences.empty')}</Text>;

  return (
    <Stack gap="md">
      {days.map(({ day, occurrences }) => {
        const d = DateTime.fromISO(day);
        return (
          <section key={day} aria-label={`${d.toFormat('cccc')} ${d.toFormat(f.date)}`}>
            <Title order={2} fz="h5" mb={4}>
              {d.toFormat('cccc')} {d.toFormat(f.date)}
            </Title>
            <Paper withBorder p="sm">
              <Stack component="ul" gap={6} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {occurrences.map((o) => (
                  <Group key={`${o.taskId}@${o.originalStart}`} component="li" gap="sm" wrap="nowrap">
                    <Text size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
                      {o.allDay
                        ? t('occurrences.allDay')
                        : `${DateTime.fromISO(o.start).toFormat(f.time)} – ${DateTime.fromISO(o.end).toFormat(f.time)}`}
                    </Text>
                    <Text size="sm" td={o.status === 4 ? 'line-through' : undefined}>
                      {o.title}
                    </Text>
                    <Badge size="xs" variant="light" ml="auto" color={o.group.color || undefined}>
                      {o.group.title}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            </Paper>
          </section>
        );
      })}
    </Stack>
  );
}
