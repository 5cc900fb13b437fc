import { Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import type { TaskView } from '@tandem/shared/tasks/views';
import type { ScheduledTaskView } from '@tandem/shared/time/views';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../lib/time/luxon.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { userFormats } from '../../calendar/utils/formats.ts';
import { recurrenceText, type TextFn } from '../../calendar/utils/recurrence-text.ts';
import { useRoutineDefinitions } from '../api/routines.ts';
import { LoadFailed } from './load-failed.tsx';

// The task form is large: it loads when a routine is first opened.
const TaskFormModal = lazy(() =>
  import('../../tasks/components/task-form-modal.tsx').then((m) => ({ default: m.TaskFormModal })),
);

/** The routine's rule in words, from the schedule its task carries (no request per row). */
function Recurrence({ schedule: data }: { schedule: ScheduledTaskView | null }) {
  const { t } = useTranslation('routines');
  const { t: tc } = useTranslation('calendar');
  const { data: config } = useUserConfig();
  if (!data) return null;
  const f = userFormats(config?.timeFormatOption, config?.dateFormatOption);
  const words = recurrenceText(data.recurRule, tc as unknown as TextFn, (d) =>
    DateTime.fromJSDate(d).toFormat(f.date),
  );
  const at = data.allDay ? '' : ` · ${DateTime.fromISO(data.startDate).toFormat(f.time)}`;
  return (
    <Text size="sm" c="dimmed">
      {(words ?? t('all.noRepeat')) + at}
    </Text>
  );
}

/** Every routine definition (priority group 6) with its recurrence in words; opens in the task form. */
export function AllRoutines() {
  const { t } = useTranslation('routines');
  const { data, error, isLoading, mutate } = useRoutineDefinitions();
  const [open, setOpen] = useState<string | null>(null);
  if (error && !data) return <LoadFailed onRetry={() => void mutate()} />;
  if (isLoading && !data) return <Loader size="sm" />;
  const tasks: TaskView[] = data?.results ?? [];

  return (
    <>
      {tasks.length === 0 ? (
        <Text c="dimmed">{t('all.empty')}</Text>
      ) : (
        <Paper withBorder p="sm">
          <Stack component="ul" gap="sm" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {tasks.map((task) => (
              <li key={task.id}>
                <UnstyledButton
                  onClick={() => setOpen(task.id)}
                  aria-label={t('all.open', { title: task.title })}
                  w="100%"
                >
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0}>
                      <Text fw={500}>{task.title}</Text>
                      <Recurrence schedule={task.scheduledTask} />
                    </Stack>
                    <Text size="xs" c="dimmed">
                      {task.group.title}
                    </Text>
                  </Group>
                </UnstyledButton>
              </li>
            ))}
          </Stack>
        </Paper>
      )}
      {open && (
        <Suspense fallback={null}>
          <TaskFormModal opened onClose={() => setOpen(null)} taskId={open} />
        </Suspense>
      )}
    </>
  );
}
