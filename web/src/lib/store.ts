/** A tiny external store for app-wide client state, read with useSyncExternalStore. */
import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';

export interface Store<T> {
  get(): T;
  set(patch: Partial<T>): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      const next = { ...state, ...patch };
      if (Object.keys(patch).every((k) => Object.is(next[k as keyof T], state[k as keyof T]))) return;
      state = next;
      for (const l of listeners) l();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export function useStore<T, S>(store: Store<T>, select: (state: T) => S): S {
  return useSyncExternalStore(store.subscribe, () => select(store.get()));
}

/**
 * A store's value taken in a transition: a change draws the components that read it in slices the
 * browser can step in between (useSyncExternalStore draws them at once and whole, in one long task).
 * For what may arrive a moment late — code loaded after the first screen, the first screen's "shown" —
 * never for what a person just did.
 */
export function useInTransition<S>(subscribe: (listener: () => void) => () => void, get: () => S): S {
  const [value, setValue] = useState(get);
  const read = useRef(get);
  read.current = get;
  useEffect(() => {
    const update = () => startTransition(() => setValue(() => read.current()));
    // A change between the render and this effect is taken too.
    update();
    return subscribe(update);
  }, [subscribe]);
  return value;
}
