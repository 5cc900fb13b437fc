import { Box, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { PRIORITY_GROUP, PRIORITY_GROUPS } from '@tandem/shared/tasks/constants';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { listTasks, type TaskListQuery, tasksKey } from '../../tasks/api/tasks.ts';
import { sortByCode } from '../utils/placement.ts';
import { type RowContext, TaskRow } from './task-row.tsx';

const issuesQuery: TaskListQuery = { priorityGroup: PRIORITY_GROUP.issue };
const issuesTitle = PRIORITY_GROUPS.find((g) => g.id === PRIORITY_GROUP.issue)?.listTitle ?? 'Issues';

/** Issues (priority group 8), for allow-listed accounts only (spec 001 §2). Not ordered by drag. */
export function IssuesTab(rowContext: RowContext) {
  const { t } = useTranslation('today');
  const { data, error } = useSWR(tasksKey(issuesQuery), () => listTasks(issuesQuery));
  const rows = sortByCode(data?.results ?? []);
  return (
    <Paper component="section" aria-label={issuesTitle} withBorder radius="md" style={{ overflow: 'hidden' }}>
      {!data && !error ? (
        <Stack gap={6} p="sm">
          <Skeleton height={20} />
          <Skeleton height={20} />
        </Stack>
      ) : error && !data ? (
        <Text size="sm" c="red" p="sm">
          {t('panel.loadFailed')}
        </Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" p="sm">
          {t('empty')}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0}>
          {rows.map((task) => (
            <TaskRow key={task.id} task={task} {...rowContext} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
