import { ActionIcon, Group, Modal, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarRight } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../hooks/use-discard-guard.tsx';
import { useEditorTarget } from '../hooks/use-editor-target.ts';
import { formTitle, type TaskFormDefaults } from '../utils/task-form.ts';
import { ConfettiHost } from './confetti.tsx';
import { TaskEditor } from './task-editor.tsx';
import '../../../i18n/with-later-texts.ts';

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
  /** Where the form can also be docked (/tasks on a wide screen): the header offers to dock it. */
  onDock?: () => void;
}

/**
 * The task modal (spec 000 §2): the task form in a modal, full screen on a phone. Opening it with a
 * task id loads the task; a task that cannot be loaded (deleted, not visible) is reported and the
 * modal closes.
 */
export function TaskFormModal({
  opened,
  onClose,
  taskId,
  defaults,
  onTaskChange,
  onDock,
}: TaskFormModalProps) {
  const { t } = useTranslation('tasks');
  const narrow = useMediaQuery('(max-width: 48em)');
  const { current, heading, setHeading, switchTo } = useEditorTarget(opened, taskId, onTaskChange);
  const title = formTitle(heading.isEdit, heading.mode);
  // The form stays drawn while the modal fades out, so the closing modal is never an empty box.
  const [drawn, setDrawn] = useState(opened);
  const guard = useDiscardGuard(onClose);
  if (opened && !drawn) setDrawn(true);

  return (
    <>
      <Modal.Root
        opened={opened}
        onClose={guard.requestClose}
        size="xl"
        fullScreen={narrow}
        // Closing by a stray click would lose what was typed.
        closeOnClickOutside={false}
        onExitTransitionEnd={() => setDrawn(false)}
      >
        <Modal.Overlay />
        <Modal.Content>
          <Modal.Header>
            <Modal.Title fw={600} fz="lg">
              {`${t(`form.${title.key}`)}${title.draft ? t('form.draftSuffix') : ''}`}
            </Modal.Title>
            <Group gap={4} wrap="nowrap">
              {onDock && (
                <Tooltip label={t('form.dock')}>
                  <ActionIcon variant="subtle" color="gray" aria-label={t('form.dock')} onClick={onDock}>
                    <IconLayoutSidebarRight size={18} />
                  </ActionIcon>
                </Tooltip>
              )}
              <Modal.CloseButton aria-label={t('actions.close')} />
            </Group>
          </Modal.Header>
          <Modal.Body>
            {(opened || drawn) && (
              <TaskEditor
                key={`${current.id ?? 'new'}:${current.version}`}
                taskId={current.id}
                defaults={current.id ? undefined : defaults}
                onClose={onClose}
                onSwitch={switchTo}
                onHeadingChange={setHeading}
                onCancel={guard.requestClose}
                onDirtyChange={guard.onDirtyChange}
              />
            )}
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
      {guard.dialog}
      <ConfettiHost />
    </>
  );
}
