import { Button, Group, NativeSelect, NumberInput, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { timeBlockForm } from '@tandem/shared/time/forms';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formValidator } from '../../../lib/validation.ts';
import type { BlockFormValues } from '../utils/block-form.ts';
import { REPEATS } from '../utils/repeat.ts';

export interface BlockFormProps {
  initial: BlockFormValues;
  groups: Array<{ id: string; title: string }>;
  categories: Array<{ id: string; title: string }>;
  submitLabel: string;
  onSubmit: (values: BlockFormValues) => Promise<void>;
  onCancel?: () => void;
}

const zones = (): string[] => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
};

export function BlockForm({ initial, groups, categories, submitLabel, onSubmit, onCancel }: BlockFormProps) {
  const { t } = useTranslation('routines');
  const form = useForm<BlockFormValues>({
    initialValues: initial,
    // Every rule of this form is a required value, said as the form always said it.
    validate: formValidator(timeBlockForm, () => t('blocks.required')),
  });
  const v = form.values;
  const [busy, setBusy] = useState(false);
  const zoneList = useMemo(() => {
    const all = zones();
    return all.includes(v.timezone) ? all : [v.timezone, ...all];
  }, [v.timezone]);
  const set = <K extends keyof BlockFormValues>(k: K, value: BlockFormValues[K]) =>
    form.setFieldValue(k, value as never);

  const submit = async (values: BlockFormValues) => {
    setBusy(true);
    try {
      await onSubmit(values);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
      <Stack gap="sm">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            type="datetime-local"
            label={t('blocks.start')}
            value={v.start}
            onChange={(e) => set('start', e.currentTarget.value)}
            error={form.errors.start}
            required
            miw={240}
          />
          <NumberInput
            label={t('blocks.duration')}
            description={t('blocks.durationHint')}
            value={v.duration}
            onChange={(n) => set('duration', typeof n === 'number' ? n : Number.parseInt(n, 10) || 0)}
            min={1}
            max={1440}
            step={15}
            error={form.errors.duration}
            required
            miw={140}
          />
          <NativeSelect
            label={t('blocks.repeat')}
            value={v.repeat}
            onChange={(e) => set('repeat', e.currentTarget.value as BlockFormValues['repeat'])}
            data={REPEATS.map((r) => ({ value: r, label: t(`blocks.repeats.${r}`) }))}
            miw={140}
          />
          <NativeSelect
            label={t('blocks.zone')}
            value={v.timezone}
            onChange={(e) => set('timezone', e.currentTarget.value)}
            data={zoneList}
            miw={180}
          />
        </Group>
        <Stack gap={6}>
          <SegmentedControl
            aria-label={t('blocks.target')}
            value={v.target}
            onChange={(x) => set('target', x as BlockFormValues['target'])}
            data={[
              { value: 'group', label: t('blocks.targetGroup') },
              { value: 'category', label: t('blocks.targetCategory') },
            ]}
            w="fit-content"
          />
          {v.target === 'group' ? (
            <NativeSelect
              label={t('blocks.group')}
              value={v.group}
              onChange={(e) => set('group', e.currentTarget.value)}
              data={[{ value: '', label: '—' }, ...groups.map((g) => ({ value: g.id, label: g.title }))]}
              error={form.errors.group}
              required
            />
          ) : (
            <NativeSelect
              label={t('blocks.category')}
              value={v.category}
              onChange={(e) => set('category', e.currentTarget.value)}
              data={[{ value: '', label: '—' }, ...categories.map((c) => ({ value: c.id, label: c.title }))]}
              error={form.errors.category}
              required
            />
          )}
        </Stack>
        <Group justify="flex-end" gap="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              {t('blocks.cancel')}
            </Button>
          )}
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
