/**
 * What Today's rows add after the first content, in one piece so the rows change once: drag and drop
 * (components/today-dnd.tsx) and the row menus (tasks/components/row-controls.tsx). Loaded after the
 * first content, or when a row's handle or menu is pressed, pointed at or focused before that; first
 * of what loads after the first content (priority 0), so the rows can be worked with soonest.
 */
import { deferred } from '../../tasks/lazy/deferred.ts';
import { rowControls } from '../../tasks/lazy/row-menus.tsx';

export const todayRowKit = deferred(async () => {
  const [dnd, controls] = await Promise.all([import('../components/today-dnd.tsx'), rowControls.load()]);
  return { dnd, controls };
}, 0);
