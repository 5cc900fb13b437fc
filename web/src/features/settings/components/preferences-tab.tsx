import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { UserConfig } from '@tandem/shared/user/config';
import type { RoutineSlot } from '@tandem/shared/user/routine-times';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useTimezones } from '../api/list-timezones.ts';
import { updateUserConfig } from '../api/update-user-config.ts';
import {
  displayTime,
  fieldOfErrorKey,
  type PreferencesField,
  type PreferencesValues,
  preferencesChanges,
  ROUTINE_SLOTS,
  type TimeFormat,
  valuesFromConfig,
} from '../utils/preferences.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { CountryField } from './country-field.tsx';

export function PreferencesTab() {
  const { t } = useTranslation(['common', 'validation']);
  const { data: config, error } = useUserConfig();
  if (error && !config) return <Alert color="red">{errorText(error, t('errors.generic'))}</Alert>;
  if (!config) return <Skeleton height={320} />;
  // A new stored config (after saving, or from elsewhere) resets the form.
  return (
    <Stack gap="xl">
      <PreferencesForm key={JSON.stringify(config)} config={config} />
      <Stack maw={560}>
        <CountryField config={config} />
      </Stack>
      <CalendarFeedCard />
    </Stack>
  );
}

function PreferencesForm({ config }: { config: UserConfig }) {
  const { t } = useTranslation(['common', 'validation']);
  const [values, setValues] = useState<PreferencesValues>(() => valuesFromConfig(config));
  const [errors, setErrors] = useState<Partial<Record<PreferencesField, string>>>({});
  const [busy, setBusy] = useState(false);
  const { data: zones, isLoading: zonesLoading } = useTimezones();

  const zoneData = useMemo(() => {
    const list = zones?.results ?? [];
    const options = list.map((z) => ({
      value: z.code,
      label: `${z.code.replace(/_/g, ' ')} (UTC${z.offset})`,
    }));
    if (!list.some((z) => z.code === values.timezone))
      options.unshift({ value: values.timezone, label: values.timezone });
    return options;
  }, [zones, values.timezone]);

  const setTimeFormat = (format: TimeFormat) =>
    setValues((v) => ({
      ...v,
      timeFormat: format,
      times: {
        beginning: displayTime(v.times.beginning, format),
        middle: displayTime(v.times.middle, format),
        end: displayTime(v.times.end, format),
      },
    }));

  const setTime = (slot: RoutineSlot, text: string) =>
    setValues((v) => ({ ...v, times: { ...v.times, [slot]: text } }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const changes = preferencesChanges(config, values);
    if (!changes.ok) {
      setErrors(Object.fromEntries(changes.invalidTimes.map((s) => [s, t('validation:timeFormat')])));
      return;
    }
    setErrors({});
    if (Object.keys(changes.patch).length === 0) {
      notifySuccess(t('settings.noChanges'));
      return;
    }
    setBusy(true);
    try {
      await updateUserConfig(changes.patch);
      notifySuccess(t('settings.saved'));
    } catch (err) {
      if (err instanceof ApiError) {
        const fieldErrors: Partial<Record<PreferencesField, string>> = {};
        for (const [key, msg] of Object.entries(err.errors)) {
          const field = fieldOfErrorKey(key);
          if (field) fieldErrors[field] = msg;
        }
        setErrors(fieldErrors);
      }
      notifyError(t('settings.saveFailed'), errorText(err, t('errors.generic')));
      setBusy(false);
    }
  }

  const timePlaceholder = values.timeFormat === 12 ? '07:00 PM' : '19:00';

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg" maw={560}>
        <Stack gap="md">
          <Title order={2} fz="h4">
            {t('settings.preferences.formats')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <NativeSelect
              label={t('fields.timeFormat')}
              value={String(values.timeFormat)}
              onChange={(e) => setTimeFormat(Number(e.currentTarget.value) as TimeFormat)}
              error={errors.timeFormat}
              data={[
                { value: '12', label: t('settings.preferences.time12') },
                { value: '24', label: t('settings.preferences.time24') },
              ]}
            />
            <NativeSelect
              label={t('fields.dateFormat')}
              value={values.dateFormat}
              onChange={(e) => {
                const dateFormat = e.currentTarget.value as PreferencesValues['dateFormat'];
                setValues((v) => ({ ...v, dateFormat }));
              }}
              error={errors.dateFormat}
              data={[
                { value: 'day_first', label: t('settings.preferences.dayFirst') },
                { value: 'month_first', label: t('settings.preferences.monthFirst') },
              ]}
            />
          </SimpleGrid>
          <Select
            label={t('fields.timezone')}
            searchable
            allowDeselect={false}
            data={zoneData}
            value={values.timezone}
            onChange={(zone) => zone && setValues((v) => ({ ...v, timezone: zone }))}
            nothingFoundMessage={t('settings.preferences.noZone')}
            placeholder={zonesLoading ? t('common.loading') : undefined}
            error={errors.timezone}
            maxDropdownHeight={280}
            // Unmounted while closed, so the label names only the input.
            comboboxProps={{ keepMounted: false }}
          />
        </Stack>
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4">
              {t('settings.preferences.routineTimes')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('settings.preferences.routineTimesHelp')}
            </Text>
          </div>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
            {ROUTINE_SLOTS.map((slot) => (
              <TextInput
                key={slot}
                label={t(`fields.${slot}`)}
                value={values.times[slot]}
                placeholder={timePlaceholder}
                onChange={(e) => setTime(slot, e.currentTarget.value)}
                onBlur={(e) => setTime(slot, displayTime(e.currentTarget.value, values.timeFormat))}
                error={errors[slot]}
                autoComplete="off"
                inputMode="text"
              />
            ))}
          </SimpleGrid>
        </Stack>
        <Group>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
