/**
 * A curriculum's lessons in order (spec 002 §2 "Curriculum screen"): the author drags them to
 * reorder (dnd-kit, keyboard too, as Today); each lesson shows its status (the track's person changes
 * it), a link to its task, and its files and video links (the task's attachments).
 */
import '../i18n.ts';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Anchor,
  Collapse,
  Group,
  Paper,
  Select,
  Stack,
  Tabs,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { LESSON_STATUSES, type LessonStatus, taskStatusOf } from '@tandem/shared/curricula/rules';
import type { LessonView } from '@tandem/shared/curricula/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AttachmentsTab } from '../../attachments/components/attachments-tab.tsx';
import { VideoLinksTab } from '../../attachments/components/video-links-tab.tsx';

interface RowProps {
  lesson: LessonView;
  canMove: boolean;
  canChangeStatus: boolean;
  canRemove: boolean;
  onStatus: (lesson: LessonView, status: LessonStatus) => void;
  onRemove: (lesson: LessonView) => void;
}

function LessonRow({ lesson, canMove, canChangeStatus, canRemove, onStatus, onRemove }: RowProps) {
  const { t } = useTranslation('curricula');
  const [open, setOpen] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: lesson.id, disabled: !canMove });
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      data-testid={`lesson-${lesson.order}`}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <Group gap="xs" wrap="wrap" align="center">
        {canMove && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            aria-label={t('drag', { title: lesson.task.title })}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('materials')}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </ActionIcon>
        <Text size="sm" c="dimmed" w={24} ta="right">
          {lesson.order + 1}.
        </Text>
        <Anchor
          component={Link}
          to={`/task/${lesson.task.id}`}
          size="sm"
          style={{ flex: '1 1 7rem', minWidth: 0, overflowWrap: 'break-word' }}
          td={lesson.status === 'completed' ? 'line-through' : undefined}
        >
          {lesson.task.title}
        </Anchor>
        <Group gap="xs" wrap="nowrap" ml="auto">
          <Select
            size="xs"
            w={140}
            aria-label={t('status', { title: lesson.task.title })}
            data={LESSON_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
            value={lesson.status}
            disabled={!canChangeStatus}
            allowDeselect={false}
            onChange={(v) => v && v !== lesson.status && onStatus(lesson, v as LessonStatus)}
          />
          {canRemove && (
            <Tooltip label={t('removeLesson', { title: lesson.task.title })}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('removeLesson', { title: lesson.task.title })}
                onClick={() => onRemove(lesson)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Collapse expanded={open}>
        {open && (
          <Tabs defaultValue="files" mt="xs">
            <Tabs.List>
              <Tabs.Tab value="files">{t('files')}</Tabs.Tab>
              <Tabs.Tab value="videos">{t('videos')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="files" pt="xs">
              <AttachmentsTab taskId={lesson.task.id} canEdit={canChangeStatus} />
            </Tabs.Panel>
            <Tabs.Panel value="videos" pt="xs">
              <VideoLinksTab taskId={lesson.task.id} canEdit={canChangeStatus} />
            </Tabs.Panel>
          </Tabs>
        )}
      </Collapse>
    </Paper>
  );
}

export function LessonList({
  lessons,
  canMove,
  canChangeStatus,
  onMove,
  onStatus,
  onRemove,
}: {
  lessons: LessonView[];
  canMove: boolean;
  canChangeStatus: boolean;
  onMove: (id: string, to: number) => void;
  onStatus: (lesson: LessonView, taskStatus: number) => void;
  onRemove: (lesson: LessonView) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = (e: DragEndEvent) => {
    if (!e.over || e.active.id === e.over.id) return;
    const to = lessons.findIndex((l) => l.id === e.over!.id);
    if (to >= 0) onMove(String(e.active.id), to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={lessons.map((l) => l.id)} strategy={verticalListSortingStrategy}>
        <Stack gap="xs" data-testid="lesson-list">
          {lessons.map((l) => (
            <LessonRow
              key={l.id}
              lesson={l}
              canMove={canMove}
              canChangeStatus={canChangeStatus}
              canRemove={canMove}
              onStatus={(lesson, s) => onStatus(lesson, taskStatusOf(s))}
              onRemove={onRemove}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}
