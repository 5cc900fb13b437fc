/**
 * What Mantine's AppShell uses to tell when its sections must not animate, when the build points its
 * import here (vite.config.ts; D93). Mantine's own hook starts at "resizing" and clears it a moment
 * after the shell mounts: the root's `data-resizing` then goes, which changes an inherited CSS variable
 * and makes the browser restyle every element of the page once more (about 800 on Today, 25–30 ms on
 * a fast computer) just after the first screen shows. A freshly drawn element has no earlier style to
 * animate from, so the mount needs no such guard: here the shell is "resizing" only while the window
 * is resized and for 200 ms after, or for the transition's length after `disabled` or the duration
 * changes, as in Mantine. The shell's `resize` controller (its `resizeKey`) is not used by our shell
 * (web/test/app-shell-parts.test.ts).
 */
import { startTransition, useCallback, useEffect, useRef, useState } from 'react';

export function useResizing({
  transitionDuration,
  disabled,
}: {
  transitionDuration?: number;
  disabled?: boolean;
  resizeKey?: string;
}): boolean {
  const [resizing, setResizing] = useState(false);
  const timer = useRef(-1);
  const settleAfter = useCallback((ms: number) => {
    setResizing(true);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => startTransition(() => setResizing(false)), ms);
  }, []);
  useEffect(() => {
    const onResize = () => settleAfter(200);
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.clearTimeout(timer.current);
    };
  }, [settleAfter]);
  // A change of these, not the mount, settles (compared with the values drawn first, so React's
  // strict mode running the effect twice does not count as a change).
  const drawn = useRef({ disabled, transitionDuration });
  useEffect(() => {
    if (drawn.current.disabled === disabled && drawn.current.transitionDuration === transitionDuration)
      return;
    drawn.current = { disabled, transitionDuration };
    settleAfter(transitionDuration || 0);
  }, [disabled, transitionDuration, settleAfter]);
  return resizing;
}
