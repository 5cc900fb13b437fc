/**
 * A contact's or company's tasks tab: its tasks (GET /contact/task/{id}), 'New task' (a task made
 * with the defaults of spec 001 §9 in one of its groups, linked to it by POST /task/ itself) and linking existing tasks found by title
 * (GET /tasks/search/, POST /tasks/associate/). A task opens in the task form.
 */
import {
  Anchor,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconLink, IconPlus } from '@tabler/icons-react';
import { contactTaskDefaults } from '@tandem/shared/contacts/rules';
import { TASK_FLAG } from '@tandem/shared/tasks/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import useSWR from 'swr';
import { browserZone } from '../../../lib/time/zone.ts';
import { createTask } from '../../tasks/api/tasks.ts';
import { StatusBadge, useTaskModal } from '../../tasks/index.ts';
import { associateTasks, revalidateContacts, searchTasks, useLinkedTasks } from '../api/contacts.ts';
import { contactsErrorMessage } from '../utils/errors.ts';
import type { GroupChoice } from '../utils/form.ts';
import { dueInputValue, localInputToIso } from '../utils/task-defaults.ts';
import { LoadError } from './load-error.tsx';
import '../../../i18n/with-later-texts.ts';

export interface LinkedTasksProps {
  kind: 'contact' | 'company';
  id: string;
  name: string;
  /** The group a new task starts in (the contact's primary group). */
  groupId: string | null;
  /** The groups it is linked to: a task made from it must be in one of them. */
  groups: GroupChoice[];
  canAdd: boolean;
}

export function LinkedTasks({ kind, id, name, groupId, groups, canAdd }: LinkedTasksProps) {
  const { t, i18n } = useTranslation('contacts');
  const { data, error, isLoading, mutate } = useLinkedTasks(kind, id);
  const taskModal = useTaskModal();
  const [creating, setCreating] = useState(false);
  const dateFormat = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' });

  return (
    <Stack gap="sm">
      {canAdd && (
        <Stack gap="xs">
          <Group>
            <Button size="xs" leftSection={<IconPlus size={14} />} onClick={() => setCreating(true)}>
              {t('actions.newTask')}
            </Button>
          </Group>
          <LinkTasks kind={kind} id={id} onLinked={() => void mutate()} />
        </Stack>
      )}
      {error ? (
        <LoadError title={t('errors.searchTasks')} error={error} onRetry={() => void mutate()} />
      ) : isLoading ? (
        <Loader size="sm" aria-label={t('list.loading')} />
      ) : !data?.results.length ? (
        <Text c="dimmed" size="sm">
          {t('empty.tasks')}
        </Text>
      ) : (
        <Table verticalSpacing={6} data-testid="linked-tasks">
          <Table.Tbody>
            {data.results.map((task) => (
              <Table.Tr key={task.id} data-testid="linked-task">
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    size="sm"
                    ta="left"
                    onClick={() => taskModal.openTask(task.id)}
                  >
                    {task.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {task.dueAt
                      ? t('tasks.due', { date: dateFormat.format(new Date(task.dueAt)) })
                      : t('tasks.noDue')}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <StatusBadge status={task.status} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <NewTaskModal
        opened={creating}
        onClose={() => setCreating(false)}
        kind={kind}
        id={id}
        name={name}
        groupId={groupId}
        groups={groups}
        onCreated={() => void mutate()}
      />
      {taskModal.modal}
    </Stack>
  );
}

function LinkTasks({
  kind,
  id,
  onLinked,
}: {
  kind: 'contact' | 'company';
  id: string;
  onLinked: () => void;
}) {
  const { t } = useTranslation('contacts');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [q] = useDebouncedValue(search.trim(), 300);
  const found = useSWR(q ? ['contacts', 'task-search', q] : null, () => searchTasks(q), {
    keepPreviousData: true,
  });
  const [labels, setLabels] = useState<Record<string, string>>({});
  const options = [
    ...chosen.map((v) => ({ value: v, label: labels[v] ?? v })),
    ...(found.data?.results ?? [])
      .filter((x) => !chosen.includes(x.id))
      .map((x) => ({ value: x.id, label: x.title })),
  ];
  const [saving, setSaving] = useState(false);
  const link = async () => {
    setSaving(true);
    try {
      await associateTasks(kind, id, chosen);
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'green',
        message: t('tasks.linked'),
      });
      setChosen([]);
      onLinked();
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: t('errors.associateTasks'),
        message: contactsErrorMessage(err),
      });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <MultiSelect
        style={{ flex: 1 }}
        size="xs"
        aria-label={t('tasks.linkLabel')}
        placeholder={t('tasks.linkPlaceholder')}
        data={options}
        value={chosen}
        onChange={(v) => {
          const titles = Object.fromEntries((found.data?.results ?? []).map((x) => [x.id, x.title]));
          setLabels((l) => ({ ...titles, ...l }));
          setChosen(v);
        }}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: o }) => o}
        nothingFoundMessage={found.error ? t('errors.searchTasks') : q ? '—' : undefined}
      />
      <Button
        size="xs"
        variant="default"
        leftSection={<IconLink size={14} />}
        disabled={!chosen.length}
        loading={saving}
        onClick={link}
      >
        {t('actions.linkTasks')}
      </Button>
    </Group>
  );
}

interface NewTaskValues {
  title: string;
  due: string;
  urgent: boolean;
  group: string | null;
}

function NewTaskModal({
  opened,
  onClose,
  kind,
  id,
  name,
  groupId,
  groups,
  onCreated,
}: Omit<LinkedTasksProps, 'canAdd'> & { opened: boolean; onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation('contacts');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={<Text fw={600}>{t('task.title', { name })}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      {opened && (
        <NewTaskForm
          kind={kind}
          id={id}
          groupId={groupId}
          groups={groups}
          onClose={onClose}
          onCreated={onCreated}
        />
      )}
    </Modal>
  );
}

function NewTaskForm({
  kind,
  id,
  groupId,
  groups,
  onClose,
  onCreated,
}: Pick<LinkedTasksProps, 'kind' | 'id' | 'groupId' | 'groups'> & {
  onClose: () => void;
  onCreated: () => void;
}) {
  const { t } = useTranslation('contacts');
  const defaults = contactTaskDefaults();
  const [saving, setSaving] = useState(false);
  const form = useForm<NewTaskValues>({
    mode: 'controlled',
    initialValues: {
      title: '',
      due: dueInputValue(defaults.dueAt),
      urgent: defaults.details.flag === TASK_FLAG.urgent,
      group: groupId && groups.some((g) => g.id === groupId) ? groupId : (groups[0]?.id ?? null),
    },
    validate: {
      title: (v) => (v.trim() ? null : t('task.taskTitle')),
      group: (v) => (v ? null : t('task.group')),
    },
  });
  const submit = form.onSubmit(async (v) => {
    setSaving(true);
    try {
      // Linked in the task's own transaction (POST /task/ with contact or company).
      const results = await createTask({
        title: v.title.trim(),
        group: v.group!,
        dueAt: localInputToIso(v.due) ?? defaults.dueAt,
        details: { description: '', flag: v.urgent ? TASK_FLAG.urgent : TASK_FLAG.normal },
        status: defaults.status as 1,
        mode: defaults.mode,
        userTimezone: browserZone(),
        ...(kind === 'contact' ? { contact: id } : { company: Number(id) }),
      });
      if (!results[0]) throw new Error(t('errors.createTask'));
      void revalidateContacts();
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'green',
        message: t('tasks.created'),
      });
      onCreated();
      onClose();
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: t(kind === 'contact' ? 'errors.createTaskForContact' : 'errors.createTaskForCompany'),
        message: contactsErrorMessage(err),
      });
    } finally {
      setSaving(false);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput label={t('task.taskTitle')} required data-autofocus {...form.getInputProps('title')} />
        <TextInput type="datetime-local" label={t('task.due')} {...form.getInputProps('due')} />
        <Checkbox label={t('task.flag')} {...form.getInputProps('urgent', { type: 'checkbox' })} />
        <Select
          label={t('task.group')}
          data={groups.map((g) => ({ value: g.id, label: g.title }))}
          allowDeselect={false}
          {...form.getInputProps('group')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('task.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
