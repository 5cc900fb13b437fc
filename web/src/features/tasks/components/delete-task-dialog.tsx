import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/with-later-texts.ts';

/**
 * Delete confirmation. A task with sub-tasks asks what becomes of them: deleted too, or moved up to
 * this task's parent (the top level when it has none) — DELETE /task {tasks, with_children}.
 */
export function DeleteTaskDialog({
  task,
  opened,
  busy,
  onConfirm,
  onCancel,
}: {
  task: TaskView;
  opened: boolean;
  busy: boolean;
  onConfirm: (withChildren: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('tasks');
  const [choice, setChoice] = useState<'delete' | 'move'>('delete');
  const hasChildren = task.childCount > 0;
  return (
    <Modal opened={opened} onClose={onCancel} title={t('deleteDialog.title')} centered size="md" zIndex={310}>
      <Stack gap="lg">
        <Text size="sm">{t('deleteDialog.text', { title: task.title })}</Text>
        {hasChildren && (
          <Radio.Group
            label={t('deleteDialog.childrenQuestion', { count: task.childCount })}
            value={choice}
            onChange={(v) => setChoice(v === 'move' ? 'move' : 'delete')}
          >
            <Stack gap="xs" mt="xs">
              <Radio value="delete" label={t('deleteDialog.deleteChildren')} />
              <Radio
                value="move"
                label={
                  task.parent
                    ? t('deleteDialog.moveChildrenToParent', { title: task.parent.title })
                    : t('deleteDialog.moveChildrenToTop')
                }
              />
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button
            color="red"
            onClick={() => onConfirm(hasChildren && choice === 'delete')}
            loading={busy}
            data-autofocus
          >
            {t('deleteDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
