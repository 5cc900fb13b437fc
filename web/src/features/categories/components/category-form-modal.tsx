import { Button, Group, Modal, MultiSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { categoryForm } from '@tandem/shared/groups/forms';
import {
  DEFAULT_GROUP_COLOR,
  DEFAULT_GROUP_ICON,
  GROUP_DESCRIPTION_MAX,
  GROUP_TITLE_MAX,
  type GroupIcon as GroupIconName,
} from '@tandem/shared/groups/group';
import type { CategoryView, GroupView } from '@tandem/shared/groups/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { formValidator } from '../../../lib/validation.ts';
import { ColourField } from '../../groups/components/colour-field.tsx';
import { GroupMark } from '../../groups/components/group-mark.tsx';
import { IconPicker } from '../../groups/components/icon-picker.tsx';
import { notifyFailure } from '../../groups/utils/failure.ts';
import { createCategory } from '../api/create-category.ts';
import { updateCategory } from '../api/update-category.ts';
import '../../../i18n/with-later-texts.ts';

/** Create or edit a category: name, description, colour, icon and its groups. */
export function CategoryFormModal({
  opened,
  category,
  groups,
  onClose,
}: {
  opened: boolean;
  category: CategoryView | null;
  groups: readonly GroupView[];
  onClose: () => void;
}) {
  const { t } = useTranslation('groups');
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={category ? t('categories.editTitle', { title: category.title }) : t('categories.createTitle')}
      size="lg"
      fullScreen={narrow}
      closeOnClickOutside={false}
    >
      {opened && (
        <CategoryForm key={category?.id ?? 'new'} category={category} groups={groups} onClose={onClose} />
      )}
    </Modal>
  );
}

function CategoryForm({
  category,
  groups,
  onClose,
}: {
  category: CategoryView | null;
  groups: readonly GroupView[];
  onClose: () => void;
}) {
  const { t } = useTranslation(['groups', 'validation']);
  const form = useForm({
    initialValues: {
      title: category?.title ?? '',
      description: category?.description ?? '',
      color: category?.metadata.color ?? DEFAULT_GROUP_COLOR,
      icon: (category?.metadata.icon ?? DEFAULT_GROUP_ICON) as GroupIconName,
      groups: category?.categoryGroups ?? [],
    },
    validate: formValidator(categoryForm, (key, v) => t(key, v)),
  });
  const [saving, setSaving] = useState(false);
  const { description, color, icon, groups: selected } = form.values;

  // A category may still name a group the caller has since archived: keep it selectable so it is not dropped silently.
  const options = [
    ...groups.map((g) => ({ value: g.id, label: g.title })),
    ...selected
      .filter((id) => !groups.some((g) => g.id === id))
      .map((id) => ({ value: id, label: t('categories.unavailableGroup') })),
  ];
  const groupById = new Map(groups.map((g) => [g.id, g]));

  async function submit(values: typeof form.values) {
    setSaving(true);
    const input = {
      title: values.title.trim(),
      description: values.description,
      metadata: { color: values.color, icon: values.icon },
      groups: values.groups,
    };
    try {
      if (category) await updateCategory(category.id, input);
      else await createCategory(input);
      notifySuccess(
        category
          ? t('categories.saved', { title: input.title })
          : t('categories.created', { title: input.title }),
      );
      onClose();
    } catch (err) {
      if (err instanceof ApiError)
        form.setErrors({
          title: err.errors.title,
          description: err.errors.description,
          groups: err.errors.groups,
        });
      notifyFailure(t('categories.saveFailed'), err, t('errors.generic'));
      setSaving(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          required
          maxLength={GROUP_TITLE_MAX}
          {...form.getInputProps('title')}
          data-autofocus
        />
        <Textarea
          label={t('form.description')}
          maxLength={GROUP_DESCRIPTION_MAX}
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
          onChange={(e) =>
            form.setFieldValue('description', e.currentTarget.value.slice(0, GROUP_DESCRIPTION_MAX))
          }
          description={t('form.descriptionCount', { count: description.length, max: GROUP_DESCRIPTION_MAX })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group align="flex-start" gap="xl" wrap="wrap">
          <ColourField
            label={t('form.colour')}
            value={color}
            onChange={(v) => form.setFieldValue('color', v)}
          />
          <IconPicker
            label={t('form.icon')}
            value={icon}
            color={color}
            onChange={(v) => form.setFieldValue('icon', v)}
          />
        </Group>
        <MultiSelect
          label={t('categories.groups')}
          placeholder={selected.length === 0 ? t('categories.pickGroups') : undefined}
          data={options}
          {...form.getInputProps('groups')}
          searchable
          clearable
          nothingFoundMessage={t('categories.noGroupFound')}
          renderOption={({ option }) => {
            const g = groupById.get(option.value);
            return (
              <Group gap="xs" wrap="nowrap">
                {g && <GroupMark color={g.metadata.color} icon={g.metadata.icon} size={18} />}
                <span>{option.label}</span>
              </Group>
            );
          }}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
