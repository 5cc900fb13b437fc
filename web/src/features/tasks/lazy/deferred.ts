/**
 * Code a page shows without, loaded after its first content (lib/first-content.ts) or on first use,
 * whichever is sooner: the row menus, tooltips, the levels picker, drag and drop. Until it is here,
 * the page draws a stand-in of the same size and look (the menu's button, the tooltip's element), so
 * nothing moves when it arrives.
 */
import { useEffect, useSyncExternalStore } from 'react';
import { afterFirstContent, useFirstContentShown } from '../../../lib/first-content.ts';
import { whenIdle } from '../../../lib/idle.ts';
import { createStore, useInTransition } from '../../../lib/store.ts';

export interface Deferred<T> {
  /** Starts loading (once); resolves with the module. */
  load(): Promise<T>;
  /** The module if it has loaded, else null. */
  get(): T | null;
  subscribe(listener: () => void): () => void;
  /** Lower loads first after the first content. */
  readonly priority: number;
}

/**
 * After the first content the deferred modules load one at a time, each when the browser is idle
 * (at most 300 ms apart), the lowest `priority` first: each arrives and draws in a
 * task of its own instead of one long task that holds up input.
 */
const queue: Deferred<unknown>[] = [];
let draining = false;
function drain(): void {
  const next = queue.shift();
  if (!next) {
    draining = false;
    return;
  }
  next.load().then(
    () => whenIdle(drain),
    () => whenIdle(drain),
  );
}
function enqueue(d: Deferred<unknown>): void {
  if (d.get() !== null || queue.includes(d)) return;
  queue.push(d);
  queue.sort((a, b) => a.priority - b.priority);
  if (!draining) {
    draining = true;
    whenIdle(drain);
  }
}

/** The module once loaded; its load is queued after the page's first content. */
export function useDeferred<T>(d: Deferred<T>): T | null {
  const shown = useFirstContentShown();
  useEffect(() => {
    if (shown) enqueue(d);
  }, [shown, d]);
  // Taken in a transition: the pages that swap their stand-ins for the module (every row on Today)
  // are drawn again in slices.
  return useInTransition(d.subscribe, d.get);
}

const preloaded = new WeakSet<Deferred<unknown>>();
/** Queues the module's load for after the first content (once, whoever asks first; nothing redraws). */
export function preload(d: Deferred<unknown>): void {
  if (preloaded.has(d)) return;
  preloaded.add(d);
  afterFirstContent(() => enqueue(d));
}

/**
 * The module once loaded and `wanted` (the element that uses it is in use: pointed at, pressed),
 * else null. Its load is queued after the first content as with useDeferred, but its arrival draws
 * nothing that is not in use (D89): a page of rows does not swap every stand-in at once.
 */
export function useDeferredWhen<T>(d: Deferred<T>, wanted: boolean): T | null {
  useEffect(() => preload(d as Deferred<unknown>), [d]);
  return useSyncExternalStore(d.subscribe, () => (wanted ? d.get() : null));
}

export function deferred<T>(importer: () => Promise<T>, priority = 1): Deferred<T> {
  const store = createStore<{ module: T | null }>({ module: null });
  let loading: Promise<T> | null = null;
  const load = () => {
    loading ??= importer().then(
      (m) => {
        store.set({ module: m });
        return m;
      },
      (err: unknown) => {
        // A failed fetch (offline, a new build) may be tried again on the next use.
        loading = null;
        throw err;
      },
    );
    return loading;
  };
  return {
    load,
    get: () => store.get().module,
    subscribe: store.subscribe,
    priority,
  };
}
