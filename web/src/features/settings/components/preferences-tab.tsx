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
import { type FormErrors, useForm } from '@mantine/form';
import type { UpdateUserConfigInput, UserConfig } from '@tandem/shared/user/config';
import { routineTimesForm, timeAndDateForm } from '@tandem/shared/user/forms';
import { type FormEvent, type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { formValidator } from '../../../lib/validation.ts';
import { PushDeviceSwitch } from '../../push/components/push-device-switch.tsx';
import { useTimezones } from '../api/list-timezones.ts';
import { updateUserConfig } from '../api/update-user-config.ts';
import {
  displayTime,
  fieldOfErrorKey,
  type PreferencesField,
  ROUTINE_SLOTS,
  type RoutineTimesValues,
  rebaseRoutineTimes,
  routineTimesChanges,
  type TimeAndDateValues,
  timeAndDateChanges,
  valuesFromConfig,
} from '../utils/preferences.ts';
import { CalendarFeedCard } from './calendar-feed-card.tsx';
import { CountryField } from './country-field.tsx';
import { useUnsavedChanges } from './unsaved-changes.tsx';

export function PreferencesTab() {
  const { t } = useTranslation(['common', 'validation']);
  const { data: config, error } = useUserConfig();
  if (error && !config) return <Alert color="red">{errorText(error, t('errors.generic'))}</Alert>;
  if (!config) return <Skeleton height={320} />;
  return (
    <Stack gap="xl">
      <Stack gap="xl" maw={560}>
        {/* New stored formats (after saving, or from elsewhere) reset this form. */}
        <TimeAndDateForm
          key={`${config.timeFormatOption}\n${config.dateFormatOption}\n${config.timezone}`}
          config={config}
        />
        <RoutineTimesForm config={config} />
        <CountryField config={config} />
        <PushDeviceSwitch />
      </Stack>
      <CalendarFeedCard />
    </Stack>
  );
}

/** Sends one form's changes; a server error on a field shows on that field. */
async function save(
  patch: UpdateUserConfigInput,
  setErrors: (errors: FormErrors) => void,
  t: (key: 'settings.noChanges' | 'settings.saved' | 'settings.saveFailed' | 'errors.generic') => string,
) {
  if (Object.keys(patch).length === 0) {
    notifySuccess(t('settings.noChanges'));
    return;
  }
  try {
    await updateUserConfig(patch);
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
  }
}

/** One part of the preferences: its title, its fields and its own Save button. */
function PartForm({
  title,
  help,
  onSubmit,
  busy,
  children,
}: {
  title: string;
  help?: string;
  onSubmit: (e?: FormEvent<HTMLFormElement>) => void;
  busy: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form onSubmit={onSubmit} noValidate aria-label={title}>
      <Stack gap="md">
        <div>
          <Title order={2} fz="h4">
            {title}
          </Title>
          {help && (
            <Text size="sm" c="dimmed">
              {help}
            </Text>
          )}
        </div>
        {children}
        <Group>
          <Button type="submit" loading={busy}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TimeAndDateForm({ config }: { config: UserConfig }) {
  const { t } = useTranslation(['common', 'validation']);
  const { timeFormat, dateFormat, timezone } = valuesFromConfig(config);
  const form = useForm<TimeAndDateValues>({
    initialValues: { timeFormat, dateFormat, timezone },
    validate: formValidator(timeAndDateForm, (key, v) => t(key, v)),
  });
  useUnsavedChanges(form.isDirty());
  const { data: zones, isLoading: zonesLoading } = useTimezones();
  const chosenZone = form.values.timezone;

  const zoneData = useMemo(() => {
    const list = zones?.results ?? [];
    const options = list.map((z) => ({
      value: z.code,
      label: `${z.code.replace(/_/g, ' ')} (UTC${z.offset})`,
    }));
    if (!list.some((z) => z.code === chosenZone)) options.unshift({ value: chosenZone, label: chosenZone });
    return options;
  }, [zones, chosenZone]);

  return (
    <PartForm
      title={t('settings.preferences.formats')}
      busy={form.submitting}
      onSubmit={form.onSubmit((values) => save(timeAndDateChanges(config, values), form.setErrors, t))}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NativeSelect
          label={t('fields.timeFormat')}
          {...form.getInputProps('timeFormat')}
          value={String(form.values.timeFormat)}
          onChange={(e) => form.setFieldValue('timeFormat', Number(e.currentTarget.value) as 12 | 24)}
          data={[
            { value: '12', label: t('settings.preferences.time12') },
            { value: '24', label: t('settings.preferences.time24') },
          ]}
        />
        <NativeSelect
          label={t('fields.dateFormat')}
          {...form.getInputProps('dateFormat')}
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
        {...form.getInputProps('timezone')}
        onChange={(zone) => zone && form.setFieldValue('timezone', zone)}
        nothingFoundMessage={t('settings.preferences.noZone')}
        placeholder={zonesLoading ? t('common.loading') : undefined}
        maxDropdownHeight={280}
        // Unmounted while closed, so the label names only the input.
        comboboxProps={{ keepMounted: false }}
      />
    </PartForm>
  );
}

/** Routine times, typed in the stored 12/24-hour format and sent as HH:mm (spec 000 §5). */
function RoutineTimesForm({ config }: { config: UserConfig }) {
  const { t } = useTranslation(['common', 'validation']);
  const format = config.timeFormatOption;
  const form = useForm<RoutineTimesValues>({
    initialValues: valuesFromConfig(config).times,
    validate: formValidator(routineTimesForm, (key, v) => t(key, v)),
  });
  useUnsavedChanges(form.isDirty());

  // New stored settings (this form saved, the format saved above, or a change from elsewhere): what
  // is stored shows, and a time changed here and not saved stays, in the stored format.
  const stored = `${format}\n${JSON.stringify(config.routineTimes)}`;
  const shownFor = useRef(stored);
  useEffect(() => {
    if (shownFor.current === stored) return;
    shownFor.current = stored;
    const shown = rebaseRoutineTimes(form.getValues(), form.getInitialValues(), config);
    form.setInitialValues(valuesFromConfig(config).times);
    form.setValues(shown);
  }, [stored, config, form]);

  const placeholder = format === 12 ? '07:00 PM' : '19:00';
  return (
    <PartForm
      title={t('settings.preferences.routineTimes')}
      help={t('settings.preferences.routineTimesHelp')}
      busy={form.submitting}
      onSubmit={form.onSubmit((values) => save(routineTimesChanges(config, values), form.setErrors, t))}
    >
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        {ROUTINE_SLOTS.map((slot) => (
          <TextInput
            key={slot}
            label={t(`fields.${slot}`)}
            placeholder={placeholder}
            {...form.getInputProps(slot)}
            onBlur={(e) => form.setFieldValue(slot, displayTime(e.currentTarget.value, format))}
            autoComplete="off"
            inputMode="text"
          />
        ))}
      </SimpleGrid>
    </PartForm>
  );
}
