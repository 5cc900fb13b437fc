import { useCallback, useState } from 'react';
import { TaskFormModal } from '../components/task-form-modal.tsx';
import type { TaskFormDefaults } from '../utils/task-form.ts';

/**
 * One task modal for a screen: `openNew(defaults)` or `openTask(id)`, and render `modal` once.
 * The modal stays mounted while closed, so the confetti of a task just marked Done keeps playing.
 */
export function useTaskModal() {
  const [state, setState] = useState<{ opened: boolean; taskId?: string; defaults?: TaskFormDefaults }>({
    opened: false,
  });
  const openNew = useCallback((defaults?: TaskFormDefaults) => setState({ opened: true, defaults }), []);
  const openTask = useCallback((taskId: string) => setState({ opened: true, taskId }), []);
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  const modal = (
    <TaskFormModal opened={state.opened} onClose={close} taskId={state.taskId} defaults={state.defaults} />
  );
  return { opened: state.opened, openNew, openTask, close, modal };
}
