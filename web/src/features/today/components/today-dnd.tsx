/**
 * Drag and drop on Today (spec 001 §4), loaded after the first content or on the first press of a
 * row's handle (today-drag-kit.ts): dnd-kit, the drag hook, the rows' sortable bindings and the
 * overlay. The rows are the same before and after (hooks/drag-bridge.ts): they take the handle's
 * listeners and their shift from here once it has loaded.
 */
import { DndContext, DragOverlay, type UniqueIdentifier, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Box, Paper } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type DragView, panelNode, publishRowDrag } from '../hooks/drag-bridge.ts';
import { type TodayDragOptions, useTodayDrag } from '../hooks/use-today-drag.ts';
import { groupOfPanelId, panelDropId } from '../utils/drag-ids.ts';
import { type RowContext, TaskRow } from './task-row.tsx';

/**
 * dnd-kit's context beside the panels (not around them): a drop target per panel, a sortable list per
 * open panel with one binding per row it shows, the overlay that follows the pointer. During a drag it
 * tells the panels, through `onView`, which rows each shows and which panel a drop would move to.
 */
export function TodayDragArea({
  options,
  rowContext,
  onView,
}: {
  options: TodayDragOptions;
  rowContext: RowContext;
  onView: (view: DragView | null) => void;
}) {
  const { t } = useTranslation('today');
  const drag = useTodayDrag(options);
  const { panels, expanded } = options;
  const { columns, highlightedGroup } = drag;
  useLayoutEffect(() => {
    onView(columns ? { columns, over: highlightedGroup } : null);
  }, [columns, highlightedGroup, onView]);
  useLayoutEffect(() => () => onView(null), [onView]);
  const titleOf = (id: UniqueIdentifier) =>
    panels.flatMap((p) => p.all).find((x) => x.id === id)?.title ?? '';
  const listOf = (id: UniqueIdentifier) => {
    const group = groupOfPanelId(id);
    const panel = panels.find((p) => p.group === group || drag.rowsOf(p).some((x) => x.id === id));
    return panel?.title ?? '';
  };
  return (
    <DndContext
      sensors={drag.sensors}
      collisionDetection={drag.collisionDetection}
      {...drag.handlers}
      accessibility={{
        screenReaderInstructions: { draggable: t('drag.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('drag.picked', { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('drag.overList', { title: titleOf(active.id), list: listOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('drag.dropped', { title: titleOf(active.id), list: listOf(over.id) })
              : t('drag.cancelled', { title: titleOf(active.id) }),
          onDragCancel: ({ active }) => t('drag.cancelled', { title: titleOf(active.id) }),
        },
      }}
    >
      {panels.map((p) => (
        <PanelDropTarget key={p.group} group={p.group} />
      ))}
      {panels
        .filter((p) => expanded[p.group] !== false && !p.loading && !p.failed)
        .map((p) => {
          const ids = drag.rowsOf(p).map((r) => r.id);
          return (
            <SortableContext key={p.group} items={ids} strategy={verticalListSortingStrategy}>
              {ids.map((id) => (
                <SortableRowBinding key={id} id={id} />
              ))}
            </SortableContext>
          );
        })}
      <DragOverlay>
        {drag.activeTask ? (
          <Paper inert shadow="md" radius="sm" withBorder style={{ overflow: 'hidden', cursor: 'grabbing' }}>
            <TaskRow
              task={drag.activeTask}
              {...rowContext}
              as="div"
              handle={
                <Box w={28} h={28} c="dimmed" style={{ display: 'grid', placeItems: 'center' }}>
                  <IconGripVertical size={16} />
                </Box>
              }
            />
          </Paper>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}

/** Makes a panel's element a drop target (a task may go to a collapsed or empty group). */
function PanelDropTarget({ group }: { group: number }) {
  const { setNodeRef } = useDroppable({ id: panelDropId(group) });
  useEffect(() => {
    setNodeRef(panelNode(group));
    return () => setNodeRef(null);
  }, [setNodeRef, group]);
  return null;
}

/**
 * A row's sortable state, drawn as nothing: the row itself (task-row.tsx's PanelTaskRow) reads what
 * this publishes, so it is not drawn anew when drag and drop arrives.
 */
function SortableRowBinding({ id }: { id: string }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  const transformText = CSS.Translate.toString(transform);
  useLayoutEffect(() => {
    publishRowDrag(id, {
      setNodeRef,
      setActivatorNodeRef,
      attributes,
      listeners,
      isDragging,
      style: { transform: transformText, transition, opacity: isDragging ? 0.4 : 1 },
    });
  });
  useLayoutEffect(() => () => publishRowDrag(id, null), [id]);
  return null;
}
