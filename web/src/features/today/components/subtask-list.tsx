/**
 * The sub-tasks of a Today row, shown when the row is expanded. Ticking one Done moves it to the
 * bottom at once and saves it; a failure puts it back and says so.
 */
import { Box, Loader } from '@mantine/core';
import { TASK_STATUS, TASK_STATUSES } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { updateTask, useTask } from '../../tasks/api/tasks.ts';
import { orderSubtasks } from '../utils/subtasks.ts';
import { type RowContext, TaskRow } from './task-row.tsx';

export function SubtaskList({ parent, ctx }: { parent: TaskView; ctx: RowContext }) {
  const { t } = useTranslation('today');
  const { data, mutate, isLoading } = useTask(parent.id);
  if (isLoading && !data) return <Loader size="xs" ml="xl" />;
  const children = orderSubtasks(data?.children ?? []);

  const toggle = async (child: TaskView, done: boolean) => {
    if (done) ctx.celebrate?.();
    const status = done ? TASK_STATUS.done : TASK_STATUS.notStarted;
    const title = TASK_STATUSES.find((s) => s.id === status)!.title;
    const completionAt = done ? new Date().toISOString() : null;
    await mutate(
      (d) =>
        d && {
          ...d,
          children: (d.children ?? []).map((c) =>
            c.id === child.id ? { ...c, status: { id: status, title }, completionAt } : c,
          ),
        },
      { revalidate: false },
    );
    try {
      await updateTask(child.id, { status });
    } catch (err) {
      await mutate();
      notifyError(t('row.doneFailed'), errorText(err, t('errors.generic')));
    }
  };

  return (
    <Box component="ul" p={0} m={0} pl="xl" aria-label={t('row.subtasksOf', { title: parent.title })}>
      {children.map((c) => (
        <TaskRow key={c.id} task={c} {...ctx} onToggleDone={toggle} />
      ))}
    </Box>
  );
}
