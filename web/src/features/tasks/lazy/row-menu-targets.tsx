/**
 * The buttons that open a task row's menus (spec 000 §2 "Task list item"), drawn the same before the
 * menus' code has loaded (lazy/row-menus.tsx) and inside Mantine's Menu.Target after. Also the rules
 * that say whether a row has each menu, so the stand-in and the menu agree.
 */
import { ActionIcon, UnstyledButton } from '@mantine/core';
import { IconCalendarPlus, IconDots } from '@tabler/icons-react';
import type { Permission } from '@tandem/shared/groups/roles';
import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import type { ComponentPropsWithRef, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MENU_PRIORITY_GROUPS } from '../api/row-actions.ts';

export const may = (task: TaskView, p: Permission) => task.permissions.includes(p);

/** The due date can be changed from the row: permitted, and the task is not done. */
export const dueEditable = (task: TaskView) => may(task, 'task.dueAt') && task.status.id !== TASK_STATUS.done;

/** What the row's menu may offer; no menu when it is nothing. */
export function rowMenuParts(task: TaskView) {
  const canStatus = may(task, 'task.status');
  const canFlag = may(task, 'task.flag');
  const canGroup =
    may(task, 'task.priorityGroup') && MENU_PRIORITY_GROUPS.some((g) => g === task.priorityGroup.id);
  const canDelete = may(task, 'task.deleteTask');
  return { canStatus, canFlag, canGroup, canDelete, any: canStatus || canFlag || canGroup || canDelete };
}

type ButtonProps = Omit<ComponentPropsWithRef<'button'>, 'children' | 'color' | 'style'>;

/** The due badge as a button, or a calendar icon when there is no due date. */
export function DueMenuTarget({
  task,
  badge,
  dueLabel,
  ...rest
}: { task: TaskView; badge: ReactNode; dueLabel: string | null } & ButtonProps) {
  const { t } = useTranslation('tasks');
  return badge ? (
    // The name holds the words the badge shows (WCAG 2.5.3, label in name).
    <UnstyledButton aria-label={t('rowActions.dueMenu', { title: task.title, due: dueLabel })} {...rest}>
      {badge}
    </UnstyledButton>
  ) : (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={t('rowActions.setDue', { title: task.title })}
      {...rest}
    >
      <IconCalendarPlus size={16} />
    </ActionIcon>
  );
}

/** The "…" button of the row's menu. */
export function ActionsMenuTarget({ task, ...rest }: { task: TaskView } & ButtonProps) {
  const { t } = useTranslation('tasks');
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={t('rowActions.menu', { title: task.title })}
      {...rest}
    >
      <IconDots size={16} />
    </ActionIcon>
  );
}
