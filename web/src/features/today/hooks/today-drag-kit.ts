/** Today's drag and drop (components/today-dnd.tsx), deferred: after the first content or the first press of a handle. */
import { deferred } from '../../tasks/lazy/deferred.ts';

export const todayDragKit = deferred(() => import('../components/today-dnd.tsx'));
