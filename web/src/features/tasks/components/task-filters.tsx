import { Checkbox, Group, Select } from '@mantine/core';
import type { GroupView } from '@tandem/shared/groups/views';
import { PRIORITY_GROUPS, TASK_MODES, type TaskMode } from '@tandem/shared/tasks/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskListFilters } from '../utils/list-filters.ts';
import '../../../i18n/with-later-texts.ts';

/**
 * Filters of GET /task (spec 000 §7): group, mode, priority group, only tasks I created
 * (is_owner=1) and delegated to me (type=delegated_to_me). Labels say "Filter by …" so they never
 * read the same as the task form's fields when the form is open over the list.
 */
export function TaskFilters({
  filters: fromAddress,
  groups,
  onChange: change,
}: {
  filters: TaskListFilters;
  groups: readonly GroupView[];
  onChange: (patch: Partial<TaskListFilters>) => void;
}) {
  const { t } = useTranslation('tasks');
  // The router applies an address change as a transition; the inputs show the choice at once and
  // follow the address when it changes from elsewhere (Back, a link).
  const [filters, setFilters] = useState(fromAddress);
  const [seen, setSeen] = useState(fromAddress);
  if (!sameFilters(seen, fromAddress)) {
    setSeen(fromAddress);
    setFilters(fromAddress);
  }
  const onChange = (patch: Partial<TaskListFilters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    change(patch);
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label={t('list.filters.group')}
        placeholder={t('list.filters.allGroups')}
        data={groups.map((g) => ({ value: g.id, label: g.title }))}
        value={filters.group}
        onChange={(v) => onChange({ group: v })}
        clearable
        searchable={groups.length > 8}
        w={{ base: '100%', xs: 200 }}
        size="sm"
      />
      <Select<TaskMode>
        label={t('list.filters.mode')}
        placeholder={t('list.filters.allModes')}
        data={TASK_MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
        value={filters.mode}
        onChange={(v) => onChange({ mode: v })}
        clearable
        w={{ base: '100%', xs: 160 }}
        size="sm"
      />
      <Select<number>
        label={t('list.filters.priorityGroup')}
        placeholder={t('list.filters.allPriorityGroups')}
        data={PRIORITY_GROUPS.map((g) => ({
          value: g.id,
          label: t(`priorityGroups.${g.id}` as 'priorityGroups.0', { defaultValue: g.listTitle }),
        }))}
        value={filters.priorityGroup}
        onChange={(v) => onChange({ priorityGroup: v })}
        clearable
        w={{ base: '100%', xs: 190 }}
        size="sm"
      />
      <Group gap="md" pb={6}>
        <Checkbox
          label={t('list.filters.mine')}
          checked={filters.mine}
          onChange={(e) => onChange({ mine: e.currentTarget.checked })}
        />
        <Checkbox
          label={t('list.filters.delegated')}
          checked={filters.delegated}
          onChange={(e) => onChange({ delegated: e.currentTarget.checked })}
        />
      </Group>
    </Group>
  );
}

const sameFilters = (a: TaskListFilters, b: TaskListFilters) =>
  a.group === b.group &&
  a.mode === b.mode &&
  a.priorityGroup === b.priorityGroup &&
  a.mine === b.mine &&
  a.delegated === b.delegated;
