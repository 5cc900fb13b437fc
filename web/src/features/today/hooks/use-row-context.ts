/**
 * What every Today row needs: the user's zone and date order (due dates), group colours, the Done
 * tick with its confetti, Undo and failure message, and the row's menus.
 */
import { TASK_STATUS, type TaskStatusId } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { updateTask } from '../../tasks/api/tasks.ts';
import { type RowActions, useRowActions } from '../../tasks/hooks/use-row-actions.ts';
import { setTaskDone } from '../api/set-task-done.ts';
import type { RowContext } from '../components/task-row.tsx';
import { useNow } from './use-now.ts';

/** Done and not-done move the row in its panel at once; other statuses are plain saves. */
const applyStatus = (task: TaskView, status: TaskStatusId) =>
  status === TASK_STATUS.done
    ? setTaskDone(task, true)
    : task.status.id === TASK_STATUS.done && status === TASK_STATUS.notStarted
      ? setTaskDone(task, false)
      : updateTask(task.id, { status });

/**
 * The row context for every row of a list. Its functions keep their identity from render to render
 * and call the latest closures, so a row (memoised) is drawn again only when its task, the zone or the
 * minute changes — not each time another read of the page arrives.
 */
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
  const latest = useRef({ t, actions, onOpenTask, onDone });
  latest.current = { t, actions, onOpenTask, onDone };
  const stable = useMemo(() => {
    const act = <K extends keyof RowActions>(k: K) =>
      ((...args: Parameters<RowActions[K]>) =>
        (latest.current.actions[k] as (...a: Parameters<RowActions[K]>) => void)(...args)) as RowActions[K];
    return {
      onToggleDone: (task: TaskView, done: boolean) => {
        const { actions: current, t: tr } = latest.current;
        // Done offers Undo (and plays the confetti); un-ticking is its own undo.
        if (done) current.setStatus(task, TASK_STATUS.done);
        else
          setTaskDone(task, false).catch((err) =>
            notifyError(tr('row.doneFailed'), errorText(err, tr('errors.generic'))),
          );
      },
      actions: {
        setDue: act('setDue'),
        setStatus: act('setStatus'),
        setFlag: act('setFlag'),
        moveTo: act('moveTo'),
        remove: act('remove'),
        offerMoveUndo: act('offerMoveUndo'),
      } satisfies RowActions,
      onOpen: (task: TaskView) => latest.current.onOpenTask?.(task),
      celebrate: () => latest.current.onDone?.(),
    };
  }, []);
  // New when the groups arrive or change, so the rows take their colours.
  const groupColor = useMemo(() => (id: string) => colours.get(id), [colours]);
  const zone = config?.timezone || browserZone();
  const hasOpen = !!onOpenTask;
  const hasDone = !!onDone;
  return useMemo(
    () => ({
      zone,
      now,
      groupColor,
      onToggleDone: stable.onToggleDone,
      actions: stable.actions,
      ...(hasOpen ? { onOpen: stable.onOpen } : {}),
      ...(hasDone ? { celebrate: stable.celebrate } : {}),
    }),
    [zone, now, groupColor, stable, hasOpen, hasDone],
  );
}
