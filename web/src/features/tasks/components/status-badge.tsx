import { Badge, type BadgeProps } from '@mantine/core';
import { TASK_STATUSES, type TaskStatusId } from '@tandem/shared/tasks/constants';
import { useTranslation } from 'react-i18next';

/** Colours per task status (spec 000 §4): not started grey, active blue, paused yellow, done green. */
export const STATUS_COLOURS: Record<TaskStatusId, string> = { 1: 'gray', 2: 'blue', 3: 'yellow', 4: 'green' };

export function StatusBadge({
  status,
  size = 'sm',
  ...rest
}: { status: number | { id: number; title: string } } & Omit<BadgeProps, 'color' | 'children'>) {
  const { t } = useTranslation('tasks');
  const id = typeof status === 'number' ? status : status.id;
  const fallback =
    typeof status === 'number' ? (TASK_STATUSES.find((s) => s.id === id)?.title ?? String(id)) : status.title;
  return (
    <Badge size={size} variant="light" color={STATUS_COLOURS[id as TaskStatusId] ?? 'gray'} {...rest}>
      {t(`statuses.${id}` as `statuses.${TaskStatusId}`, { defaultValue: fallback })}
    </Badge>
  );
}
