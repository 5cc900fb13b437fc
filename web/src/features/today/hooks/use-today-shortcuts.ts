/**
 * Keyboard shortcuts on Today (issue 11 §18): j and k move between the rows as they are shown (the
 * panels in order, open sub-tasks included), x ticks the row Done (or back), e opens it. They act
 * through the row's own controls — the same Done with its Undo, the same form — so a key does exactly
 * what the click does. Keys are ignored while typing in a field.
 */
import { useHotkeys } from '@mantine/hooks';

const ROW = '[data-task-row]';
const OPEN = '[data-row-open]';

const rows = () => [...document.querySelectorAll<HTMLElement>(ROW)].filter((r) => r.querySelector(OPEN));
const currentRow = () => (document.activeElement as HTMLElement | null)?.closest<HTMLElement>(ROW) ?? null;

function move(step: 1 | -1) {
  const all = rows();
  if (all.length === 0) return;
  const at = all.indexOf(currentRow() as HTMLElement);
  const next =
    at < 0 ? all[step > 0 ? 0 : all.length - 1]! : all[Math.min(all.length - 1, Math.max(0, at + step))]!;
  next.querySelector<HTMLElement>(OPEN)?.focus();
  next.scrollIntoView({ block: 'nearest' });
}

export function useTodayShortcuts(): void {
  useHotkeys([
    ['j', () => move(1)],
    ['k', () => move(-1)],
    ['x', () => currentRow()?.querySelector<HTMLInputElement>('input[type="checkbox"]')?.click()],
    ['e', () => currentRow()?.querySelector<HTMLElement>(OPEN)?.click()],
  ]);
}
