import { Anchor, Checkbox, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { setTaskStatus } from '../../tasks/api/tasks.ts';
import { useRoutineInstances } from '../api/routines.ts';
import { LoadFailed } from './load-failed.tsx';

/** Today's routine instances (priority group 5), each with its Done checkbox. */
export function TodayRoutines() {
  const { t } = useTranslation('routines');
  const { data, error, isLoading, mutate } = useRoutineInstances();
  if (error && !data) return <LoadFailed onRetry={() => void mutate()} />;
  if (isLoading && !data) return <Loader size="sm" />;
  const tasks = data?.results ?? [];

  const toggle = (id: string, done: boolean) =>
    setTaskStatus(id, done ? TASK_STATUS.done : TASK_STATUS.notStarted).catch((err) =>
      notifyError(t('today.failed'), errorText(err, t('errors.generic'))),
    );

  return (
    <Stack gap="sm">
      {tasks.length === 0 ? (
        <Text c="dimmed">{t('today.empty')}</Text>
      ) : (
        <Paper withBorder p="sm">
          <Stack component="ul" gap="xs" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {tasks.map((task) => {
              const done = task.status.id === TASK_STATUS.done;
              return (
                <Group key={task.id} component="li" gap="sm" wrap="nowrap">
                  <Checkbox
                    checked={done}
                    onChange={(e) => void toggle(task.id, e.currentTarget.checked)}
                    aria-label={t('today.done', { title: task.title })}
                  />
                  <Text td={done ? 'line-through' : undefined} c={done ? 'dimmed' : undefined}>
                    {task.title}
                  </Text>
                  <Text size="xs" c="dimmed" ml="auto">
                    {task.group.title}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      )}
      <Anchor component={Link} to={`${paths.routines}/all`} size="sm">
        {t('today.allLink')}
      </Anchor>
    </Stack>
  );
}
