/**
 * Confetti for a task marked Done (spec 000 §4, §9: 10 seconds): who draws it and when. The canvas
 * itself (confetti-canvas.tsx) is loaded with the first burst, so the lists that can start one do not
 * carry it (D79).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { createStore, useStore } from '../../../lib/store.ts';

const Confetti = lazy(() => import('./confetti-canvas.tsx'));

/**
 * playConfetti() from anywhere (the form, a list's checkbox); the first mounted ConfettiHost draws
 * it, so a page and a modal that both hold a host never draw twice, and the confetti outlives a
 * modal that closed right after the save.
 */
const confettiStore = createStore<{ token: number; hosts: readonly symbol[] }>({ token: 0, hosts: [] });

export const playConfetti = (): void => confettiStore.set({ token: confettiStore.get().token + 1 });

export function ConfettiHost() {
  const [me] = useState(() => Symbol('confetti-host'));
  const [doneToken, setDoneToken] = useState(() => confettiStore.get().token);
  useEffect(() => {
    confettiStore.set({ hosts: [...confettiStore.get().hosts, me] });
    return () => confettiStore.set({ hosts: confettiStore.get().hosts.filter((h) => h !== me) });
  }, [me]);
  const leader = useStore(confettiStore, (s) => s.hosts[0] === me);
  const token = useStore(confettiStore, (s) => s.token);
  // A host that is not drawing keeps up, so it never replays an old burst if it becomes the drawer.
  useEffect(() => {
    if (!leader) setDoneToken(token);
  }, [leader, token]);
  if (!leader || token <= doneToken) return null;
  return (
    <Suspense fallback={null}>
      <Confetti key={token} active onDone={() => setDoneToken(token)} />
    </Suspense>
  );
}
