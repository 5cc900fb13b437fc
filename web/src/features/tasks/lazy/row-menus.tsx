/**
 * A task row's two menus (due date; status, priority, group, delete) drawn before their code
 * (Mantine's Menu, floating-ui, the delete dialog: components/row-controls.tsx) has loaded. The page
 * loads that code after its first content (`rowControls`, or with more of its own code) and passes it
 * in as `controls`; until then each menu is its button alone. Pointing at or focusing a button starts
 * the load, and a press before the code is here opens that menu as soon as it is.
 */
import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useEffect } from 'react';
import { DueDateBadge, useDueLabel } from '../components/due-date-badge.tsx';
import type { RowActions } from '../hooks/use-row-actions.ts';
import { type Deferred, deferred } from './deferred.ts';
import { ActionsMenuTarget, DueMenuTarget, dueEditable, rowMenuParts } from './row-menu-targets.tsx';

export type RowControls = typeof import('../components/row-controls.tsx');
export const rowControls: Deferred<RowControls> = deferred(() => import('../components/row-controls.tsx'));

/**
 * Menus pressed before their code loaded, by task and menu. Kept outside the components: the row
 * may be drawn anew when the code arrives (Today's rows become sortable then).
 */
const pressed = new Set<string>();

/** Whether this menu was pressed before it could open; forgotten once its code is here. */
function usePressedBefore(key: string, loaded: boolean): boolean {
  const was = pressed.has(key);
  useEffect(() => {
    if (loaded) pressed.delete(key);
  }, [key, loaded]);
  return was;
}

function standInHandlers(key: string, load: () => Promise<unknown>) {
  const start = () => void load().catch(() => undefined);
  return {
    onPointerEnter: start,
    onFocus: start,
    onClick: () => {
      pressed.add(key);
      start();
    },
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
  };
}

interface MenuProps {
  task: TaskView;
  actions: RowActions;
  /** The menus' code once loaded, else null (the buttons alone). */
  controls: RowControls | null;
  /** Starts loading the menus' code (the page's own loader when it loads more with it). */
  load?: () => Promise<unknown>;
}

export function RowDueMenu({
  task,
  now,
  actions,
  controls,
  load = rowControls.load,
}: MenuProps & { now: Date }) {
  const key = `${task.id}:due`;
  const pressedBefore = usePressedBefore(key, controls !== null);
  const dueLabel = useDueLabel(task.dueAt, now);
  if (controls)
    return <controls.RowDueMenu task={task} now={now} actions={actions} defaultOpened={pressedBefore} />;
  const done = task.status.id === TASK_STATUS.done;
  const badge = task.dueAt && !done ? <DueDateBadge dueAt={task.dueAt} now={now} /> : null;
  if (!dueEditable(task)) return badge;
  return <DueMenuTarget task={task} badge={badge} dueLabel={dueLabel} {...standInHandlers(key, load)} />;
}

export function RowActionsMenu({ task, actions, controls, load = rowControls.load }: MenuProps) {
  const key = `${task.id}:actions`;
  const pressedBefore = usePressedBefore(key, controls !== null);
  if (controls)
    return <controls.RowActionsMenu task={task} actions={actions} defaultOpened={pressedBefore} />;
  if (!rowMenuParts(task).any) return null;
  return <ActionsMenuTarget task={task} {...standInHandlers(key, load)} />;
}
