/**
 * The sort-code library (fractional indexing) for Today's optimistic moves and ticks, loaded first among
 * the deferred modules once the first content shows (it is not needed to draw the lists). A move or a
 * tick before it is here waits for it (`sortCodes.get() ?? (await sortCodes.load())`).
 */
import { deferred } from '../../tasks/lazy/deferred.ts';
import type { SortCodes } from './optimistic.ts';

export const sortCodes = deferred<SortCodes>(() => import('@tandem/shared/tasks/sort-codes'), 0);
