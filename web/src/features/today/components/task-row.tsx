import { ActionIcon, Badge, Checkbox, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconFlag3Filled, IconGripVertical, IconPin, IconSubtask } from '@tabler/icons-react';
import { TASK_FLAG, TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { type CSSProperties, memo, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createStore, useStore } from '../../../lib/store.ts';
import { AssigneeAvatars } from '../../tasks/components/assignee-avatars.tsx';
import { DueDateBadge } from '../../tasks/components/due-date-badge.tsx';
import type { RowActions } from '../../tasks/hooks/use-row-actions.ts';
import { RowActionsMenu, RowDueMenu } from '../../tasks/lazy/row-menus.tsx';
import { LazyTooltip as Tooltip } from '../../tasks/lazy/tooltip.tsx';
import { useRowDrag } from '../hooks/drag-bridge.ts';
import { todayRowKit, wantDrag } from '../hooks/today-drag-kit.ts';
import { SubtaskList } from './subtask-list.tsx';
import './task-row.css';

/** The list rows whose sub-tasks are shown, by task id. */
const openRows = createStore<{ ids: ReadonlySet<string> }>({ ids: new Set() });
const toggleOpenRow = (id: string) => {
  const ids = new Set(openRows.get().ids);
  if (!ids.delete(id)) ids.add(id);
  openRows.set({ ids });
};

export interface RowContext {
  /** The user's zone: "today" for the due-today count. */
  zone: string;
  now: Date;
  groupColor: (groupId: string) => string | undefined;
  onToggleDone: (task: TaskView, done: boolean) => void;
  /** Opens the task form; absent while the form is not available. */
  onOpen?: (task: TaskView) => void;
  /** Plays the confetti when something is marked Done. */
  celebrate?: () => void;
  /** The row's menus (due date, status, priority, delete); absent where the row is only shown. */
  actions?: RowActions;
}

/**
 * A row in a Today panel, the same component before and after drag and drop has loaded (so a focused
 * row keeps its focus when it arrives): until then its handle is a stand-in whose press, pointing or
 * focus puts drag and drop to work (hooks/today-drag-kit.ts `wantDrag`); then it takes the handle's listeners and its own shift from the drag
 * code's binding (hooks/drag-bridge.ts) and is dragged by its handle (pointer, touch, or Space then
 * arrows).
 */
/** Memoised: drawn again when its task or its context changes (useRowContext keeps that stable). */
export const PanelTaskRow = memo(function PanelTaskRow({ task, ...ctx }: RowContext & { task: TaskView }) {
  const { t } = useTranslation('today');
  const drag = useRowDrag(task.id);
  return (
    <TaskRow
      task={task}
      {...ctx}
      {...(drag ? { rowRef: drag.setNodeRef, style: drag.style } : {})}
      handle={
        <ActionIcon
          ref={drag?.setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="md"
          onPointerEnter={wantDrag}
          onPointerDown={wantDrag}
          onFocus={wantDrag}
          {...drag?.attributes}
          {...drag?.listeners}
          aria-label={t('row.move', { title: task.title })}
          style={{ cursor: drag?.isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      }
    />
  );
});

export function TaskRow({
  task,
  zone,
  celebrate,
  now,
  groupColor,
  onToggleDone,
  onOpen,
  actions,
  handle,
  rowRef,
  style,
  as = 'li',
}: RowContext & {
  task: TaskView;
  handle?: ReactNode;
  rowRef?: (el: HTMLElement | null) => void;
  style?: CSSProperties;
  as?: 'li' | 'div';
}) {
  const { t } = useTranslation('today');
  const loadKit = todayRowKit.load;
  // A list row keeps its sub-tasks open across being drawn anew (when drag and drop arrives).
  const [ownOpen, setOwnOpen] = useState(false);
  const listOpen = useStore(openRows, (s) => s.ids.has(task.id));
  const open = as === 'li' ? listOpen : ownOpen;
  const toggleOpen = () => (as === 'li' ? toggleOpenRow(task.id) : setOwnOpen((o) => !o));
  const ctx: RowContext = {
    zone,
    now,
    groupColor,
    onToggleDone,
    ...(onOpen ? { onOpen } : {}),
    ...(celebrate ? { celebrate } : {}),
    ...(actions ? { actions } : {}),
  };
  const done = task.status.id === TASK_STATUS.done;
  const urgent = task.taskDetails.flag === TASK_FLAG.urgent;
  // Grey until the groups are loaded (the group module's schemas stay off this route).
  const colour = groupColor(task.group.id) ?? 'var(--mantine-color-gray-5)';

  const title = (
    <span className="tandem-row-title" data-done={done || undefined}>
      {task.title}
    </span>
  );

  const Row = as;
  return (
    <Row ref={rowRef} data-task-row={task.id} className="tandem-row" style={style}>
      <div className="tandem-row-line">
        {handle}
        <Checkbox
          checked={done}
          onChange={(e) => onToggleDone(task, e.currentTarget.checked)}
          aria-label={t('row.done', { title: task.title })}
          radius="xl"
        />
        <Tooltip label={t('row.group', { title: task.group.title })} withinPortal openDelay={300}>
          <span
            role="img"
            aria-label={t('row.group', { title: task.group.title })}
            className="tandem-row-dot"
            style={{ background: colour }}
          />
        </Tooltip>
        <div className="tandem-row-main">
          {onOpen ? (
            <UnstyledButton
              data-row-open
              onClick={() => onOpen(task)}
              aria-label={t('row.open', { title: task.title })}
              style={{ minWidth: 0 }}
            >
              {title}
            </UnstyledButton>
          ) : (
            title
          )}
          {urgent && !done && (
            <Tooltip label={t('row.urgent')} withinPortal>
              <span className="tandem-row-icon tandem-row-urgent" role="img" aria-label={t('row.urgent')}>
                <IconFlag3Filled size={14} />
              </span>
            </Tooltip>
          )}
          {task.pinnedToToday && !urgent && (
            <span className="tandem-row-icon tandem-row-pinned" aria-hidden>
              <IconPin size={14} />
            </span>
          )}
          {task.childCount > 0 && (
            // The sub-task count doubles as the button that shows them under the row.
            <UnstyledButton
              onClick={toggleOpen}
              aria-expanded={open}
              // The name ends with the count the button shows (WCAG 2.5.3, label in name).
              aria-label={t(open ? 'row.hideSubtasks' : 'row.showSubtasks', {
                title: task.title,
                n: task.childCount,
              })}
            >
              <Badge
                size="sm"
                variant={open ? 'light' : 'default'}
                leftSection={<IconSubtask size={12} aria-hidden />}
                style={{ cursor: 'pointer' }}
              >
                <span aria-hidden>{task.childCount}</span>
                <VisuallyHidden>{t('row.subtasks', { count: task.childCount })}</VisuallyHidden>
              </Badge>
            </UnstyledButton>
          )}
          <div className="tandem-row-end">
            <AssigneeAvatars task={task} />
            {/* Right-aligned beside the title; under it, still right-aligned, when the row is narrow. */}
            {actions ? (
              <RowDueMenu task={task} now={now} actions={actions} load={loadKit} />
            ) : (
              task.dueAt && !done && <DueDateBadge dueAt={task.dueAt} now={now} />
            )}
            {actions && <RowActionsMenu task={task} actions={actions} load={loadKit} />}
          </div>
        </div>
      </div>
      {open && <SubtaskList parent={task} ctx={ctx} />}
    </Row>
  );
}
