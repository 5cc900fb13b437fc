/**
 * The page's search params and a way to change some of them. React Router's functional
 * `setSearchParams` starts from the params of the last render, so two changes made before the page
 * draws again (two date fields filled one after the other on a busy device) keep only the second.
 * Here each change starts from the one before it.
 */
import { useCallback, useEffect, useRef } from 'react';
import { type NavigateOptions, useSearchParams } from 'react-router';

export function useSearchParamsPatch() {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  /** Sets each key to its value, or removes it when the value is empty or null. */
  const patch = useCallback(
    (changes: Record<string, string | null>, options: NavigateOptions = { replace: true }) => {
      const next = new URLSearchParams(latest.current);
      for (const [k, v] of Object.entries(changes))
        if (v) next.set(k, v);
        else next.delete(k);
      latest.current = next;
      setParams(next, options);
    },
    [setParams],
  );
  return [params, patch] as const;
}
