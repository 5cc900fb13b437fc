import {
  Alert,
  Badge,
  Button,
  Chip,
  Collapse,
  Group,
  NumberInput,
  Pill,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { IconCalendarTime, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { DURATION_OPTIONS, SCHEDULE_MESSAGES, WEEKDAYS, type Weekday } from '@tandem/shared/time/schedule';
import type { ScheduledTaskView } from '@tandem/shared/time/views';
import { type Ref, useId, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { isEmail } from '../../../lib/validation.ts';
import { removeTaskSchedule, saveTaskSchedule, useTaskSchedule } from '../api/schedule.ts';
import {
  type DurationChoice,
  defaultScheduleValues,
  type EndKind,
  type FlexibleTime,
  type Repeat,
  type ScheduleBody,
  type ScheduleErrors,
  type ScheduleField,
  type ScheduleFormValues,
  scheduleBody,
  scheduleServerErrors,
  validateSchedule,
  valuesFromSchedule,
  withStartDate,
} from '../utils/schedule-form.ts';

/** What the task form asks a new task's editor before creating: the schedule to set, none, or stop. */
export interface ScheduleDraftHandle {
  prepare(): { ok: true; body: ScheduleBody | null } | { ok: false };
}

export interface ScheduleEditorProps {
  /** null: a task not created yet (the form sets the schedule right after creating it). */
  taskId: string | null;
  /** Whether the task has a schedule (its `scheduledTask`); only then is it asked for. */
  scheduled?: boolean;
  readOnly?: boolean;
  draftRef?: Ref<ScheduleDraftHandle>;
}

let zoneList: string[] | null = null;
const zones = (extra: string) => {
  zoneList ??= (() => {
    try {
      return Intl.supportedValuesOf('timeZone');
    } catch {
      return ['UTC'];
    }
  })();
  return zoneList.includes(extra) ? zoneList : [extra, ...zoneList];
};

/**
 * The task form's Schedule section (spec 000 §2 scheduling and routine popovers, §4, §5, §9),
 * collapsed until opened: start in the schedule's zone (the user's by default), all day, duration,
 * flexible time, repeat (daily, weekly on chosen days, monthly on a day), every N, how it ends, time
 * zone and attendees with their answers. An existing task saves or removes its schedule here.
 */
export function ScheduleEditor({
  taskId,
  scheduled = false,
  readOnly = false,
  draftRef,
}: ScheduleEditorProps) {
  const { t } = useTranslation('schedule');
  const [open, setOpen] = useState(false);
  const id = useId();
  const { data: config } = useUserConfig();
  const userZone = config?.timezone || browserZone();
  const { data: saved, error, isLoading } = useTaskSchedule(taskId, scheduled);

  // A new task's draft: closed means no schedule; open, the fields answer.
  const fieldsRef = useRef<ScheduleDraftHandle>(null);
  useImperativeHandle(
    draftRef,
    () => ({
      prepare: () => (open && fieldsRef.current ? fieldsRef.current.prepare() : { ok: true, body: null }),
    }),
    [open],
  );

  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        color="gray"
        size="compact-sm"
        leftSection={<IconCalendarTime size={14} />}
        rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('section')}
        {taskId && saved && (
          <Badge ml={6} size="xs" variant="light">
            {saved.recurRule ? t(`repeats.${repeatOfRule(saved.recurRule)}`) : t('repeats.never')}
          </Badge>
        )}
      </Button>
      <Collapse expanded={open} id={id}>
        {open &&
          (taskId && isLoading ? (
            <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
              <Skeleton height={36} />
              <Skeleton height={36} />
            </Stack>
          ) : taskId && error ? (
            <Alert color="red" variant="light">
              {errorText(error, t('loadFailed'))}
            </Alert>
          ) : (
            <ScheduleFields
              key={saved ? `${saved.startDate}:${saved.recurRule}` : 'none'}
              taskId={taskId}
              saved={saved ?? null}
              userZone={userZone}
              readOnly={readOnly}
              draftRef={fieldsRef}
            />
          ))}
      </Collapse>
    </Stack>
  );
}

/**
 * The same fields for a schedule kept elsewhere until saved (the planning viewer's node panel): no
 * attendees, no save button; `draftRef.prepare()` checks them and answers the schedule to keep.
 */
export function ScheduleDraftFields({
  saved,
  draftRef,
}: {
  saved: ScheduledTaskView | null;
  draftRef: Ref<ScheduleDraftHandle>;
}) {
  const { data: config } = useUserConfig();
  return (
    <ScheduleFields
      taskId={null}
      saved={saved}
      userZone={config?.timezone || browserZone()}
      readOnly={false}
      draftRef={draftRef}
      standalone
    />
  );
}

const repeatOfRule = (rule: string): Repeat => {
  const f = /FREQ=(\w+)/i.exec(rule)?.[1]?.toLowerCase();
  return f === 'daily' || f === 'weekly' || f === 'monthly' ? f : 'never';
};

interface FieldsProps {
  taskId: string | null;
  saved: ScheduledTaskView | null;
  userZone: string;
  readOnly: boolean;
  draftRef: Ref<ScheduleDraftHandle> | undefined;
  /** Kept by its caller rather than with a task: no new-task hint and no attendees. */
  standalone?: boolean;
}

function ScheduleFields({ taskId, saved, userZone, readOnly, draftRef, standalone = false }: FieldsProps) {
  const { t } = useTranslation('schedule');
  const [initialValues] = useState<ScheduleFormValues>(() =>
    saved ? valuesFromSchedule(saved, userZone, new Date()) : defaultScheduleValues(userZone, new Date()),
  );
  // The rules are the server's own (scheduleInput, repeatOptions) plus the editor's (start not in
  // the past in the user's zone, a duration, weekly days, attendees' addresses): validateSchedule.
  const form = useForm<ScheduleFormValues>({
    initialValues,
    validate: (v): FormErrors => validateSchedule(v, userZone, new Date()),
  });
  const values = form.values;
  const errors = form.errors as ScheduleErrors;
  const [busy, setBusy] = useState<'save' | 'remove' | null>(null);
  const zoneOptions = useMemo(() => zones(values.timezone), [values.timezone]);
  const statusOf = useMemo(
    () => new Map((saved?.pendingAttendees ?? []).map((a) => [a.email.toLowerCase(), a.status])),
    [saved],
  );

  /** Changes some values; the errors of the fields the change touches go until the next check. */
  const set = (patch: Partial<ScheduleFormValues>, ...clear: ScheduleField[]) => {
    form.setValues(patch);
    for (const field of clear) form.clearFieldError(field);
  };

  function check(): ScheduleBody | null {
    return form.validate().hasErrors ? null : scheduleBody(form.getValues());
  }

  // No dependency list: the handle always checks the values as they are now.
  useImperativeHandle(draftRef, () => ({
    prepare: () => {
      const body = check();
      return body ? { ok: true, body } : { ok: false };
    },
  }));

  async function save() {
    const body = check();
    if (!body || !taskId) return;
    setBusy('save');
    try {
      await saveTaskSchedule(taskId, body);
      notifySuccess(t('saved'));
    } catch (err) {
      showServerErrors(err, t('saveFailed'));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (!taskId) return;
    setBusy('remove');
    try {
      await removeTaskSchedule(taskId);
      notifySuccess(t('removed'));
    } catch (err) {
      notifyError(t('removeFailed'), errorText(err, t('genericError')));
    } finally {
      setBusy(null);
    }
  }

  function showServerErrors(err: unknown, title: string) {
    if (err instanceof ApiError && Object.keys(err.errors).length > 0) {
      const { fields, rest } = scheduleServerErrors(err.errors);
      form.setErrors(fields);
      notifyError(title, rest[0] ?? t('fixErrors'));
    } else notifyError(title, errorText(err, t('genericError')));
  }

  const unit = values.repeat === 'never' ? 'daily' : values.repeat;
  const disabled = readOnly || busy !== null;

  return (
    <Stack gap="sm" pt={4}>
      {!taskId && !standalone && (
        <Text size="xs" c="dimmed">
          {t('newTaskHint')}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          type="date"
          label={t('start')}
          aria-label={t('startDate')}
          description={t('startHint', { zone: values.timezone })}
          value={values.date}
          onChange={(e) => {
            const date = e.currentTarget.value;
            const next = withStartDate(values, date);
            set({ date, weekdays: next.weekdays, monthDay: next.monthDay }, 'start', 'weekdays', 'monthDay');
          }}
          error={errors.start}
          disabled={disabled}
          required
        />
        {!values.allDay && (
          <TextInput
            type="time"
            label={t('startTime')}
            description=" "
            value={values.time}
            onChange={(e) => set({ time: e.currentTarget.value }, 'start')}
            disabled={disabled}
            required
          />
        )}
      </SimpleGrid>
      <Switch
        label={t('allDay')}
        checked={values.allDay}
        onChange={(e) => set({ allDay: e.currentTarget.checked }, 'start', 'duration')}
        disabled={disabled}
      />
      {!values.allDay && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id={`${taskId ?? 'new'}-duration`}>
            {t('duration')}
          </Text>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <SegmentedControl
              aria-labelledby={`${taskId ?? 'new'}-duration`}
              size="xs"
              value={values.durationChoice}
              onChange={(v) => set({ durationChoice: v as DurationChoice }, 'duration')}
              disabled={disabled}
              data={[
                ...DURATION_OPTIONS.map((d) => ({
                  value: `${d.minutes}`,
                  label: t(`durations.${d.minutes}` as 'durations.60'),
                })),
                { value: 'custom', label: t('durations.custom') },
              ]}
            />
            {values.durationChoice === 'custom' && (
              <NumberInput
                aria-label={t('customMinutes')}
                placeholder={t('customMinutes')}
                size="xs"
                w={110}
                min={1}
                max={1440}
                allowDecimal={false}
                value={values.customMinutes}
                onChange={(v) =>
                  set({ customMinutes: typeof v === 'number' ? v : Number(v) || 0 }, 'duration')
                }
                rightSection={<Text size="xs">min</Text>}
                disabled={disabled}
              />
            )}
          </Group>
          {errors.duration && (
            <Text size="xs" c="red">
              {errors.duration}
            </Text>
          )}
        </Stack>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Select
          label={t('flexibleTime')}
          data={(['1', '2', '3', '4'] as const).map((v) => ({ value: v, label: t(`flexible.${v}`) }))}
          value={`${values.flexibleTime}`}
          onChange={(v) => v && set({ flexibleTime: Number(v) as FlexibleTime })}
          allowDeselect={false}
          disabled={disabled}
        />
        <Select
          label={t('timezone')}
          data={zoneOptions}
          value={values.timezone}
          onChange={(v) => v && set({ timezone: v }, 'timezone', 'start')}
          searchable
          allowDeselect={false}
          error={errors.timezone}
          disabled={disabled}
          comboboxProps={{ withinPortal: true }}
        />
      </SimpleGrid>

      <Select
        label={t('repeat')}
        data={(['never', 'daily', 'weekly', 'monthly'] as const).map((v) => ({
          value: v,
          label: t(`repeats.${v}`),
        }))}
        value={values.repeat}
        onChange={(v) =>
          v && set({ repeat: v as Repeat }, 'interval', 'weekdays', 'monthDay', 'count', 'untilDate')
        }
        allowDeselect={false}
        disabled={disabled}
        maw={260}
      />
      {values.repeat !== 'never' && (
        <Stack gap="sm" pl="sm" style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}>
          <Group gap="sm" align="flex-start" wrap="wrap">
            <NumberInput
              label={t('every')}
              w={120}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              value={values.interval}
              onChange={(v) => set({ interval: typeof v === 'number' ? v : Number(v) || 0 }, 'interval')}
              rightSection={
                <Text size="xs" pr={28}>
                  {t(`units.${unit}`, { count: values.interval })}
                </Text>
              }
              rightSectionWidth={80}
              error={errors.interval}
              disabled={disabled}
            />
            {values.repeat === 'monthly' && (
              <NumberInput
                label={t('monthDay')}
                w={120}
                min={1}
                max={31}
                allowDecimal={false}
                value={values.monthDay}
                onChange={(v) => set({ monthDay: typeof v === 'number' ? v : Number(v) || 0 }, 'monthDay')}
                error={errors.monthDay}
                disabled={disabled}
              />
            )}
          </Group>
          {values.repeat === 'weekly' && (
            <Stack gap={4} role="group" aria-label={t('onDays')}>
              <Text size="sm" fw={500}>
                {t('onDays')}
              </Text>
              <Chip.Group<true>
                multiple
                value={values.weekdays}
                onChange={(v) => set({ weekdays: v as Weekday[] }, 'weekdays')}
              >
                <Group gap={6} wrap="wrap">
                  {WEEKDAYS.map((d) => (
                    <Chip key={d} value={d} size="xs" disabled={disabled}>
                      {t(`weekdays.${d}`)}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
              {errors.weekdays && (
                <Text size="xs" c="red" role="alert">
                  {errors.weekdays}
                </Text>
              )}
            </Stack>
          )}
          <Group gap="sm" align="flex-start" wrap="wrap">
            <Select
              label={t('ends')}
              w={160}
              data={(['never', 'count', 'until'] as const).map((v) => ({
                value: v,
                label: t(`endKinds.${v}`),
              }))}
              value={values.endKind}
              onChange={(v) => v && set({ endKind: v as EndKind }, 'count', 'untilDate')}
              allowDeselect={false}
              disabled={disabled}
            />
            {values.endKind === 'count' && (
              <NumberInput
                label={t('occurrences')}
                w={140}
                min={1}
                allowDecimal={false}
                value={values.count}
                onChange={(v) => set({ count: typeof v === 'number' ? v : Number(v) || 0 }, 'count')}
                error={errors.count}
                disabled={disabled}
              />
            )}
            {values.endKind === 'until' && (
              <TextInput
                type="date"
                label={t('endDate')}
                description={t('endDateHint')}
                value={values.untilDate}
                min={values.date}
                onChange={(e) => set({ untilDate: e.currentTarget.value }, 'untilDate')}
                error={errors.untilDate}
                disabled={disabled}
              />
            )}
          </Group>
        </Stack>
      )}

      {!standalone && (
        <TagsInput
          label={t('attendees')}
          description={t('attendeesHint')}
          value={values.attendees}
          onChange={(v) => set({ attendees: v.map((e) => e.trim()).filter(Boolean) }, 'attendees')}
          splitChars={[',', ' ', ';']}
          acceptValueOnBlur
          clearable
          error={errors.attendees}
          disabled={disabled}
          renderPill={({ value, onRemove }) => {
            const email = value ?? '';
            const ok = isEmail(email);
            return (
              <Pill
                withRemoveButton={!disabled}
                onRemove={onRemove}
                c={ok ? undefined : 'red'}
                bg={ok ? undefined : 'var(--mantine-color-red-light)'}
                data-invalid={ok ? undefined : true}
                title={ok ? email : SCHEDULE_MESSAGES.attendeeEmail}
              >
                {email}
              </Pill>
            );
          }}
        />
      )}
      {values.attendees.some((e) => statusOf.has(e.toLowerCase())) && (
        <Stack gap={4} data-testid="attendee-statuses">
          {values.attendees
            .filter((e) => statusOf.has(e.toLowerCase()))
            .map((e) => {
              const status = statusOf.get(e.toLowerCase())!;
              return (
                <Group key={e} gap="xs" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {e}
                  </Text>
                  <Badge
                    size="sm"
                    variant="light"
                    color={status === 'accepted' ? 'teal' : status === 'refused' ? 'red' : 'gray'}
                  >
                    {t(`attendeeStatus.${status}`, { defaultValue: status })}
                  </Badge>
                </Group>
              );
            })}
        </Stack>
      )}

      {taskId && !readOnly && (
        <Group gap="sm" justify="flex-end" wrap="wrap">
          {saved && (
            <Button
              variant="subtle"
              color="red"
              onClick={() => void remove()}
              loading={busy === 'remove'}
              disabled={busy !== null}
            >
              {t('remove')}
            </Button>
          )}
          <Button
            variant="light"
            onClick={() => void save()}
            loading={busy === 'save'}
            disabled={busy !== null}
          >
            {t('save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
