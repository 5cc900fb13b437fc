import { ActionIcon, Button, Group, Stack, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconPlus, IconSubtask, IconX } from '@tabler/icons-react';
import { TEXT_LIMITS } from '@tandem/shared/api/limits';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { newRow, type SubtaskRow } from '../utils/subtasks.ts';
import { StatusBadge } from './status-badge.tsx';
import '../../../i18n/with-later-texts.ts';

/**
 * Sub-tasks: the task's existing sub-tasks (each opens in the form) and new rows added inline. Enter
 * keeps a row and opens the next one; a row's tick keeps it; the cross removes it.
 */
export function SubtasksField({
  existing,
  rows,
  onRowsChange,
  canAdd,
  error,
  highlightUnfinished,
  onOpenTask,
}: {
  existing: readonly TaskView[];
  rows: readonly SubtaskRow[];
  onRowsChange: (rows: SubtaskRow[]) => void;
  canAdd: boolean;
  /** A server error about the sub-tasks. */
  error?: string;
  /** Saving was stopped by rows still being typed: they are outlined. */
  highlightUnfinished?: boolean;
  onOpenTask?: (id: string) => void;
}) {
  const { t } = useTranslation('tasks');
  const inputs = useRef(new Map<number, HTMLInputElement>());
  const focusLater = (key: number) => requestAnimationFrame(() => inputs.current.get(key)?.focus());

  const update = (key: number, patch: Partial<SubtaskRow>) =>
    onRowsChange(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    const row = newRow();
    onRowsChange([...rows, row]);
    focusLater(row.key);
  };
  const keep = (key: number, thenAdd: boolean) => {
    const next = rows.map((r) => (r.key === key && r.title.trim() ? { ...r, kept: true } : r));
    const isLast = rows[rows.length - 1]?.key === key;
    if (thenAdd && isLast && rows.find((r) => r.key === key)?.title.trim()) {
      const row = newRow();
      onRowsChange([...next, row]);
      focusLater(row.key);
    } else onRowsChange(next);
  };
  const remove = (key: number) => onRowsChange(rows.filter((r) => r.key !== key));

  if (existing.length === 0 && rows.length === 0 && !canAdd) return null;
  return (
    <Stack gap={6}>
      <Group gap={6}>
        <IconSubtask size={16} aria-hidden />
        <Text size="sm" fw={500}>
          {t('form.subtasks')}
        </Text>
      </Group>
      {existing.map((child) => (
        <Group key={child.id} gap="xs" wrap="nowrap" pl={4}>
          <StatusBadge status={child.status} />
          <UnstyledButton
            onClick={() => onOpenTask?.(child.id)}
            disabled={!onOpenTask}
            style={{ textDecoration: child.status.id === 4 ? 'line-through' : undefined }}
          >
            <Text size="sm" lineClamp={1}>
              {child.title}
            </Text>
          </UnstyledButton>
        </Group>
      ))}
      {rows.map((row, i) => {
        const n = i + 1;
        const unfinished = !row.kept && row.title.trim() !== '';
        return (
          <Group key={row.key} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              ref={(el) => {
                if (el) inputs.current.set(row.key, el);
                else inputs.current.delete(row.key);
              }}
              aria-label={t('form.subtaskN', { n })}
              placeholder={t('form.subtaskPlaceholder')}
              value={row.title}
              onChange={(e) => update(row.key, { title: e.currentTarget.value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  keep(row.key, true);
                } else if (e.key === 'Escape' && !row.title) {
                  e.stopPropagation();
                  remove(row.key);
                }
              }}
              error={highlightUnfinished && unfinished ? true : undefined}
              style={{ flex: 1 }}
              size="sm"
              maxLength={TEXT_LIMITS.taskTitle}
              rightSection={
                row.kept ? (
                  <IconCheck size={14} aria-hidden color="var(--mantine-color-green-filled)" />
                ) : null
              }
            />
            {!row.kept && (
              <Tooltip label={t('form.keepSubtask')} withArrow>
                <ActionIcon
                  variant="light"
                  size="lg"
                  onClick={() => keep(row.key, false)}
                  disabled={!row.title.trim()}
                  aria-label={t('form.keepSubtaskN', { n })}
                >
                  <IconCheck size={16} />
                </ActionIcon>
              </Tooltip>
            )}
            <Tooltip label={t('form.removeSubtask')} withArrow>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                onClick={() => remove(row.key)}
                aria-label={t('form.removeSubtaskN', { n })}
              >
                <IconX size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        );
      })}
      {error && (
        <Text size="xs" c="red" role="alert">
          {error}
        </Text>
      )}
      {canAdd && (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={add}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('form.addSubtask')}
        </Button>
      )}
    </Stack>
  );
}
