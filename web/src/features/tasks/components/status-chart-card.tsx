import { ColorSwatch, Group, Paper, Skeleton, Stack, Text, Title, useMantineTheme } from '@mantine/core';
import type { TaskStatusId } from '@tandem/shared/tasks/constants';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { StatusSlice } from '../utils/status-counts.ts';
import { STATUS_COLOURS } from './status-badge.tsx';

const StatusPieChart = lazy(() => import('./status-pie-chart.tsx'));

/** Tasks by status for the list's filter: the pie (lazy chunk) and the same numbers as text. */
export function StatusChartCard({
  slices,
  counted,
  total,
  loading,
}: {
  slices: StatusSlice[];
  counted: number;
  total: number;
  loading: boolean;
}) {
  const { t } = useTranslation('tasks');
  const theme = useMantineTheme();
  const labelled = slices.map((s) => ({
    ...s,
    label: t(`statuses.${s.status}` as `statuses.${TaskStatusId}`, { defaultValue: s.title }),
  }));
  const summary = labelled.map((s) => `${s.label}: ${s.count}`).join(', ');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="task-status-chart-title">
      <Stack gap="sm">
        <Title order={2} fz="h5" id="task-status-chart-title">
          {t('chart.title')}
        </Title>
        {loading ? (
          <Skeleton height={220} circle mx="auto" />
        ) : counted === 0 ? (
          <Text size="sm" c="dimmed">
            {t('chart.empty')}
          </Text>
        ) : (
          <>
            <Suspense fallback={<Skeleton height={220} circle mx="auto" />}>
              <StatusPieChart slices={labelled} label={summary} />
            </Suspense>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {labelled.map((s) => (
                <Group key={s.status} component="li" gap="xs" justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <ColorSwatch
                      size={12}
                      color={theme.colors[STATUS_COLOURS[s.status as TaskStatusId] ?? 'gray']![6]!}
                      withShadow={false}
                      aria-hidden
                    />
                    <Text size="sm">{s.label}</Text>
                  </Group>
                  <Text size="sm" fw={600}>
                    {s.count}
                  </Text>
                </Group>
              ))}
            </Stack>
            <Text size="xs" c="dimmed">
              {counted >= total
                ? t('chart.countedAll', { count: total })
                : t('chart.counted', { counted, total })}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
