/**
 * The sort-code library (fractional indexing) for Today's optimistic moves and ticks, loaded first among
 * the deferred modules once the first content shows (it is not needed to draw the lists). A move before
 * it is here waits for it (`sortCodes.get() ?? (await sortCodes.load())`); a tick does not: the row is
 * ticked in place and goes down when the lists are read again (set-task-done.ts).
 */
import { deferred } from '../../tasks/lazy/deferred.ts';
import type { SortCodes } from './optimistic.ts';

export const sortCodes = deferred<SortCodes>(() => import('@tandem/shared/tasks/sort-codes'), 0);
