/**
 * A task row's two menus (due date; status, priority, group, delete) with their code (Mantine's Menu,
 * floating-ui, the delete dialog) loaded after the page's first content, or when a menu button is
 * pointed at, focused or pressed before that. Until then each menu is its button alone; a press
 * before the code is here opens the menu as soon as it is.
 */
import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useState } from 'react';
import { DueDateBadge, useDueLabel } from '../components/due-date-badge.tsx';
import type { RowActions } from '../hooks/use-row-actions.ts';
import { deferred, useDeferred } from './deferred.ts';
import { ActionsMenuTarget, DueMenuTarget, dueEditable, rowMenuParts } from './row-menu-targets.tsx';

export const rowControls = deferred(() => import('../components/row-controls.tsx'));

/** Load on the first sign of use; a press also asks for the menu to open once loaded. */
function useStandIn() {
  const [pressed, setPressed] = useState(false);
  const start = () => void rowControls.load().catch(() => undefined);
  return {
    pressed,
    handlers: {
      onPointerEnter: start,
      onFocus: start,
      onClick: () => {
        start();
        setPressed(true);
      },
      'aria-haspopup': 'menu' as const,
      'aria-expanded': false,
    },
  };
}

export function RowDueMenu({ task, now, actions }: { task: TaskView; now: Date; actions: RowActions }) {
  const mod = useDeferred(rowControls);
  const standIn = useStandIn();
  const dueLabel = useDueLabel(task.dueAt, now);
  if (mod) return <mod.RowDueMenu task={task} now={now} actions={actions} defaultOpened={standIn.pressed} />;
  const done = task.status.id === TASK_STATUS.done;
  const badge = task.dueAt && !done ? <DueDateBadge dueAt={task.dueAt} now={now} /> : null;
  if (!dueEditable(task)) return badge;
  return <DueMenuTarget task={task} badge={badge} dueLabel={dueLabel} {...standIn.handlers} />;
}

export function RowActionsMenu({ task, actions }: { task: TaskView; actions: RowActions }) {
  const mod = useDeferred(rowControls);
  const standIn = useStandIn();
  if (mod) return <mod.RowActionsMenu task={task} actions={actions} defaultOpened={standIn.pressed} />;
  if (!rowMenuParts(task).any) return null;
  return <ActionsMenuTarget task={task} {...standIn.handlers} />;
}
