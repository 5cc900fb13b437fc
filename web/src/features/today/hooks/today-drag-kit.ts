/**
 * What Today's rows add after the first content: drag and drop (components/today-dnd.tsx) and the row
 * menus (tasks/components/row-controls.tsx). The code loads after the first content, first of what
 * loads then (priority 0), or when a row's handle or menu is pressed, pointed at or focused before
 * that.
 *
 * Drag and drop is put to work (its context, one sortable binding per row) only once it may be used
 * (D89): a row's handle pointed at, focused or pressed, or the page's first press anywhere (a touch
 * that scrolls the list, before a finger goes to a handle). A page that is only read does not bind
 * every row.
 */
import { createStore, useInTransition } from '../../../lib/store.ts';
import { deferred } from '../../tasks/lazy/deferred.ts';
import { rowControls } from '../../tasks/lazy/row-menus.tsx';

export const todayRowKit = deferred(async () => {
  const [dnd, controls] = await Promise.all([import('../components/today-dnd.tsx'), rowControls.load()]);
  return { dnd, controls };
}, 0);

const dragWanted = createStore<{ on: boolean }>({ on: false });

/** Drag and drop may be used now: its code loads (if it has not) and it binds the rows. */
export function wantDrag(): void {
  dragWanted.set({ on: true });
  void todayRowKit.load().catch(() => undefined);
}

/** Whether drag and drop should bind the rows (taken in a transition: a hover does not wait for it). */
export const useDragWanted = (): boolean => useInTransition(dragWanted.subscribe, () => dragWanted.get().on);
