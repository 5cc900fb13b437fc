import type { TaskMode } from '@tandem/shared/tasks/constants';
import { useCallback, useState } from 'react';

/**
 * What a task editor (the modal or the docked panel) shows: the task asked for, or the one the form
 * moved to (the task just created with Save, the parent, a sub-task, a new form after Save and new).
 * `version` changes on every move, so the form starts over even on the same task. Reopening, or the
 * caller asking for another task, starts over on what the caller asks for.
 */
export function useEditorTarget(
  opened: boolean,
  taskId: string | undefined,
  onTaskChange?: (taskId: string | undefined) => void,
) {
  const [current, setCurrent] = useState<{ id: string | undefined; version: number }>({
    id: taskId,
    version: 0,
  });
  const [seen, setSeen] = useState({ opened, taskId });
  const [heading, setHeading] = useState<{ isEdit: boolean; mode: TaskMode }>({
    isEdit: Boolean(taskId),
    mode: 'active',
  });
  if (seen.opened !== opened || seen.taskId !== taskId) {
    setSeen({ opened, taskId });
    if (opened && (taskId !== current.id || !seen.opened)) {
      setCurrent((c) => ({ id: taskId, version: c.version + 1 }));
      setHeading({ isEdit: Boolean(taskId), mode: 'active' });
    }
  }
  const switchTo = useCallback(
    (id: string | undefined) => {
      setCurrent((c) => ({ id, version: c.version + 1 }));
      setHeading((h) => ({ isEdit: Boolean(id), mode: id ? h.mode : 'active' }));
      onTaskChange?.(id);
    },
    [onTaskChange],
  );
  return { current, heading, setHeading, switchTo };
}
