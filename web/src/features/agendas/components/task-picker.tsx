/** Choosing the scheduled task a new agenda belongs to (the designer opened without `?task=`). */
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { getTask as getTaskRoute } from '@tandem/shared/api/route-defs';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { searchTasks } from '../api/agendas.ts';

/** The task's title, once read (null while reading or when there is no id). */
export function useTaskTitle(taskId: string | null): string | null {
  const r = useSWR(taskId ? ['agendas', 'task-title', taskId] : null, () =>
    api<TaskView>(getTaskRoute, { params: { id: taskId! } }),
  );
  return r.data?.title ?? null;
}

export function TaskPicker({
  value,
  onChange,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
}) {
  const { t } = useTranslation('agendas');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const found = useSWR(q ? ['agendas', 'task-search', q] : null, () => searchTasks(q));
  const options = (found.data ?? [])
    .filter((task) => task.scheduledTask)
    .map((task) => ({ value: task.id, label: task.title }));
  return (
    <Select
      label={t('designer.task')}
      description={t('designer.taskHint')}
      placeholder={t('designer.taskSearch')}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      data={options}
      value={value}
      onChange={onChange}
      filter={({ options: o }) => o}
      nothingFoundMessage={q ? t('designer.noScheduled') : undefined}
    />
  );
}
