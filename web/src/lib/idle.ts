/**
 * The browser's next idle moment, at most `timeout` ms away (a task of its own where
 * `requestIdleCallback` is missing): work after the first content goes there, one piece per moment,
 * so it comes as short tasks that let input in between.
 */
export function whenIdle(run: () => void, timeout = 300): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout });
  else setTimeout(run, 0);
}

/** whenIdle as a promise. */
export const idle = (timeout?: number): Promise<void> => new Promise((resolve) => whenIdle(resolve, timeout));
