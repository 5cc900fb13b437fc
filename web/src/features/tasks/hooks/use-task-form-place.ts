import { useLocalStorage, useMediaQuery } from '@mantine/hooks';

/** Docking needs room for the list beside the form: 1024 px (64em) and wider. */
export const DOCK_QUERY = '(min-width: 64em)';
export type TaskFormPlace = 'docked' | 'modal';

const matches = (query: string) => typeof window !== 'undefined' && window.matchMedia(query).matches;

/**
 * Where /tasks opens a task: docked on the right of the list, or in the modal. The choice is kept in
 * localStorage; below 1024 px the modal is always used (the choice is kept for a wider screen).
 */
export function useTaskFormPlace() {
  const wide = useMediaQuery(DOCK_QUERY, matches(DOCK_QUERY), { getInitialValueInEffect: false });
  const [place, setPlace] = useLocalStorage<TaskFormPlace>({
    key: 'tandem.task-form.place',
    defaultValue: 'docked',
    getInitialValueInEffect: false,
    deserialize: (v) => (v === 'modal' ? 'modal' : 'docked'),
    serialize: (v) => v,
  });
  return { wide, docked: wide && place === 'docked', setPlace };
}

export const PANEL_WIDTH = { min: 380, max: 900, initial: 480 };

/** The docked panel's width, kept between visits, held between the limits and leaving the list ≥ 400 px. */
export function clampPanelWidth(width: number, viewport: number): number {
  const room = Math.max(PANEL_WIDTH.min, viewport - 240 - 400);
  return Math.round(Math.min(Math.max(width, PANEL_WIDTH.min), PANEL_WIDTH.max, room));
}
