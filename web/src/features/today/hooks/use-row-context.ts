/**
 * What every Today row needs: the user's zone and date order (due dates), group colours, the Done
 * tick with its confetti, Undo and failure message, and the row's menus.
 */
import { TASK_STATUS, type TaskStatusId } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { updateTask } from '../../tasks/api/tasks.ts';
import { useRowActions } from '../../tasks/hooks/use-row-actions.ts';
import { setTaskDone } from '../api/set-task-done.ts';
import type { RowContext } from '../components/task-row.tsx';
import { useNow } from './use-now.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Done and not-done move the row in its panel at once; other statuses are plain saves. */
const applyStatus = (task: TaskView, status: TaskStatusId) =>
  status === TASK_STATUS.done
    ? setTaskDone(task, true)
    : task.status.id === TASK_STATUS.done && status === TASK_STATUS.notStarted
      ? setTaskDone(task, false)
      : updateTask(task.id, { status });

export function useRowContext(onOpenTask?: (task: TaskView) => void, onDone?: () => void): RowContext {
  const { t } = useTranslation('today');
  const { data: config } = useUserConfig();
  const { data: groupList } = useGroups();
  const now = useNow();
  const actions = useRowActions({ ...(onDone ? { celebrate: onDone } : {}), applyStatus });
  const colours = useMemo(
    () => new Map((groupList?.results ?? []).map((g) => [g.id, g.metadata.color])),
    [groupList],
  );
  return {
    zone: config?.timezone || browserZone(),
    now,
    groupColor: (id) => colours.get(id),
    onToggleDone: (task, done) => {
      // Done offers Undo (and plays the confetti); un-ticking is its own undo.
      if (done) actions.setStatus(task, TASK_STATUS.done);
      else
        setTaskDone(task, false).catch((err) =>
          notifyError(t('row.doneFailed'), errorText(err, t('errors.generic'))),
        );
    },
    actions,
    ...(onOpenTask ? { onOpen: onOpenTask } : {}),
    ...(onDone ? { celebrate: onDone } : {}),
  };
}
