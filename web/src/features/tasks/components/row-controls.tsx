/**
 * The controls of a task row (spec 000 §2 "Task list item"), on Today and on /tasks: the due-date
 * menu (today, tomorrow, next week, pick a date), the assignees' avatars (spec 000 §9: 2, then +N),
 * and the row's menu with its status, priority, priority group and delete (after a confirmation).
 * Each control shows only with the permission it needs (spec 000 §6).
 */
import { Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import { IconCalendarEvent, IconFlag3, IconFlag3Filled, IconTrash, IconX } from '@tabler/icons-react';
import { PRIORITY_GROUPS, TASK_FLAG, TASK_STATUS, TASK_STATUSES } from '@tandem/shared/tasks/constants';
import type { QuickDue } from '@tandem/shared/tasks/quick-due';
import type { TaskView } from '@tandem/shared/tasks/views';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayZone, wallTime } from '../../../lib/time/zone.ts';
import { MENU_PRIORITY_GROUPS } from '../api/row-actions.ts';
import type { RowActions } from '../hooks/use-row-actions.ts';
import { ActionsMenuTarget, DueMenuTarget, dueEditable, rowMenuParts } from '../lazy/row-menu-targets.tsx';
import { DeleteTaskDialog } from './delete-task-dialog.tsx';
import { DueDateBadge, useDueLabel } from './due-date-badge.tsx';

// The tasks page imports the avatars from here as before.
export { AssigneeAvatars } from './assignee-avatars.tsx';

const QUICK: Array<{ option: QuickDue; key: 'dueToday' | 'dueTomorrow' | 'dueNextWeek' }> = [
  { option: 'today', key: 'dueToday' },
  { option: 'tomorrow', key: 'dueTomorrow' },
  { option: 'nextWeek', key: 'dueNextWeek' },
];

// Luxon does the calendar arithmetic; it loads when a date is chosen, off the Today route's start.
const quickDue = async (option: QuickDue) =>
  (await import('@tandem/shared/tasks/quick-due')).quickDueAt(option, new Date(), displayZone());
const pickedDue = async (day: string) =>
  (await import('@tandem/shared/tasks/quick-due')).pickedDueAt(day, displayZone());

const pad = (n: number) => String(n).padStart(2, '0');
/** The calendar day (YYYY-MM-DD) of an instant in the person's zone. */
const dayOf = (date: Date) => {
  const w = wallTime(date);
  return `${w.year}-${pad(w.month)}-${pad(w.day)}`;
};

/** The due date as a button that opens the quick options; a calendar icon when there is none. */
export function RowDueMenu({
  task,
  now,
  actions,
  defaultOpened = false,
  takeFocus = false,
}: {
  task: TaskView;
  now: Date;
  actions: RowActions;
  /** Open at once (its button was pressed before this code had loaded). */
  defaultOpened?: boolean;
  /** Focus its button at once (it takes the place of a focused stand-in: lazy/row-menus.tsx). */
  takeFocus?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const [picking, setPicking] = useState(false);
  const done = task.status.id === TASK_STATUS.done;
  const editable = dueEditable(task);
  const badge = task.dueAt && !done ? <DueDateBadge dueAt={task.dueAt} now={now} /> : null;
  const dueLabel = useDueLabel(task.dueAt, now);
  if (!editable) return badge;
  const choose = (option: QuickDue) => void quickDue(option).then((dueAt) => actions.setDue(task, dueAt));

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" defaultOpened={defaultOpened}>
        <Menu.Target>
          <DueMenuTarget task={task} badge={badge} dueLabel={dueLabel} autoFocus={takeFocus} />
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('rowActions.dueLabel')}</Menu.Label>
          {QUICK.map(({ option, key }) => (
            <Menu.Item key={option} onClick={() => choose(option)}>
              {t(`rowActions.${key}`)}
            </Menu.Item>
          ))}
          <Menu.Item leftSection={<IconCalendarEvent size={14} />} onClick={() => setPicking(true)}>
            {t('rowActions.duePick')}
          </Menu.Item>
          {task.dueAt && (
            <Menu.Item leftSection={<IconX size={14} />} onClick={() => actions.setDue(task, null)}>
              {t('rowActions.dueClear')}
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {picking && (
        <PickDueModal
          task={task}
          onClose={() => setPicking(false)}
          onPick={(dueAt) => {
            setPicking(false);
            actions.setDue(task, dueAt);
          }}
        />
      )}
    </>
  );
}

function PickDueModal({
  task,
  onClose,
  onPick,
}: {
  task: TaskView;
  onClose: () => void;
  onPick: (dueAt: string) => void;
}) {
  const { t } = useTranslation('tasks');
  const [day, setDay] = useState(() => dayOf(task.dueAt ? new Date(task.dueAt) : new Date()));
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const dueAt = await pickedDue(day);
    if (dueAt) onPick(dueAt);
    else setError(t('rowActions.pickInvalid'));
  };
  return (
    <Modal opened onClose={onClose} title={t('rowActions.pickTitle', { title: task.title })} centered>
      <form onSubmit={(e) => void submit(e)}>
        <Stack gap="md">
          <TextInput
            type="date"
            label={t('rowActions.pickLabel')}
            value={day}
            error={error}
            onChange={(e) => {
              setDay(e.currentTarget.value);
              setError(null);
            }}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit">{t('rowActions.pickSave')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The row's menu: status, priority (urgent or normal), priority group, and delete. */
export function RowActionsMenu({
  task,
  actions,
  defaultOpened = false,
  takeFocus = false,
}: {
  task: TaskView;
  actions: RowActions;
  /** Open at once (its button was pressed before this code had loaded). */
  defaultOpened?: boolean;
  /** Focus its button at once (it takes the place of a focused stand-in: lazy/row-menus.tsx). */
  takeFocus?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const [deleting, setDeleting] = useState(false);
  const { canStatus, canFlag, canGroup, canDelete, any } = rowMenuParts(task);
  if (!any) return null;
  const urgent = task.taskDetails.flag === TASK_FLAG.urgent;
  const groupTitle = (id: number) =>
    t(`priorityGroups.${id}` as 'priorityGroups.0', {
      defaultValue: PRIORITY_GROUPS.find((g) => g.id === id)?.listTitle ?? '',
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" closeOnItemClick defaultOpened={defaultOpened}>
        <Menu.Target>
          <ActionsMenuTarget task={task} autoFocus={takeFocus} />
        </Menu.Target>
        <Menu.Dropdown>
          {canStatus && (
            <>
              <Menu.Label>{t('rowActions.status')}</Menu.Label>
              <Menu.RadioGroup value={String(task.status.id)}>
                {TASK_STATUSES.map((s) => (
                  <Menu.RadioItem
                    key={s.id}
                    value={String(s.id)}
                    closeMenuOnClick
                    onChange={() => s.id !== task.status.id && actions.setStatus(task, s.id)}
                  >
                    {t(`statuses.${s.id}` as 'statuses.1', { defaultValue: s.title })}
                  </Menu.RadioItem>
                ))}
              </Menu.RadioGroup>
            </>
          )}
          {canFlag && (
            <>
              <Menu.Label>{t('rowActions.priority')}</Menu.Label>
              <Menu.RadioGroup value={urgent ? 'urgent' : 'normal'}>
                <Menu.RadioItem
                  value="urgent"
                  closeMenuOnClick
                  rightSection={<IconFlag3Filled size={14} color="var(--mantine-color-red-7)" aria-hidden />}
                  onChange={() => !urgent && actions.setFlag(task, TASK_FLAG.urgent)}
                >
                  {t('rowActions.urgent')}
                </Menu.RadioItem>
                <Menu.RadioItem
                  value="normal"
                  closeMenuOnClick
                  rightSection={<IconFlag3 size={14} aria-hidden />}
                  onChange={() => urgent && actions.setFlag(task, TASK_FLAG.normal)}
                >
                  {t('rowActions.normal')}
                </Menu.RadioItem>
              </Menu.RadioGroup>
            </>
          )}
          {canGroup && (
            <>
              <Menu.Label>{t('rowActions.moveTo')}</Menu.Label>
              <Menu.RadioGroup value={String(task.priorityGroup.id)}>
                {MENU_PRIORITY_GROUPS.map((g) => (
                  <Menu.RadioItem
                    key={g}
                    value={String(g)}
                    closeMenuOnClick
                    // Urgent or due today: pinned to its group (spec 001 §4), as a drag is.
                    disabled={task.pinnedToToday && g !== task.priorityGroup.id}
                    onChange={() => actions.moveTo(task, g)}
                  >
                    {groupTitle(g)}
                  </Menu.RadioItem>
                ))}
              </Menu.RadioGroup>
            </>
          )}
          {canDelete && (
            <>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setDeleting(true)}>
                {t('rowActions.delete')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {deleting && (
        <DeleteTaskDialog
          task={task}
          opened
          busy={false}
          onCancel={() => setDeleting(false)}
          onConfirm={(withChildren) => {
            setDeleting(false);
            actions.remove(task, withChildren);
          }}
        />
      )}
    </>
  );
}
