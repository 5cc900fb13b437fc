import { Modal, Skeleton, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TaskMode } from '@tandem/shared/tasks/constants';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { useTask } from '../api/tasks.ts';
import { formTitle, type TaskFormDefaults } from '../utils/task-form.ts';
import { ConfettiHost } from './confetti.tsx';
import { TaskForm } from './task-form.tsx';

export interface TaskFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The task to edit; undefined to create one. */
  taskId?: string;
  /** Presets for a new task (Today's panels preset the priority group; a sub-task its parent). */
  defaults?: TaskFormDefaults;
  /**
   * The modal moved to another task (the one just created with Save, the parent, a sub-task) or to a
   * new form (undefined, after Save and new). A route showing /task/{id} follows it here.
   */
  onTaskChange?: (taskId: string | undefined) => void;
}

/**
 * The task modal (spec 000 §2): the task form in a modal, full screen on a phone. Opening it with a
 * task id loads the task; a task that cannot be loaded (deleted, not visible) is reported and the
 * modal closes.
 */
export function TaskFormModal({ opened, onClose, taskId, defaults, onTaskChange }: TaskFormModalProps) {
  const { t } = useTranslation('tasks');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [current, setCurrent] = useState<{ id: string | undefined; version: number }>({
    id: taskId,
    version: 0,
  });
  const [seen, setSeen] = useState({ opened, taskId });
  // Reopened, or asked for another task: start over on what the caller asks for.
  const [heading, setHeading] = useState<{ isEdit: boolean; mode: TaskMode }>({
    isEdit: Boolean(taskId),
    mode: 'active',
  });
  if (seen.opened !== opened || seen.taskId !== taskId) {
    setSeen({ opened, taskId });
    if (opened && (taskId !== current.id || !seen.opened)) {
      setCurrent((c) => ({ id: taskId, version: c.version + 1 }));
      setHeading({ isEdit: Boolean(taskId), mode: 'active' });
    }
  }
  const title = formTitle(heading.isEdit, heading.mode);
  // The form stays drawn while the modal fades out, so the closing modal is never an empty box.
  const [drawn, setDrawn] = useState(opened);
  if (opened && !drawn) setDrawn(true);

  const switchTo = useCallback(
    (id: string | undefined) => {
      setCurrent((c) => ({ id, version: c.version + 1 }));
      setHeading((h) => ({ isEdit: Boolean(id), mode: id ? h.mode : 'active' }));
      onTaskChange?.(id);
    },
    [onTaskChange],
  );

  return (
    <>
      <Modal
        opened={opened}
        onClose={onClose}
        title={`${t(`form.${title.key}`)}${title.draft ? t('form.draftSuffix') : ''}`}
        size="xl"
        fullScreen={narrow}
        // Closing by a stray click would lose what was typed.
        closeOnClickOutside={false}
        styles={{ title: { fontWeight: 600, fontSize: 'var(--mantine-font-size-lg)' } }}
        onExitTransitionEnd={() => setDrawn(false)}
      >
        {(opened || drawn) && (
          <TaskEditor
            key={`${current.id ?? 'new'}:${current.version}`}
            taskId={current.id}
            defaults={current.id ? undefined : defaults}
            onClose={onClose}
            onSwitch={switchTo}
            onHeadingChange={setHeading}
          />
        )}
      </Modal>
      <ConfettiHost />
    </>
  );
}

function TaskEditor({
  taskId,
  defaults,
  onClose,
  onSwitch,
  onHeadingChange,
}: {
  taskId: string | undefined;
  defaults?: TaskFormDefaults;
  onClose: () => void;
  onSwitch: (id: string | undefined) => void;
  onHeadingChange: (h: { isEdit: boolean; mode: TaskMode }) => void;
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
      onClose={onClose}
      onSwitch={onSwitch}
      onHeadingChange={onHeadingChange}
    />
  );
}
