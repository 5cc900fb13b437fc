import { ActionIcon, Box, CloseButton, Group, Paper, Title, Tooltip } from '@mantine/core';
import { useLocalStorage, useViewportSize } from '@mantine/hooks';
import { IconWindowMaximize } from '@tabler/icons-react';
import { type KeyboardEvent, type PointerEvent, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDiscardGuard } from '../hooks/use-discard-guard.tsx';
import { useEditorTarget } from '../hooks/use-editor-target.ts';
import { clampPanelWidth, PANEL_WIDTH } from '../hooks/use-task-form-place.ts';
import { formTitle, type TaskFormDefaults } from '../utils/task-form.ts';
import { TaskEditor } from './task-editor.tsx';
import '../../../i18n/with-later-texts.ts';

export interface TaskDockedPanelProps {
  onClose: () => void;
  /** The task to edit; undefined to create one. */
  taskId?: string;
  defaults?: TaskFormDefaults;
  /** The panel moved to another task (created with Save, the parent, a sub-task). */
  onTaskChange?: (taskId: string | undefined) => void;
  /** Open the form in the modal instead (the choice is remembered). */
  onUndock: () => void;
}

/**
 * The docked task editor (spec 000 §2 "Task modal or docked panel"): the task form in a column on
 * the right of the /tasks list, which stays usable beside it. Its left edge resizes it (pointer or
 * arrow keys); the width is remembered. A docked editor offers Save and Save and close, not Save and
 * new (spec 000 §4). A task that cannot be loaded is reported and the panel closes (back to /tasks).
 */
export function TaskDockedPanel({ onClose, taskId, defaults, onTaskChange, onUndock }: TaskDockedPanelProps) {
  const { t } = useTranslation('tasks');
  const titleId = useId();
  const { current, heading, setHeading, switchTo } = useEditorTarget(true, taskId, onTaskChange);
  const title = formTitle(heading.isEdit, heading.mode);
  const guard = useDiscardGuard(onClose);
  const { width: viewport } = useViewportSize();
  const [stored, setStored] = useLocalStorage<number>({
    key: 'tandem.task-form.width',
    defaultValue: PANEL_WIDTH.initial,
    getInitialValueInEffect: false,
  });
  const width = clampPanelWidth(stored, viewport || window.innerWidth);
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setStored(clampPanelWidth(drag.current.width + drag.current.x - e.clientX, window.innerWidth));
  };
  const onPointerUp = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = e.shiftKey ? 80 : 20;
    if (e.key === 'ArrowLeft') setStored(clampPanelWidth(width + step, window.innerWidth));
    else if (e.key === 'ArrowRight') setStored(clampPanelWidth(width - step, window.innerWidth));
    else return;
    e.preventDefault();
  };

  return (
    <Paper
      component="section"
      aria-labelledby={titleId}
      withBorder
      radius="md"
      shadow="sm"
      pos="sticky"
      style={{
        top: 'calc(var(--app-shell-header-offset, 56px) + var(--mantine-spacing-md))',
        width,
        flex: `0 0 ${width}px`,
        height: 'calc(100dvh - var(--app-shell-header-offset, 56px) - 2 * var(--mantine-spacing-md))',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: a draggable splitter has no native element */}
      <div
        role="separator"
        aria-orientation="vertical"
        aria-label={t('form.resize')}
        aria-valuemin={PANEL_WIDTH.min}
        aria-valuemax={PANEL_WIDTH.max}
        aria-valuenow={width}
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        style={{
          position: 'absolute',
          insetBlock: 0,
          insetInlineStart: 0,
          width: 8,
          cursor: 'col-resize',
          zIndex: 1,
          touchAction: 'none',
        }}
      />
      <Group
        justify="space-between"
        wrap="nowrap"
        gap="xs"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Title order={2} id={titleId} fz="lg" fw={600} lineClamp={1}>
          {`${t(`form.${title.key}`)}${title.draft ? t('form.draftSuffix') : ''}`}
        </Title>
        <Group gap={4} wrap="nowrap">
          <Tooltip label={t('form.undock')}>
            <ActionIcon variant="subtle" color="gray" aria-label={t('form.undock')} onClick={onUndock}>
              <IconWindowMaximize size={18} />
            </ActionIcon>
          </Tooltip>
          <CloseButton aria-label={t('form.closePanel')} onClick={guard.requestClose} />
        </Group>
      </Group>
      <Box p="md" style={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        <TaskEditor
          key={`${current.id ?? 'new'}:${current.version}`}
          taskId={current.id}
          defaults={current.id ? undefined : defaults}
          docked
          onClose={onClose}
          onSwitch={switchTo}
          onHeadingChange={setHeading}
          onCancel={guard.requestClose}
          onDirtyChange={guard.onDirtyChange}
        />
      </Box>
      {guard.dialog}
    </Paper>
  );
}
