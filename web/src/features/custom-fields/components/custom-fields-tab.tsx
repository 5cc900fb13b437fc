/**
 * The custom-fields tab of the task modal (spec 000 §2, §5 "Custom field", §6): the fields editor
 * for people with the task's customFields action (add, edit and remove fields; type-specific
 * settings; options as tags for a list; templates), read-only otherwise; and the values form for
 * the task or routine day shown, checked by the same rules the server uses. Unsaved changes are
 * reported to the tabs, which ask before the tab is left.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Divider,
  Group,
  Loader,
  Menu,
  NumberInput,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTemplate, IconTrash } from '@tabler/icons-react';
import {
  CUSTOM_FIELD_TYPES,
  type CustomField,
  type CustomFieldType,
  DATA_ENTRY,
  type DataEntryRequired,
  defaultMaxChar,
  MAX_MAX_CHAR,
  MIN_MAX_CHAR,
  optionsOf,
} from '@tandem/shared/custom-fields/rules';
import type { CustomFieldDefinitionView, CustomValueView } from '@tandem/shared/custom-fields/views';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { routineKindOf } from '../../schedule/utils/routine-id.ts';
import {
  applyFieldTemplate,
  saveDefinition,
  saveFieldTemplate,
  saveValues,
  useDefinition,
  useFieldTemplates,
  useValues,
} from '../api/custom-fields.ts';
import { draftOf, draftProblem, type FieldDraft, fieldOf, newDraft, valueProblem } from '../utils/drafts.ts';
import '../../../i18n/with-later-texts.ts';

interface Props {
  task: TaskView | null;
  onDirtyChange?: (dirty: boolean) => void;
}

export function CustomFieldsTab({ task, onDirtyChange }: Props) {
  const { t } = useTranslation('tasks');
  const definition = useDefinition(task?.id ?? null);
  const [editorDirty, setEditorDirty] = useState(false);
  const [valuesDirty, setValuesDirty] = useState(false);
  useEffect(() => onDirtyChange?.(editorDirty || valuesDirty), [editorDirty, valuesDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  if (!task) return <Text c="dimmed">{t('customFields.newTask')}</Text>;
  if (definition.isLoading) return <Loader size="sm" aria-label={t('customFields.loading')} />;
  if (definition.error) return <Alert color="red">{t('customFields.loadFailed')}</Alert>;
  const d = definition.data ?? null;
  const kind = routineKindOf(task.priorityGroup.id);
  const canEdit = d ? d.canEdit : task.permissions.includes('task.customFields');
  return (
    <Stack gap="lg">
      {kind && (
        <Text size="sm" c="dimmed">
          {t('customFields.routineNote')}
        </Text>
      )}
      <FieldsEditor
        key={d?.updatedAt ?? 'none'}
        formTaskId={task.id}
        definition={d}
        canEdit={canEdit}
        onDirtyChange={setEditorDirty}
      />
      {d && d.customField.length > 0 && kind !== 'definition' && (
        <>
          <Divider />
          <ValuesForm task={task} definition={d} onDirtyChange={setValuesDirty} />
        </>
      )}
    </Stack>
  );
}

function FieldsEditor({
  formTaskId,
  definition,
  canEdit,
  onDirtyChange,
}: {
  /** The task the tab is open on (for an instance, the server saves its routine definition's). */
  formTaskId: string;
  definition: CustomFieldDefinitionView | null;
  canEdit: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('tasks');
  const initial = useMemo(
    () => ({
      fields: (definition?.customField ?? []).map(draftOf),
      dataEntryRequired: (definition?.dataEntryRequired ?? DATA_ENTRY.perTask) as DataEntryRequired,
      allowDelegatedToEdit: definition?.allowDelegatedToEdit ?? false,
    }),
    [definition],
  );
  const [draft, setDraft] = useState(initial);
  const [showErrors, setShowErrors] = useState(false);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const setField = (i: number, patch: Partial<FieldDraft>) =>
    setDraft((s) => ({ ...s, fields: s.fields.map((f, j) => (j === i ? { ...f, ...patch } : f)) }));

  async function save() {
    setShowErrors(true);
    if (draft.fields.some((f) => draftProblem(f))) return;
    setBusy(true);
    try {
      await saveDefinition(formTaskId, definition, {
        customField: draft.fields.map(fieldOf),
        dataEntryRequired: draft.dataEntryRequired,
        allowDelegatedToEdit: draft.allowDelegatedToEdit,
      });
      notifySuccess(t('customFields.saved'));
    } catch (err) {
      notifyError(t('customFields.saveFailed'), errorText(err, t('customFields.saveFailed')));
    } finally {
      setBusy(false);
    }
  }

  if (!canEdit) {
    if (!definition || definition.customField.length === 0)
      return <Text c="dimmed">{t('customFields.none')}</Text>;
    return (
      <Stack gap="xs">
        <Title order={4}>{t('customFields.fieldsTitle')}</Title>
        <Text size="sm" c="dimmed">
          {t('customFields.readOnly')}
        </Text>
        {definition.customField.map((f) => (
          <Text key={f.id} size="sm">
            <b>{f.label}</b> · {t(`customFields.types.${f.type}`)}
            {f.isRequired ? ` · ${t('customFields.isRequired')}` : ''}
            {f.description ? ` — ${f.description}` : ''}
          </Text>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{t('customFields.fieldsTitle')}</Title>
        <TemplatesMenu taskId={formTaskId} hasFields={(definition?.customField.length ?? 0) > 0 && !dirty} />
      </Group>
      {draft.fields.length === 0 && <Text c="dimmed">{t('customFields.none')}</Text>}
      {draft.fields.map((f, i) => {
        const problem = showErrors ? draftProblem(f) : null;
        const n = i + 1;
        return (
          <Paper
            key={f.id}
            withBorder
            p="sm"
            radius="md"
            aria-label={t('customFields.fieldN', { n })}
            component="fieldset"
          >
            <Group align="flex-start" wrap="wrap" gap="sm">
              <Select
                label={t('customFields.type')}
                data={CUSTOM_FIELD_TYPES.map((type) => ({
                  value: type,
                  label: t(`customFields.types.${type}`),
                }))}
                value={f.type}
                allowDeselect={false}
                onChange={(v) => {
                  const type = (v ?? 'text') as CustomFieldType;
                  setField(i, { type, maxChar: defaultMaxChar(type) });
                }}
                w={130}
              />
              <TextInput
                label={t('customFields.label')}
                value={f.label}
                onChange={(e) => setField(i, { label: e.currentTarget.value })}
                error={problem === 'labelRequired' ? t('customFields.labelRequired') : undefined}
                required
                maxLength={100}
                style={{ flex: 1, minWidth: 160 }}
              />
              <NumberInput
                label={t('customFields.maxChar')}
                value={f.maxChar}
                min={MIN_MAX_CHAR}
                max={MAX_MAX_CHAR}
                allowDecimal={false}
                clampBehavior="strict"
                onChange={(v) => setField(i, { maxChar: typeof v === 'number' ? v : defaultMaxChar(f.type) })}
                w={130}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={28}
                aria-label={t('customFields.removeField', { n })}
                onClick={() => setDraft((s) => ({ ...s, fields: s.fields.filter((_, j) => j !== i) }))}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            <TextInput
              mt="xs"
              label={t('customFields.fieldDescription')}
              value={f.description}
              maxLength={500}
              onChange={(e) => setField(i, { description: e.currentTarget.value })}
            />
            {f.type === 'list' && (
              <TagsInput
                mt="xs"
                label={t('customFields.options')}
                description={t('customFields.optionsHint')}
                value={f.options}
                onChange={(options) => setField(i, { options: optionsOf(options.join('|')) })}
                error={problem === 'noOptions' ? t('customFields.noOptions') : undefined}
              />
            )}
            <Checkbox
              mt="sm"
              label={t('customFields.isRequired')}
              checked={f.isRequired}
              onChange={(e) => setField(i, { isRequired: e.currentTarget.checked })}
            />
          </Paper>
        );
      })}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => setDraft((s) => ({ ...s, fields: [...s.fields, newDraft()] }))}
        >
          {t('customFields.addField')}
        </Button>
      </Group>
      <Stack gap={4}>
        <Text size="sm" fw={500} id="cf-data-entry">
          {t('customFields.dataEntry')}
        </Text>
        <SegmentedControl
          aria-labelledby="cf-data-entry"
          value={String(draft.dataEntryRequired)}
          onChange={(v) => setDraft((s) => ({ ...s, dataEntryRequired: Number(v) as DataEntryRequired }))}
          data={[
            { value: String(DATA_ENTRY.perTask), label: t('customFields.perTask') },
            { value: String(DATA_ENTRY.perUser), label: t('customFields.perUser') },
          ]}
        />
      </Stack>
      <Switch
        label={t('customFields.allowDelegatedToEdit')}
        checked={draft.allowDelegatedToEdit}
        onChange={(e) => {
          const allowDelegatedToEdit = e.currentTarget.checked;
          setDraft((s) => ({ ...s, allowDelegatedToEdit }));
        }}
      />
      <Group justify="flex-end">
        <Button onClick={() => void save()} loading={busy} disabled={!dirty}>
          {t('customFields.saveFields')}
        </Button>
      </Group>
    </Stack>
  );
}

function TemplatesMenu({ taskId, hasFields }: { taskId: string; hasFields: boolean }) {
  const { t } = useTranslation('tasks');
  const [opened, setOpened] = useState(false);
  const templates = useFieldTemplates(opened);
  const [title, setTitle] = useState('');
  async function apply(id: string) {
    try {
      await applyFieldTemplate(id, taskId);
      notifySuccess(t('customFields.applied'));
    } catch (err) {
      notifyError(t('customFields.saveFailed'), errorText(err, t('customFields.saveFailed')));
    }
  }
  async function save() {
    if (!title.trim()) return;
    try {
      await saveFieldTemplate(taskId, title.trim());
      setTitle('');
      notifySuccess(t('customFields.templateSaved'));
    } catch (err) {
      notifyError(t('customFields.templateFailed'), errorText(err, t('customFields.templateFailed')));
    }
  }
  return (
    <Menu opened={opened} onChange={setOpened} position="bottom-end" closeOnItemClick>
      <Menu.Target>
        <Button variant="subtle" size="xs" leftSection={<IconTemplate size={16} />}>
          {t('customFields.templates')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('customFields.applyTemplate')}</Menu.Label>
        {(templates.data ?? []).map((tpl) => (
          <Menu.Item
            key={tpl.id}
            onClick={() => void apply(tpl.id)}
            title={t('customFields.applyTemplateHint')}
          >
            {tpl.title}
          </Menu.Item>
        ))}
        {templates.data?.length === 0 && <Menu.Item disabled>{t('customFields.none')}</Menu.Item>}
        {hasFields && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('customFields.saveAsTemplate')}</Menu.Label>
            <Group gap="xs" p="xs" wrap="nowrap">
              <TextInput
                size="xs"
                aria-label={t('customFields.templateTitle')}
                placeholder={t('customFields.templateTitle')}
                value={title}
                maxLength={100}
                onChange={(e) => setTitle(e.currentTarget.value)}
                onKeyDown={(e) => e.stopPropagation()}
              />
              <Button size="xs" onClick={() => void save()} disabled={!title.trim()}>
                {t('customFields.saveAsTemplate')}
              </Button>
            </Group>
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** One input per field, by type. */
function valueInput(field: CustomField, props: Record<string, unknown>, pick: string) {
  const common = {
    label: field.label,
    description: field.description || undefined,
    withAsterisk: field.isRequired,
    ...props,
  };
  switch (field.type) {
    case 'list':
      return (
        <Select
          key={field.id}
          {...common}
          data={optionsOf(field.options)}
          placeholder={pick}
          clearable={!field.isRequired}
          value={(props.value as string) || null}
          onChange={(v) => (props.onChange as (v: string) => void)(v ?? '')}
        />
      );
    case 'number':
      return <TextInput key={field.id} {...common} inputMode="decimal" maxLength={field.maxChar} />;
    case 'date':
      return <TextInput key={field.id} {...common} type="date" />;
    case 'time':
      return <TextInput key={field.id} {...common} type="time" />;
    default:
      return <TextInput key={field.id} {...common} maxLength={field.maxChar} />;
  }
}

function ValuesForm({
  task,
  definition,
  onDirtyChange,
}: {
  task: TaskView;
  definition: CustomFieldDefinitionView;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const { t } = useTranslation('tasks');
  const me = useAuthUser().data?.id;
  const values = useValues(task.id);
  const perUser = definition.dataEntryRequired === DATA_ENTRY.perUser;
  const existing: CustomValueView | null =
    (values.data ?? []).find((v) => (perUser ? v.user === me : v.id.endsWith('~task'))) ?? null;
  const mayEnter =
    task.permissions.includes('task.customValues') && (task.role === 1 || definition.allowDelegatedToEdit);
  if (values.isLoading) return <Loader size="sm" />;
  return (
    <ValuesFormBody
      key={`${existing?.id ?? 'new'}:${existing?.updatedAt ?? ''}:${definition.updatedAt}`}
      taskId={task.id}
      fields={definition.customField}
      existing={existing}
      mayEnter={mayEnter}
      day={task.id.includes('~') ? task.id.slice(task.id.lastIndexOf('~') + 1) : null}
      onDirtyChange={onDirtyChange}
      t={t}
    />
  );
}

function ValuesFormBody({
  taskId,
  fields,
  existing,
  mayEnter,
  day,
  onDirtyChange,
  t,
}: {
  taskId: string;
  fields: CustomField[];
  existing: CustomValueView | null;
  mayEnter: boolean;
  day: string | null;
  onDirtyChange: (dirty: boolean) => void;
  t: ReturnType<typeof useTranslation<'tasks'>>['t'];
}) {
  const [busy, setBusy] = useState(false);
  const form = useForm<Record<string, string>>({
    initialValues: Object.fromEntries(fields.map((f) => [f.id, existing?.customValue[f.id] ?? ''])),
    validate: Object.fromEntries(
      fields.map((f) => [
        f.id,
        (v: string) => valueProblem(f, v ?? '', (label) => t('customFields.required', { label })),
      ]),
    ),
  });
  const dirty = form.isDirty();
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  async function submit(v: Record<string, string>) {
    setBusy(true);
    try {
      await saveValues(taskId, existing, v);
      form.resetDirty(v);
      notifySuccess(t('customFields.valuesSaved'));
    } catch (err) {
      if (err instanceof ApiError) form.setErrors(err.errors);
      notifyError(t('customFields.valuesFailed'), errorText(err, t('customFields.valuesFailed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
      <Stack gap="sm">
        <Title order={4}>
          {day ? t('customFields.valuesForDay', { day }) : t('customFields.valuesTitle')}
        </Title>
        {!mayEnter && (
          <Text size="sm" c="dimmed">
            {t('customFields.cannotEnter')}
          </Text>
        )}
        {fields.map((f) =>
          valueInput(f, { ...form.getInputProps(f.id), disabled: !mayEnter }, t('customFields.pick')),
        )}
        {mayEnter && (
          <Group justify="flex-end">
            <Button type="submit" loading={busy}>
              {t('customFields.saveValues')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
