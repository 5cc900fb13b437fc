/**
 * A plan node (spec 002 §2): the task card — title, due date, routine marker, scheduling, urgent flag,
 * add sub-task, assignees, group, collapse/expand — 300 × 240, its border in its level's colour.
 * Every action is a button, so the card is reachable by keyboard.
 */
import '../i18n.ts';
import { ActionIcon, Badge, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconChevronDown,
  IconChevronRight,
  IconClock,
  IconFlag,
  IconPencil,
  IconPlus,
  IconRepeat,
  IconTrash,
} from '@tabler/icons-react';
import { PLAN_NODE, type PlanNode, type PlanSchedule } from '@tandem/shared/planning/plan';
import type { TaskView } from '@tandem/shared/tasks/views';
import { Handle, type NodeProps, Position } from '@xyflow/react';
import { createContext, memo, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { AssigneeAvatars } from '../../tasks/components/assignee-avatars.tsx';
import { DueDateBadge } from '../../tasks/components/due-date-badge.tsx';
import { levelColour } from '../utils/layout.ts';

/** When a schedule starts, in its own zone: the day alone when it is all day. */
export function scheduleWhen(s: PlanSchedule): string {
  const at = new Date(s.startDate);
  try {
    return new Intl.DateTimeFormat(undefined, {
      timeZone: s.timezone,
      dateStyle: 'medium',
      ...(s.allDay ? {} : { timeStyle: 'short' }),
    }).format(at);
  } catch {
    return at.toLocaleString();
  }
}

export interface CardActions {
  addChild: (id: string) => void;
  edit: (id: string) => void;
  remove: (id: string) => void;
  toggle: (id: string) => void;
}
export const CardActionsContext = createContext<CardActions | null>(null);

export interface CardData extends Record<string, unknown> {
  node: PlanNode;
  view: TaskView | null;
  isRoot: boolean;
  childCount: number;
  collapsed: boolean;
  horizontal: boolean;
  invalid: boolean;
  selected: boolean;
}

export const PlanCard = memo(function PlanCard({ data }: NodeProps & { data: CardData }) {
  const { t } = useTranslation('planning');
  const actions = useContext(CardActionsContext)!;
  const { node, view, isRoot, childCount, collapsed, horizontal, invalid } = data;
  const title = node.title.trim() || t('planning.card.untitled');
  const colour = levelColour(node.level);
  const mayHaveChildren = node.level < 8;
  return (
    <Paper
      withBorder
      shadow={data.selected ? 'md' : 'xs'}
      radius="md"
      p="sm"
      w={PLAN_NODE.width}
      h={PLAN_NODE.height}
      data-plan-node={node.id}
      data-level={node.level}
      style={{
        borderLeft: `6px solid var(--mantine-color-${colour}-6)`,
        outline: invalid
          ? '2px solid var(--mantine-color-red-6)'
          : data.selected
            ? '2px solid var(--mantine-primary-color-filled)'
            : undefined,
        display: 'flex',
        flexDirection: 'column',
      }}
    >
      <Handle type="target" position={horizontal ? Position.Left : Position.Top} isConnectable={false} />
      <Stack gap={6} style={{ flex: 1, minHeight: 0 }}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Badge size="xs" variant="light" color={colour}>
            {t('planning.card.level', { level: node.level })}
          </Badge>
          <Group gap={4} wrap="nowrap">
            {node.mode !== 'active' && (
              <Badge size="xs" variant="outline" color="gray">
                {t(`planning.card.${node.mode}`)}
              </Badge>
            )}
            {node.flag === 1 && (
              <Badge size="xs" color="red" leftSection={<IconFlag size={10} aria-hidden />}>
                {t('planning.card.urgent')}
              </Badge>
            )}
          </Group>
        </Group>
        <Text fw={600} lineClamp={2} c={node.title.trim() ? undefined : 'red'} data-testid="plan-card-title">
          {title}
        </Text>
        {node.assigningRole ? (
          <Text size="xs" c="dimmed" truncate data-testid="plan-card-role">
            {t('planning.card.role', { role: node.assigningRole })}
          </Text>
        ) : null}
        <Group gap={6}>
          {node.dueAt ? (
            <DueDateBadge dueAt={node.dueAt} size="xs" />
          ) : (
            <Text size="xs" c="dimmed">
              {t('planning.card.noDue')}
            </Text>
          )}
          {node.scheduledTask?.recurRule && (
            <Tooltip label={t('planning.card.routineAt', { when: scheduleWhen(node.scheduledTask) })}>
              <Badge
                size="xs"
                variant="light"
                color="grape"
                leftSection={<IconRepeat size={10} aria-hidden />}
                data-testid="plan-card-schedule"
              >
                {t('planning.card.routine')}
              </Badge>
            </Tooltip>
          )}
          {node.scheduledTask && !node.scheduledTask.recurRule && (
            <Tooltip label={t('planning.card.scheduledAt', { when: scheduleWhen(node.scheduledTask) })}>
              <Badge
                size="xs"
                variant="light"
                color="cyan"
                leftSection={<IconClock size={10} aria-hidden />}
                data-testid="plan-card-schedule"
              >
                {scheduleWhen(node.scheduledTask)}
              </Badge>
            </Tooltip>
          )}
        </Group>
        {view && (
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Text size="xs" c="dimmed" truncate>
              {view.group.title}
            </Text>
            <AssigneeAvatars task={view} />
          </Group>
        )}
      </Stack>
      <Group gap={4} justify="space-between" className="nodrag">
        <Group gap={4}>
          {mayHaveChildren && (
            <Tooltip label={t('planning.card.addSubtask', { title })}>
              <ActionIcon
                variant="light"
                aria-label={t('planning.card.addSubtask', { title })}
                onClick={() => actions.addChild(node.id)}
              >
                <IconPlus size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t('planning.card.edit', { title })}>
            <ActionIcon
              variant="light"
              aria-label={t('planning.card.edit', { title })}
              onClick={() => actions.edit(node.id)}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {!isRoot && (
            <Tooltip label={t('planning.card.delete', { title })}>
              <ActionIcon
                variant="light"
                color="red"
                aria-label={t('planning.card.delete', { title })}
                onClick={() => actions.remove(node.id)}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {childCount > 0 && (
          <Tooltip label={t(collapsed ? 'planning.card.expand' : 'planning.card.collapse', { title })}>
            <ActionIcon
              variant="subtle"
              aria-expanded={!collapsed}
              aria-label={t(collapsed ? 'planning.card.expand' : 'planning.card.collapse', { title })}
              onClick={() => actions.toggle(node.id)}
            >
              {collapsed ? (
                <IconChevronRight size={16} aria-hidden />
              ) : (
                <IconChevronDown size={16} aria-hidden />
              )}
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      <Handle type="source" position={horizontal ? Position.Right : Position.Bottom} isConnectable={false} />
    </Paper>
  );
});

/** The level group node: a tinted band behind the nodes of one task level. */
export const LevelGroup = memo(function LevelGroup({
  data,
}: NodeProps & { data: { level: number; colour: string } }) {
  const { t } = useTranslation('planning');
  return (
    <div
      aria-hidden
      style={{
        width: '100%',
        height: '100%',
        borderRadius: 12,
        background: `color-mix(in srgb, var(--mantine-color-${data.colour}-5) 10%, transparent)`,
        border: `1px dashed var(--mantine-color-${data.colour}-4)`,
        pointerEvents: 'none',
      }}
    >
      <Text size="xs" fw={600} c={`${data.colour}.7`} px={8} pt={2}>
        {t('planning.levelGroup', { level: data.level })}
      </Text>
    </div>
  );
});
