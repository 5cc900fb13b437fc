/**
 * "The page's first content is on screen": what the first screen does not need (the Today
 * calendar aside, the time-block banner) waits for it, so its code is fetched after the first task
 * shows rather than beside it. Today marks it when its lists have loaded; any other page counts as
 * shown at the browser's first idle moment. Once shown it stays so for the tab's life.
 */
import { useEffect } from 'react';
import { createStore, useInTransition } from './store.ts';

const store = createStore({ shown: false });

const show = () => store.set({ shown: true });
/** After the frame that paints the first content, so what waits is not fetched before it. */
export const markFirstContent = (): void => {
  requestAnimationFrame(() => setTimeout(show, 0));
};
const shownNow = () => store.get().shown;
/**
 * Taken in a transition: what appears once the first content is shown (the shell's later parts, the
 * calendar aside, the deferred row code) is drawn in slices, not in one long task.
 */
export const useFirstContentShown = (): boolean => useInTransition(store.subscribe, shownNow);

/** Runs `run` once the first content is shown (at once if it is), without drawing anything. */
export function afterFirstContent(run: () => void): void {
  if (shownNow()) {
    run();
    return;
  }
  const off = store.subscribe(() => {
    if (!shownNow()) return;
    off();
    run();
  });
}

/** The most a page that marks it itself may hold the rest back (a list that never answers). */
export const FIRST_CONTENT_CEILING_MS = 4000;

/**
 * True once the first content is shown. `pageMarks`: the page on screen marks it itself (Today's
 * lists); otherwise it is marked when the browser is first idle.
 */
export function useAfterFirstContent(pageMarks: boolean): boolean {
  const shown = useFirstContentShown();
  useEffect(() => {
    if (shown) return;
    if (pageMarks) {
      const id = setTimeout(show, FIRST_CONTENT_CEILING_MS);
      return () => clearTimeout(id);
    }
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(show, { timeout: 1000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(show, 0);
    return () => clearTimeout(id);
  }, [shown, pageMarks]);
  return shown;
}
