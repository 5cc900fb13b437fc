/**
 * The keyboard entry points of the whole app (issue 11 §18), always mounted and tiny: Ctrl/Cmd+K
 * opens the command palette, "q" quick add, "?" the list of shortcuts. What they open is loaded on
 * first use, so none of it (Spotlight, chrono-node, Luxon) weighs on the first screen.
 */
import { useHotkeys } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useState } from 'react';

const CommandPalette = lazy(() => import('./command-palette.tsx'));
const QuickAddModal = lazy(() => import('../../quick-add/components/quick-add-modal.tsx'));
const ShortcutsModal = lazy(() => import('./shortcuts-modal.tsx'));

export function CommandHost() {
  const [paletteSignal, setPaletteSignal] = useState(0);
  const [quickAdd, setQuickAdd] = useState(false);
  const [help, setHelp] = useState(false);
  const openQuickAdd = useCallback(() => setQuickAdd(true), []);
  // Ctrl/Cmd+K works in a field too (nothing types with it); single keys only outside fields.
  useHotkeys([['mod+K', () => setPaletteSignal((n) => n + 1)]], [], true);
  useHotkeys([
    ['q', openQuickAdd],
    ['shift+?', () => setHelp(true)],
  ]);
  return (
    <Suspense fallback={null}>
      {paletteSignal > 0 && <CommandPalette openSignal={paletteSignal} onQuickAdd={openQuickAdd} />}
      {quickAdd && <QuickAddModal opened onClose={() => setQuickAdd(false)} />}
      {help && <ShortcutsModal opened onClose={() => setHelp(false)} />}
    </Suspense>
  );
}
