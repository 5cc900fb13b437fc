/**
 * Dragging tasks on Today (spec 001 §4 "Today drag"): within a panel to reorder, onto another panel
 * to move the task to that priority group, with the pointer or the keyboard.
 *
 * While a drag is under way the rows are drawn from `columns` (the visible ids per panel), which
 * follow the pointer across panels so the target list opens a gap where the task will land. The
 * drop then reads the task's new neighbours from that order. A task pinned to today never enters
 * another panel's column, and dropping it on one shows the warning instead of a request.
 */
import {
  type CollisionDetection,
  closestCenter,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  getFirstCollision,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useCallback, useMemo, useRef, useState } from 'react';
import { columnOf, groupOfPanelId, moveBetweenColumns } from '../utils/drag-ids.ts';
import {
  moveRefusal,
  type PlaceBetween,
  panelDropIndex,
  placeBetweenAt,
  placeBetweenVisible,
} from '../utils/placement.ts';
import type { PanelData } from './use-today-lists.ts';

type Columns = Record<number, string[]>;

interface DragState {
  activeId: string;
  from: number;
  columns: Columns;
  /** The columns when the drag began, to put the task back in its place. */
  initial: Columns;
  /** The panel under the task, when a drop there would move it to another group. */
  over: number | null;
}

export interface TodayDragOptions {
  panels: readonly PanelData[];
  expanded: Readonly<Record<number, boolean>>;
  onMove: (task: TaskView, toGroup: number, between: PlaceBetween) => void;
  onRefused: (task: TaskView) => void;
}

export function useTodayDrag({ panels, expanded, onMove, onRefused }: TodayDragOptions) {
  const [drag, setDragState] = useState<DragState | null>(null);
  // Handlers read the latest drag synchronously: a drop may follow a move before React re-renders.
  const dragRef = useRef<DragState | null>(null);
  const setDrag = (d: DragState | null) => {
    dragRef.current = d;
    setDragState(d);
  };
  const lastOver = useRef<UniqueIdentifier | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const byId = useMemo(() => {
    const m = new Map<string, TaskView>();
    for (const p of panels) for (const t of p.all) m.set(t.id, t);
    return m;
  }, [panels]);
  const panelOf = (group: number) => panels.find((p) => p.group === group);
  const isOpen = (group: number) => expanded[group] !== false;

  /**
   * Over a panel that shows rows, the nearest row is the target (so a drop lands between rows);
   * over a collapsed or empty panel, the panel itself. Remembers the last target so the pointer
   * passing over a gap does not drop the task nowhere.
   */
  const collisionDetection: CollisionDetection = useCallback((args) => {
    const within = pointerWithin(args);
    const hits = within.length > 0 ? within : rectIntersection(args);
    let overId = getFirstCollision(hits, 'id');
    if (overId != null) {
      const panel = groupOfPanelId(overId);
      const ids = panel !== null ? (dragRef.current?.columns[panel] ?? []) : [];
      if (panel !== null && ids.length > 0) {
        overId =
          closestCenter({
            ...args,
            droppableContainers: args.droppableContainers.filter((c) => ids.includes(String(c.id))),
          })[0]?.id ?? overId;
      }
      lastOver.current = overId;
      return [{ id: overId }];
    }
    return lastOver.current != null ? [{ id: lastOver.current }] : [];
  }, []);

  const onDragStart = ({ active }: DragStartEvent) => {
    const columns: Columns = {};
    for (const p of panels) columns[p.group] = isOpen(p.group) ? p.visible.map((t) => t.id) : [];
    const from = byId.get(String(active.id))?.priorityGroup.id ?? columnOf(columns, active.id);
    if (from === null || from === undefined) return;
    lastOver.current = null;
    setDrag({ activeId: String(active.id), from, columns, initial: columns, over: null });
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    const d = dragRef.current;
    const task = byId.get(String(active.id));
    if (!d || !over || !task) return;
    const current = columnOf(d.columns, active.id);
    const target = columnOf(d.columns, over.id);
    if (current === null || target === null) return;
    const refused = moveRefusal(task, d.from, target) !== null;
    const overOther = target !== d.from && !refused ? target : null;
    if (current === target) {
      if (overOther !== d.over) setDrag({ ...d, over: overOther });
      return;
    }
    // A pinned task stays home while dragged elsewhere; the drop explains why. A collapsed panel
    // shows no rows to open a gap in: a drop there goes to its top.
    if (refused || !isOpen(target)) {
      const columns =
        current !== d.from
          ? {
              ...d.columns,
              [current]: (d.columns[current] ?? []).filter((id) => id !== task.id),
              [d.from]: d.initial[d.from] ?? [],
            }
          : d.columns;
      setDrag({ ...d, columns, over: overOther });
      return;
    }
    const targetIds = d.columns[target] ?? [];
    let index: number;
    if (groupOfPanelId(over.id) !== null) {
      index = panelDropIndex(
        targetIds.map((id) => byId.get(id)).filter((t): t is TaskView => !!t),
        false,
      );
    } else {
      const translated = active.rect.current.translated;
      const below = !!translated && translated.top > over.rect.top + over.rect.height / 2;
      index = targetIds.indexOf(String(over.id)) + (below ? 1 : 0);
    }
    setDrag({ ...d, columns: moveBetweenColumns(d.columns, task.id, target, index), over: overOther });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const d = dragRef.current;
    setDrag(null);
    const task = byId.get(String(active.id));
    if (!d || !over || !task) return;
    const overPanel = groupOfPanelId(over.id);
    const target = overPanel ?? columnOf(d.columns, over.id);
    if (target === null) return;
    if (moveRefusal(task, d.from, target)) {
      onRefused(task);
      return;
    }
    const full = panelOf(target)?.all ?? [];
    let between: PlaceBetween;
    if (overPanel !== null && !isOpen(overPanel)) {
      between = placeBetweenAt(
        full.filter((t) => t.id !== task.id),
        0,
      );
    } else {
      let order = d.columns[target] ?? [];
      if (!order.includes(task.id)) {
        const shown = order.map((id) => byId.get(id)).filter((t): t is TaskView => !!t);
        order = moveBetweenColumns(d.columns, task.id, target, panelDropIndex(shown, false))[target]!;
      }
      if (overPanel === null && over.id !== active.id) {
        order = arrayMove(order, order.indexOf(task.id), order.indexOf(String(over.id)));
      }
      between = placeBetweenVisible(full, order, task.id);
    }
    if (target === d.from && isSamePlace(full, task.id, between)) return;
    onMove(task, target, between);
  };

  const onDragCancel = () => setDrag(null);

  /** The rows a panel shows: during a drag the drag's order, otherwise its filtered rows. */
  const rowsOf = (panel: PanelData): TaskView[] =>
    drag
      ? (drag.columns[panel.group] ?? []).map((id) => byId.get(id)).filter((t): t is TaskView => !!t)
      : panel.visible;

  return {
    sensors,
    collisionDetection,
    handlers: { onDragStart, onDragOver, onDragEnd, onDragCancel },
    activeTask: drag ? (byId.get(drag.activeId) ?? null) : null,
    rowsOf,
    /** During a drag, the ids each panel shows (one object per change); null otherwise. */
    columns: drag?.columns ?? null,
    highlightedGroup: drag?.over ?? null,
  };
}

/** A drop between the task's current neighbours changes nothing and sends nothing. */
function isSamePlace(full: readonly TaskView[], id: string, between: PlaceBetween): boolean {
  const i = full.findIndex((t) => t.id === id);
  if (i === -1) return false;
  return (
    (full[i - 1]?.customSortCode ?? null) === between.before &&
    (full[i + 1]?.customSortCode ?? null) === between.after
  );
}
