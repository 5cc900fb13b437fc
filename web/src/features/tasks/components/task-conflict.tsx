/**
 * What the task form shows when the task changed underneath it (issue 12 item 2, D41): a quiet notice
 * while the person is still editing, and at a refused save (409) the other person's values beside
 * theirs for every field both changed, to choose one by one (utils/task-conflict.ts holds the rule).
 */
import { Alert, Button, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Choice, ConflictField } from '../utils/task-conflict.ts';
import type { TaskFormValues } from '../utils/task-form.ts';
import '../../../i18n/with-later-texts.ts';

/** The notice: the task changed while the person has unsaved edits. */
export function TaskChangedNotice({ onLoad, onKeep }: { onLoad: () => void; onKeep: () => void }) {
  const { t } = useTranslation('tasks');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconUsers size={18} />}
      title={t('conflict.changedTitle')}
      role="status"
      data-testid="task-changed-notice"
    >
      <Stack gap="xs">
        <Text size="sm">{t('conflict.changedBody')}</Text>
        <Group gap="sm">
          <Button size="xs" onClick={onLoad}>
            {t('conflict.load')}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={onKeep}>
            {t('conflict.keepEditing')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

const LABEL_KEYS: Record<ConflictField, string> = {
  title: 'form.name',
  description: 'form.description',
  due: 'form.dueDate',
  level: 'form.level',
  status: 'form.status',
  group: 'form.group',
  priorityGroup: 'form.priorityGroup',
  urgent: 'form.urgent',
  mode: 'form.mode',
};

/** At a refused save: per field both changed, theirs beside mine, and the choice. */
export function TaskConflictPanel({
  fields,
  theirs,
  mine,
  choices,
  onChoose,
  onSave,
  onTakeTheirs,
  saving,
  groupTitle,
}: {
  fields: readonly ConflictField[];
  theirs: TaskFormValues;
  mine: TaskFormValues;
  choices: Partial<Record<ConflictField, Choice>>;
  onChoose: (field: ConflictField, choice: Choice) => void;
  onSave: () => void;
  onTakeTheirs: () => void;
  saving: boolean;
  groupTitle: (id: string | null) => string;
}) {
  const { t } = useTranslation('tasks');
  const shown = (f: ConflictField, v: TaskFormValues): string => {
    const text = (() => {
      switch (f) {
        case 'status':
          return t(`statuses.${v.status}` as 'statuses.1');
        case 'level':
          return t(`levels.${v.level}` as 'levels.1');
        case 'priorityGroup':
          return t(`priorityGroups.${v.priorityGroup}` as 'priorityGroups.0');
        case 'mode':
          return t(`modes.${v.mode}` as 'modes.active');
        case 'urgent':
          return v.urgent ? t('conflict.yes') : t('conflict.no');
        case 'group':
          return groupTitle(v.group);
        case 'due':
          return v.due.replace('T', ' ');
        default:
          return v[f].trim();
      }
    })();
    return text || t('conflict.empty');
  };
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconUsers size={18} />}
      title={t('conflict.savedTitle')}
      role="alert"
      data-testid="task-conflict"
    >
      <Stack gap="sm">
        <Text size="sm">{t('conflict.savedBody')}</Text>
        <Table withRowBorders={false} verticalSpacing={4} layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w="20%" />
              <Table.Th>{t('conflict.theirs')}</Table.Th>
              <Table.Th>{t('conflict.mine')}</Table.Th>
              <Table.Th w={150} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {fields.map((f) => (
              <Table.Tr key={f} data-field={f}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {t(LABEL_KEYS[f] as 'form.name')}
                  </Text>
                </Table.Td>
                <Table.Td data-testid={`theirs-${f}`}>
                  <Text size="sm" lineClamp={3}>
                    {shown(f, theirs)}
                  </Text>
                </Table.Td>
                <Table.Td data-testid={`mine-${f}`}>
                  <Text size="sm" lineClamp={3}>
                    {shown(f, mine)}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <SegmentedControl
                    size="xs"
                    aria-label={t('conflict.choose', { field: t(LABEL_KEYS[f] as 'form.name') })}
                    value={choices[f] ?? 'mine'}
                    onChange={(v) => onChoose(f, v === 'theirs' ? 'theirs' : 'mine')}
                    data={[
                      { value: 'theirs', label: t('conflict.theirs') },
                      { value: 'mine', label: t('conflict.mine') },
                    ]}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group gap="sm">
          <Button size="xs" onClick={onSave} loading={saving}>
            {t('conflict.saveAgain')}
          </Button>
          <Button size="xs" variant="default" onClick={onTakeTheirs} disabled={saving}>
            {t('conflict.takeTheirs')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
