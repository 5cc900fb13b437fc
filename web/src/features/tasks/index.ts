/** What other features use of tasks: the task modal, its hook, the badges and the confetti. */
export { ConfettiHost, playConfetti } from './components/confetti.tsx';
export { DueDateBadge } from './components/due-date-badge.tsx';
export { StatusBadge } from './components/status-badge.tsx';
export { TaskFormModal, type TaskFormModalProps } from './components/task-form-modal.tsx';
export { useTaskModal } from './hooks/use-task-modal.tsx';
export { taskPath } from './paths.ts';
export { dueColour, dueTone } from './utils/due-colour.ts';
export type { TaskFormDefaults } from './utils/task-form.ts';
