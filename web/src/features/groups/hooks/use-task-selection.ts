/**
 * The header's selection in force (shared/src/tasks/selection.ts): the saved groups the person can
 * still see and the saved levels. Every surface that shows tasks narrows by it. `ready` once the
 * settings and the groups are known (or the groups failed to load), so a list is not read twice.
 */
import { selectionFrom, type TaskSelection } from '@tandem/shared/tasks/selection';
import { useMemo } from 'react';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useGroups } from '../api/list-groups.ts';
import { visibleGroupIds } from '../utils/group-state.ts';

export interface SelectionState {
  selection: TaskSelection;
  /** The groups the person can see (not archived), in their order; null until loaded. */
  visibleGroupIds: string[] | null;
  ready: boolean;
}

export function useTaskSelection(): SelectionState {
  const { data: config, error: configError } = useUserConfig();
  const { data: groupList, error: groupsError } = useGroups();
  const visibleKey = groupList ? visibleGroupIds(groupList.results).join(',') : null;
  const groupsKey = config?.preferences.selectedGroups.join(',') ?? '';
  const levelsKey = config?.preferences.selectedLevels.join(',') ?? '';
  const ready =
    (config !== undefined || configError !== undefined) &&
    (groupList !== undefined || groupsError !== undefined);
  // Keyed by content, so a list's key (and its data) stays the same while nothing changed.
  return useMemo(() => {
    const visible = visibleKey === null ? null : visibleKey.split(',').filter(Boolean);
    const selection = selectionFrom(
      {
        selectedGroups: groupsKey.split(',').filter(Boolean),
        selectedLevels: levelsKey.split(',').filter(Boolean).map(Number),
      },
      visible,
    );
    return { selection, visibleGroupIds: visible, ready };
  }, [visibleKey, groupsKey, levelsKey, ready]);
}
