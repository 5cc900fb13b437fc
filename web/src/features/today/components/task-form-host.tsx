/**
 * The task form as Today uses it: open a task from its title, or a new task in a priority group
 * from the add button; and the confetti when a task is ticked Done.
 *
 * The form (fields, sub-tasks, members, date rules) is loaded on first open, not with the page:
 * the modal module is imported on its own so the Today route carries only the badges and the
 * confetti from the tasks feature.
 */
import type { TaskView } from '@tandem/shared/tasks/views';
import { lazy, Suspense, useCallback, useState } from 'react';
import { ConfettiHost, playConfetti } from '../../tasks/components/confetti.tsx';

const TaskFormModal = lazy(() =>
  import('../../tasks/components/task-form-modal.tsx').then((m) => ({ default: m.TaskFormModal })),
);

interface FormState {
  opened: boolean;
  taskId?: string;
  priorityGroup?: number;
}

export function useTaskForm() {
  const [state, setState] = useState<FormState>({ opened: false });
  // The same functions from render to render: the page's lists (memoised) are not drawn again
  // when the page is.
  const openTask = useCallback((task: TaskView) => setState({ opened: true, taskId: task.id }), []);
  const createIn = useCallback((priorityGroup: number) => setState({ opened: true, priorityGroup }), []);
  // Kept mounted after closing so a confetti started from the form keeps playing.
  const close = useCallback(() => setState((s) => ({ ...s, opened: false })), []);
  return { state, openTask, createIn, close, celebrate: playConfetti };
}

export type TaskForm = ReturnType<typeof useTaskForm>;

export function TaskFormHost({ form }: { form: TaskForm }) {
  const { state } = form;
  const [loaded, setLoaded] = useState(false);
  if (state.opened && !loaded) setLoaded(true);
  return (
    <>
      {loaded && (
        <Suspense fallback={null}>
          <TaskFormModal
            opened={state.opened}
            onClose={form.close}
            taskId={state.taskId}
            defaults={state.taskId ? undefined : { priorityGroup: state.priorityGroup ?? 0 }}
          />
        </Suspense>
      )}
      <ConfettiHost />
    </>
  );
}
