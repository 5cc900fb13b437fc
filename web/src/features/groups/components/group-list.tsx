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
import { ActionIcon, Badge, Box, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconGripVertical, IconPencil, IconStar, IconStarFilled } from '@tabler/icons-react';
import type { GroupView } from '@tandem/shared/groups/views';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isArchived } from '../utils/group-state.ts';
import { pendingBadgeCount } from '../utils/members.ts';
import { roleKey } from '../utils/roles.ts';
import { GroupMark } from './group-mark.tsx';
import '../../../i18n/with-later-texts.ts';

interface RowActions {
  defaultId: string | null;
  onToggleDefault: (g: GroupView) => void;
  onEdit: (g: GroupView) => void;
}

/**
 * The caller's groups in their order (spec 000 §3 userOrder). Rows are dragged by their handle, with
 * the pointer or the keyboard (focus the handle, Space to lift, arrows to move, Space to drop).
 */
export function SortableGroupList({
  groups,
  onMove,
  ...actions
}: RowActions & { groups: readonly GroupView[]; onMove: (groupId: string, overId: string) => void }) {
  const { t } = useTranslation('groups');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: string | number) => groups.find((g) => g.id === id)?.title ?? '';
  const positionOf = (id: string | number) => groups.findIndex((g) => g.id === id) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) onMove(String(active.id), String(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t('order.instructions') },
        announcements: {
          onDragStart: ({ active }) => t('order.picked', { title: titleOf(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t('order.over', { title: titleOf(active.id), position: positionOf(over.id) }) : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('order.dropped', { title: titleOf(active.id), position: positionOf(over.id) })
              : undefined,
          onDragCancel: ({ active }) => t('order.cancelled', { title: titleOf(active.id) }),
        },
      }}
    >
      <SortableContext items={groups.map((g) => g.id)} strategy={verticalListSortingStrategy}>
        <GroupListFrame label={t('list.active')}>
          {groups.map((g) => (
            <SortableRow key={g.id} group={g} {...actions} />
          ))}
        </GroupListFrame>
      </SortableContext>
    </DndContext>
  );
}

/** Archived groups: not ordered here, and never a default. */
export function PlainGroupList({ groups, ...actions }: RowActions & { groups: readonly GroupView[] }) {
  const { t } = useTranslation('groups');
  return (
    <GroupListFrame label={t('list.archived')}>
      {groups.map((g) => (
        <GroupRow key={g.id} group={g} {...actions} />
      ))}
    </GroupListFrame>
  );
}

function GroupListFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack component="ul" aria-label={label} gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {children}
    </Stack>
  );
}

function SortableRow({ group, ...actions }: RowActions & { group: GroupView }) {
  const { t } = useTranslation('groups');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: group.id });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
    boxShadow: isDragging ? 'var(--mantine-shadow-md)' : undefined,
  };
  return (
    <GroupRow
      group={group}
      {...actions}
      rowRef={setNodeRef}
      style={style}
      handle={
        <ActionIcon
          ref={setActivatorNodeRef}
          variant="subtle"
          color="gray"
          size="md"
          {...attributes}
          {...listeners}
          aria-label={t('order.handle', { title: group.title })}
          style={{ cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none' }}
        >
          <IconGripVertical size={16} />
        </ActionIcon>
      }
    />
  );
}

function GroupRow({
  group,
  defaultId,
  onToggleDefault,
  onEdit,
  handle,
  rowRef,
  style,
}: RowActions & {
  group: GroupView;
  handle?: ReactNode;
  rowRef?: (el: HTMLElement | null) => void;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('groups');
  const archived = isArchived(group);
  const pending = pendingBadgeCount(group.groupMembers);
  const isDefault = group.id === defaultId;

  return (
    <Box
      component="li"
      ref={rowRef}
      aria-label={group.title}
      py="xs"
      px="sm"
      style={{
        ...style,
        borderBottom: '1px solid var(--mantine-color-default-border)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Group gap="sm" wrap="nowrap" align="center">
        {handle ?? <Box w={28} />}
        <GroupMark color={group.metadata.color} icon={group.metadata.icon} size={28} />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="sm" truncate>
            {group.title}
          </Text>
          <Group gap={6} mt={2} wrap="wrap">
            <Badge size="xs" variant="light" color="gray">
              {t(roleKey(group.role))}
            </Badge>
            {archived && (
              <Badge size="xs" variant="light" color="yellow">
                {group.status === 2 ? t('list.archivedBadge') : t('list.archivedForMeBadge')}
              </Badge>
            )}
            {pending > 0 && (
              <Badge size="xs" variant="light" color="blue">
                {t('list.pendingBadge', { count: pending })}
              </Badge>
            )}
            {group.isPrivate && (
              <Badge size="xs" variant="outline" color="gray">
                {t('list.privateBadge')}
              </Badge>
            )}
          </Group>
        </Box>
        {!archived && (
          <Tooltip label={isDefault ? t('list.isDefault') : t('list.makeDefault')} withinPortal>
            <ActionIcon
              variant="subtle"
              color={isDefault ? 'yellow' : 'gray'}
              aria-pressed={isDefault}
              aria-label={t('list.defaultOf', { title: group.title })}
              onClick={() => onToggleDefault(group)}
            >
              {isDefault ? <IconStarFilled size={18} /> : <IconStar size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconPencil size={14} />}
          onClick={() => onEdit(group)}
        >
          {t('list.edit')}
        </Button>
      </Group>
    </Box>
  );
}
