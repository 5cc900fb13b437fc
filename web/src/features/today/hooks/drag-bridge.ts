/**
 * What drag and drop hands Today's rows once it has loaded (components/today-dnd.tsx), without
 * becoming their ancestor. dnd-kit's contexts have to be ancestors of the components that call its
 * hooks; were they ancestors of the rows, the rows would be drawn anew when the code arrives, just
 * after the first content, and a focused row would lose the keyboard's focus. So the sortable hooks
 * run in small components of the drag code's own (one per row, drawing nothing), which publish here
 * what each row needs — its node and handle refs, the handle's attributes and listeners, its shift —
 * and the rows, always the same components, read it by task id.
 */
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import type { CSSProperties } from 'react';
import { createStore, useStore } from '../../../lib/store.ts';

export interface RowDrag {
  setNodeRef: (el: HTMLElement | null) => void;
  setActivatorNodeRef: (el: HTMLElement | null) => void;
  /** The handle's ARIA attributes (role description "sortable", the instructions). */
  attributes: DraggableAttributes;
  /** The handle's pointer and keyboard listeners (absent while the row may not be dragged). */
  listeners: DraggableSyntheticListeners;
  style: CSSProperties;
  isDragging: boolean;
}

const rowDrags = createStore<{ rows: ReadonlyMap<string, RowDrag> }>({ rows: new Map() });

const same = (a: RowDrag, b: RowDrag) =>
  a.setNodeRef === b.setNodeRef &&
  a.setActivatorNodeRef === b.setActivatorNodeRef &&
  a.attributes === b.attributes &&
  a.listeners === b.listeners &&
  a.isDragging === b.isDragging &&
  a.style.transform === b.style.transform &&
  a.style.transition === b.style.transition &&
  a.style.opacity === b.style.opacity;

/** Called by the drag code's per-row component after each of its renders. */
export function publishRowDrag(id: string, drag: RowDrag | null): void {
  const rows = rowDrags.get().rows;
  const before = rows.get(id);
  if (drag === null ? before === undefined : before !== undefined && same(before, drag)) return;
  const next = new Map(rows);
  if (drag === null) next.delete(id);
  else next.set(id, drag);
  rowDrags.set({ rows: next });
}

/** What drag and drop gives this row, or null before it has loaded (or while the row is not in it). */
export function useRowDrag(id: string): RowDrag | null {
  return useStore(rowDrags, (s) => s.rows.get(id) ?? null);
}

/** The panels' elements by priority group, which the drag code makes drop targets. */
const panelNodes = new Map<number, HTMLElement>();
export const setPanelNode = (group: number, el: HTMLElement | null): void => {
  if (el) panelNodes.set(group, el);
  else panelNodes.delete(group);
};
export const panelNode = (group: number): HTMLElement | null => panelNodes.get(group) ?? null;

/** During a drag, the rows each panel shows (task ids by group) and the panel a drop would move to. */
export interface DragView {
  columns: Readonly<Record<number, readonly string[]>>;
  over: number | null;
}
