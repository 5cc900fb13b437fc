/**
 * The files and the video links of a task are one kind of list: reordered by drag (dnd-kit), saved
 * with PATCH /task/attachment/order/ at once, and put back as it was when that fails (spec 000 §8).
 */
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Paper } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { ATTACHMENT_MESSAGES, type AttachmentView } from '@tandem/shared/attachments/rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { mutate } from 'swr';
import { notifyError } from '../../../lib/notify.ts';
import { type AttachmentOwner, type attachmentsKey, orderAttachments } from '../api/attachments.ts';
import { reorder } from '../utils/files.ts';
import '../../../i18n/with-later-texts.ts';

export function SortableAttachments({
  swrKey,
  list,
  onSaved,
  owner,
  children,
}: {
  swrKey: ReturnType<typeof attachmentsKey>;
  /** Whose attachments (a task's by default, or a curriculum's): which route saves the order. */
  owner?: AttachmentOwner;
  list: AttachmentView[];
  /** After the new order is saved (the video tab says so, spec 000 §8). */
  onSaved?: () => void;
  children: ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const onDragEnd = async ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = reorder(
      list,
      list.findIndex((x) => x.id === active.id),
      list.findIndex((x) => x.id === over.id),
    );
    // The new order shows at once and is held as one mutation over the save (as Today's move is,
    // D62): a read of the list that starts meanwhile (a live event, a refocus) is dropped rather than
    // putting the rows back where they were; a refusal puts them back.
    const saving = orderAttachments(
      next.map((x) => ({ id: x.id, order: x.order })),
      owner,
    );
    try {
      await mutate(
        swrKey,
        async () => {
          await saving;
          return next;
        },
        { optimisticData: next, revalidate: false, rollbackOnError: true },
      );
      onSaved?.();
    } catch {
      notifyError(ATTACHMENT_MESSAGES.orderFailed, ATTACHMENT_MESSAGES.orderFailed);
    }
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={(e) => void onDragEnd(e)}>
      <SortableContext items={list.map((a) => a.id)} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** One row of such a list; `children` gets the drag handle to place (none without the right to edit). */
export function SortableAttachmentRow({
  id,
  name,
  canEdit,
  testId,
  children,
}: {
  id: string;
  /** What the handle's label names. */
  name: string;
  canEdit: boolean;
  testId: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { t } = useTranslation('tasks');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id, disabled: !canEdit });
  const handle = canEdit && (
    <ActionIcon
      ref={setActivatorNodeRef}
      variant="subtle"
      color="gray"
      {...attributes}
      {...listeners}
      aria-label={t('attachments.move', { name })}
      style={{ cursor: 'grab', touchAction: 'none' }}
    >
      <IconGripVertical size={16} />
    </ActionIcon>
  );
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.5 : 1 }}
      data-testid={testId}
    >
      {children(handle)}
    </Paper>
  );
}
