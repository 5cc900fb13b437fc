/**
 * The actions behind a task row's menus, with their toasts: a failure says so; marking Done, moving
 * to another priority group and deleting offer Undo for 5 s (api/row-actions.ts says how).
 */
import {
  PRIORITY_GROUPS,
  type TASK_FLAG,
  TASK_STATUS,
  type TaskStatusId,
} from '@tandem/shared/tasks/constants';
import { UNDO_MS } from '@tandem/shared/tasks/rows';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError, notifyUndo } from '../../../lib/notify.ts';
import { holdDelete, moveToGroupTop, restoreTask } from '../api/row-actions.ts';
import { setTaskStatus, updateTask } from '../api/tasks.ts';

type TaskFlag = (typeof TASK_FLAG)[keyof typeof TASK_FLAG];

export interface RowActions {
  setDue: (task: TaskView, dueAt: string | null) => void;
  setStatus: (task: TaskView, status: TaskStatusId) => void;
  setFlag: (task: TaskView, flag: TaskFlag) => void;
  moveTo: (task: TaskView, group: number) => void;
  remove: (task: TaskView, withChildren: boolean) => void;
  /** Offers Undo for a move already made (a drag): `before` is the task as it was. */
  offerMoveUndo: (before: TaskView, toGroup: number) => void;
}

export function useRowActions({
  celebrate,
  applyStatus = (task, status) => setTaskStatus(task.id, status),
}: {
  /** Plays the confetti when something is marked Done. */
  celebrate?: () => void;
  /** How a status is saved (Today moves the row in its panel at once). */
  applyStatus?: (task: TaskView, status: TaskStatusId) => Promise<unknown>;
} = {}): RowActions {
  const { t } = useTranslation('tasks');
  const failed = (err: unknown) => notifyError(t('rowActions.failed'), errorText(err, t('errors.generic')));
  const undoFailed = (err: unknown) =>
    notifyError(t('rowActions.undoFailed'), errorText(err, t('errors.generic')));
  const groupTitle = (id: number) =>
    t(`priorityGroups.${id}` as 'priorityGroups.0', {
      defaultValue: PRIORITY_GROUPS.find((g) => g.id === id)?.listTitle ?? '',
    });

  const offerMoveUndo = (before: TaskView, toGroup: number) =>
    notifyUndo({
      message: t('rowActions.movedToast', { title: before.title, group: groupTitle(toGroup) }),
      undoLabel: t('rowActions.undo'),
      ms: UNDO_MS,
      onUndo: () => void restoreTask(before).catch(undoFailed),
    });

  return {
    setDue: (task, dueAt) => void updateTask(task.id, { dueAt }).catch(failed),
    setFlag: (task, flag) => void updateTask(task.id, { details: { flag } }).catch(failed),
    setStatus: (task, status) => {
      const becomesDone = status === TASK_STATUS.done && task.status.id !== TASK_STATUS.done;
      if (becomesDone) celebrate?.();
      applyStatus(task, status).then(() => {
        if (!becomesDone) return;
        notifyUndo({
          message: t('rowActions.doneToast', { title: task.title }),
          undoLabel: t('rowActions.undo'),
          ms: UNDO_MS,
          onUndo: () => void restoreTask(task, { status: task.status.id as TaskStatusId }).catch(undoFailed),
        });
      }, failed);
    },
    moveTo: (task, group) => {
      if (group === task.priorityGroup.id) return;
      moveToGroupTop(task, group).then(() => offerMoveUndo(task, group), failed);
    },
    remove: (task, withChildren) => {
      const held = holdDelete([task.id], withChildren);
      notifyUndo({
        message: t('rowActions.deletedToast', { title: task.title }),
        undoLabel: t('rowActions.undo'),
        ms: UNDO_MS,
        onUndo: held.cancel,
        onExpire: () => void held.send().catch(failed),
      });
    },
    offerMoveUndo,
  };
}
