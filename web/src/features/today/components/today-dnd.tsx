/**
 * Drag and drop on Today (spec 001 §4), loaded after the first content or on the first press of a
 * row's handle (today-drag-kit.ts): dnd-kit, the drag hook, the sortable rows and the overlay. Until
 * it is here the panels draw the same rows with a stand-in handle.
 */
import { DndContext, DragOverlay, type UniqueIdentifier, useDroppable } from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Box, Paper } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import type { TaskView } from '@tandem/shared/tasks/views';
import { type ReactNode, type RefObject, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type TodayDragOptions, useTodayDrag } from '../hooks/use-today-drag.ts';
import { groupOfPanelId } from '../utils/drag-ids.ts';
import { type RowContext, TaskRow } from './task-row.tsx';

export type TodayDrag = ReturnType<typeof useTodayDrag>;

/** The panels inside dnd-kit's context, with the overlay that follows the pointer. */
export function TodayDragArea({
  options,
  rowContext,
  children,
}: {
  options: TodayDragOptions;
  rowContext: RowContext;
  children: (drag: Pick<TodayDrag, 'rowsOf' | 'highlightedGroup'>) => ReactNode;
}) {
  const { t } = useTranslation('today');
  const drag = useTodayDrag(options);
  const { panels } = options;
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
      {children(drag)}
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

/** Makes the panel's element a drop target (a task may go to a collapsed or empty group). */
export function PanelDropTarget({ id, node }: { id: string; node: RefObject<HTMLElement | null> }) {
  const { setNodeRef } = useDroppable({ id });
  useEffect(() => {
    setNodeRef(node.current);
    return () => setNodeRef(null);
  }, [setNodeRef, node]);
  return null;
}

export function SortableRows({ rows, children }: { rows: readonly TaskView[]; children: ReactNode }) {
  return (
    <SortableContext items={rows.map((r) => r.id)} strategy={verticalListSortingStrategy}>
      {children}
    </SortableContext>
  );
}

/** A row in a Today panel, dragged by its handle (pointer, touch, or Space then arrows). */
export function SortableTaskRow({ task, ...ctx }: RowContext & { task: TaskView }) {
  const { t } = useTranslation('today');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: task.id });
  return (
    <TaskRow
      task={task}
      {...ctx}
      rowRef={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.4 : 1 }}
      handle={
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="md"
          {...attributes}
          {...listeners}
          aria-label={t('row.move', { title: task.title })}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      }
    />
  );
}
