/**
 * What every Today row needs: the user's zone and date order (due dates), group colours, and the
 * Done tick with its confetti and its failure message.
 */
import type { TaskView } from '@tandem/shared/tasks/views';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { setTaskDone } from '../api/set-task-done.ts';
import type { RowContext } from '../components/task-row.tsx';
import { useNow } from './use-now.ts';

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function useRowContext(onOpenTask?: (task: TaskView) => void, onDone?: () => void): RowContext {
  const { t } = useTranslation('today');
  const { data: config } = useUserConfig();
  const { data: groupList } = useGroups();
  const now = useNow();
  const colours = useMemo(
    () => new Map((groupList?.results ?? []).map((g) => [g.id, g.metadata.color])),
    [groupList],
  );
  return {
    zone: config?.timezone || browserZone(),
    now,
    groupColor: (id) => colours.get(id),
    onToggleDone: (task, done) => {
      if (done) onDone?.();
      setTaskDone(task, done).catch((err) =>
        notifyError(t('row.doneFailed'), errorText(err, t('errors.generic'))),
      );
    },
    ...(onOpenTask ? { onOpen: onOpenTask } : {}),
    ...(onDone ? { celebrate: onDone } : {}),
  };
}
