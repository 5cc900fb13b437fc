import {
  Badge,
  Box,
  Checkbox,
  Group,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconFlame, IconSubtask } from '@tabler/icons-react';
import type { GroupView } from '@tandem/shared/groups/views';
import { PRIORITY_GROUPS, TASK_FLAG, TASK_LEVELS, TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useTranslation } from 'react-i18next';
import { GroupMark } from '../../groups/components/group-mark.tsx';
import type { RowActions } from '../hooks/use-row-actions.ts';
import { DueDateBadge } from './due-date-badge.tsx';
import { AssigneeAvatars, RowActionsMenu, RowDueMenu } from './row-controls.tsx';
import { StatusBadge } from './status-badge.tsx';
import '../../../i18n/with-later-texts.ts';

/**
 * The task list (spec 000 §2 Task list item): per row the status as a checkbox (mark Done, or undo),
 * the title that opens the task, the group's mark, the due-date badge, the priority group and the
 * level. The checkbox is read-only without the status permission.
 */
export function TaskList({
  tasks,
  groups,
  onOpen,
  onToggleDone,
  busyIds,
  actions,
  now = new Date(),
}: {
  tasks: readonly TaskView[];
  groups: readonly GroupView[];
  onOpen: (task: TaskView) => void;
  onToggleDone: (task: TaskView, done: boolean) => void;
  busyIds: ReadonlySet<string>;
  /** The rows' menus (due date, status, priority, delete). */
  actions?: RowActions;
  now?: Date;
}) {
  return (
    <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {tasks.map((task) => (
        <TaskRow
          key={task.id}
          task={task}
          group={groups.find((g) => g.id === task.group.id)}
          onOpen={onOpen}
          onToggleDone={onToggleDone}
          busy={busyIds.has(task.id)}
          actions={actions}
          now={now}
        />
      ))}
    </Stack>
  );
}

function TaskRow({
  task,
  group,
  onOpen,
  onToggleDone,
  busy,
  actions,
  now,
}: {
  task: TaskView;
  group: GroupView | undefined;
  onOpen: (task: TaskView) => void;
  onToggleDone: (task: TaskView, done: boolean) => void;
  busy: boolean;
  actions: RowActions | undefined;
  now: Date;
}) {
  const { t } = useTranslation('tasks');
  const done = task.status.id === TASK_STATUS.done;
  const pg = PRIORITY_GROUPS.find((g) => g.id === task.priorityGroup.id);
  const level = TASK_LEVELS.find((l) => l.id === task.level.id);
  const canStatus = task.permissions.includes('task.status');
  return (
    <Box
      component="li"
      py={10}
      px="xs"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      data-task-id={task.id}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Checkbox
          mt={2}
          checked={done}
          disabled={!canStatus || busy}
          onChange={(e) => onToggleDone(task, e.currentTarget.checked)}
          aria-label={
            done ? t('list.markUndone', { title: task.title }) : t('list.markDone', { title: task.title })
          }
          color="green"
          radius="xl"
        />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" wrap="nowrap">
            {task.taskDetails.flag === TASK_FLAG.urgent && !done && (
              <Tooltip label={t('list.urgent')} withArrow>
                <IconFlame size={16} color="var(--mantine-color-red-filled)" aria-label={t('list.urgent')} />
              </Tooltip>
            )}
            <UnstyledButton onClick={() => onOpen(task)} style={{ minWidth: 0 }}>
              <Text
                fw={500}
                size="sm"
                truncate
                c={done ? 'dimmed' : undefined}
                td={done ? 'line-through' : undefined}
              >
                {task.title}
              </Text>
            </UnstyledButton>
            {task.mode === 'draft' && (
              <Badge size="xs" variant="outline" color="gray">
                {t('modes.draft')}
              </Badge>
            )}
            {task.childCount > 0 && (
              // A plain group may not carry a name (aria-label): the count is said as text instead.
              <Group gap={2} c="dimmed" wrap="nowrap">
                <IconSubtask size={14} aria-hidden />
                <Text size="xs" aria-hidden>
                  {task.childCount}
                </Text>
                <VisuallyHidden>{t('list.subtasks', { count: task.childCount })}</VisuallyHidden>
              </Group>
            )}
            <Group gap={6} wrap="nowrap" ml="auto" style={{ flexShrink: 0 }}>
              <AssigneeAvatars task={task} />
              {actions && <RowActionsMenu task={task} actions={actions} />}
            </Group>
          </Group>
          <Group gap={6} wrap="wrap">
            <Group gap={4} wrap="nowrap">
              <GroupMark color={group?.metadata.color} icon={group?.metadata.icon} size={18} />
              <Text size="xs" c="dimmed" truncate maw={160}>
                {task.group.title}
              </Text>
            </Group>
            {actions ? (
              <RowDueMenu task={task} now={now} actions={actions} />
            ) : (
              !done && <DueDateBadge dueAt={task.dueAt} />
            )}
            {task.status.id !== TASK_STATUS.notStarted && <StatusBadge status={task.status} size="xs" />}
            {pg && (
              <Badge size="xs" variant="default">
                <VisuallyHidden>{t('list.priorityGroupLabel', { title: pg.listTitle })}</VisuallyHidden>
                <span aria-hidden>
                  {t(`priorityGroups.${pg.id}` as 'priorityGroups.0', { defaultValue: pg.listTitle })}
                </span>
              </Badge>
            )}
            {level && (
              <Badge size="xs" variant="default">
                <VisuallyHidden>{t('list.levelLabel', { title: level.title })}</VisuallyHidden>
                <span aria-hidden>
                  {t(`levels.${level.id}` as 'levels.1', { defaultValue: level.title })}
                </span>
              </Badge>
            )}
          </Group>
        </Stack>
      </Group>
    </Box>
  );
}
