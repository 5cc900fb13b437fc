import { Skeleton, Stack } from '@mantine/core';
import type { TaskMode } from '@tandem/shared/tasks/constants';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { useTask } from '../api/tasks.ts';
import type { TaskFormDefaults } from '../utils/task-form.ts';
import { TaskForm } from './task-form.tsx';
import '../../../i18n/with-later-texts.ts';

/**
 * The task form with its loading: a task id loads the task; a task that cannot be loaded (deleted,
 * not visible) is reported and the editor closes (on /task/{id} that goes back to /tasks).
 */
export function TaskEditor({
  taskId,
  defaults,
  docked = false,
  onClose,
  onSwitch,
  onHeadingChange,
  onCancel,
  onDirtyChange,
}: {
  taskId: string | undefined;
  defaults?: TaskFormDefaults;
  /** The docked panel: no Save and new (spec 000 §4). */
  docked?: boolean;
  onClose: () => void;
  onSwitch: (id: string | undefined) => void;
  onHeadingChange: (h: { isEdit: boolean; mode: TaskMode }) => void;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('tasks');
  const { data: task } = useTask(taskId ?? null, {
    onError: (err) => {
      notifyError(t('form.loadFailed'), errorText(err, t('errors.generic')));
      onClose();
    },
  });
  if (taskId && !task)
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('form.loading')}>
        <Skeleton height={28} width="60%" />
        <Skeleton height={36} />
        <Skeleton height={90} />
        <Skeleton height={36} width="40%" />
      </Stack>
    );
  return (
    <TaskForm
      task={task ?? null}
      defaults={defaults}
      docked={docked}
      onClose={onClose}
      onSwitch={onSwitch}
      onHeadingChange={onHeadingChange}
      onCancel={onCancel}
      onDirtyChange={onDirtyChange}
    />
  );
}
