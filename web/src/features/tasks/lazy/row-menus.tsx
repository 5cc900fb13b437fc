/**
 * A task row's two menus (due date; status, priority, group, delete) drawn before their code
 * (Mantine's Menu, floating-ui, the delete dialog: components/row-controls.tsx) is in use. Each menu is
 * its button alone until a mouse points at it or it is pressed: only then is the menu itself drawn
 * (D89), so a page of rows does not draw every row's menus again when the code arrives. The code loads
 * after the page's first content (`rowControls`, or with more of its own code: `load`), or when a
 * button is pointed at, focused or pressed; a press before the code is here opens that menu as soon as
 * it is, and a focused button hands its focus to the menu's.
 */
import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { type FocusEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { DueDateBadge, useDueLabel } from '../components/due-date-badge.tsx';
import type { RowActions } from '../hooks/use-row-actions.ts';
import { type Deferred, deferred, useDeferredWhen } from './deferred.ts';
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

/**
 * The menu's code once it has loaded and the menu is in use, else null; and the stand-in button's
 * handlers that put it in use: pointed at with a mouse, reached with the keyboard, or pressed. A row
 * that is not in use is not drawn again when the code arrives. `takeFocus`: the stand-in has the
 * keyboard's focus as the menu replaces it, so the menu's button takes it.
 */
function useMenuCode(key: string, load: () => Promise<unknown>) {
  const [inUse, setInUse] = useState(false);
  const standIn = useRef<HTMLButtonElement | null>(null);
  const code = useDeferredWhen(rowControls, inUse);
  // Read while the stand-in is still on the page (this render replaces it).
  const takeFocus = code !== null && standIn.current !== null && standIn.current === document.activeElement;
  const start = () => void load().catch(() => undefined);
  const use = () => {
    setInUse(true);
    start();
  };
  const handlers = {
    ref: standIn,
    // A mouse points before it presses: the menu is drawn at once (flushSync), so the press that
    // follows lands on the menu's own button, not on one being replaced. A touch or a pen presses
    // at once: its press opens the menu (onClick).
    onPointerEnter: (e: PointerEvent<HTMLElement>) => {
      if (e.pointerType !== 'mouse') start();
      else if (rowControls.get()) flushSync(use);
      else use();
    },
    // Reached with the keyboard, the menu is drawn before a key opens it (it then gives the focus
    // back when it closes). A press focuses too, and is left to onClick.
    onFocus: (e: FocusEvent<HTMLElement>) => (e.currentTarget.matches(':focus-visible') ? use() : start()),
    // A touch, a pen, or a press before the menu's code was here: it opens as soon as it is.
    onClick: () => {
      pressed.add(key);
      use();
    },
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
  };
  return { code, takeFocus, handlers };
}

interface MenuProps {
  task: TaskView;
  actions: RowActions;
  /** Starts loading the menus' code (the page's own loader when it loads more with it). */
  load?: () => Promise<unknown>;
}

export function RowDueMenu({ task, now, actions, load = rowControls.load }: MenuProps & { now: Date }) {
  const key = `${task.id}:due`;
  const { code, takeFocus, handlers } = useMenuCode(key, load);
  const pressedBefore = usePressedBefore(key, code !== null);
  const dueLabel = useDueLabel(task.dueAt, now);
  if (code)
    return (
      <code.RowDueMenu
        task={task}
        now={now}
        actions={actions}
        defaultOpened={pressedBefore}
        takeFocus={takeFocus}
      />
    );
  const done = task.status.id === TASK_STATUS.done;
  const badge = task.dueAt && !done ? <DueDateBadge dueAt={task.dueAt} now={now} /> : null;
  if (!dueEditable(task)) return badge;
  return <DueMenuTarget task={task} badge={badge} dueLabel={dueLabel} {...handlers} />;
}

export function RowActionsMenu({ task, actions, load = rowControls.load }: MenuProps) {
  const key = `${task.id}:actions`;
  const { code, takeFocus, handlers } = useMenuCode(key, load);
  const pressedBefore = usePressedBefore(key, code !== null);
  if (code)
    return (
      <code.RowActionsMenu
        task={task}
        actions={actions}
        defaultOpened={pressedBefore}
        takeFocus={takeFocus}
      />
    );
  if (!rowMenuParts(task).any) return null;
  return <ActionsMenuTarget task={task} {...handlers} />;
}
