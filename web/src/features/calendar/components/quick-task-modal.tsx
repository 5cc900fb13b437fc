/**
 * Quick task creation for an empty calendar slot (spec 000 §2, §3 quick-task payload, §9): title and
 * group required, description optional. Create makes the task (level 8, not started, active, the
 * creator as assignee) and then gives it the slot as its schedule: the slot's minutes, or all-day.
 */
import { Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { TEXT_LIMITS } from '@tandem/shared/api/limits';
import { GROUP_STATUS } from '@tandem/shared/groups/group';
import { TASK_FLAG, TASK_STATUS } from '@tandem/shared/tasks/constants';
import { quickTaskForm } from '@tandem/shared/tasks/forms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { formValidator } from '../../../lib/validation.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { createTask } from '../../tasks/api/tasks.ts';
import { revalidateSchedule, setScheduleFromSlot } from '../api/schedule.ts';
import { type UserFormats, whenText } from '../utils/formats.ts';

/** Spec 000 §3: quick tasks are created at level 8. */
export const QUICK_TASK_LEVEL = 8;

export interface QuickSlot {
  start: Date;
  end: Date;
  allDay: boolean;
  minutes: number;
}

export function QuickTaskModal({
  slot,
  onClose,
  formats,
}: {
  slot: QuickSlot | null;
  onClose: () => void;
  formats: UserFormats;
}) {
  const { t } = useTranslation(['calendar', 'validation']);
  const narrow = useMediaQuery('(max-width: 48em)');
  const { data: groupList } = useGroups();
  const { data: config } = useUserConfig();
  const groups = (groupList?.results ?? []).filter(
    (g) => g.status === GROUP_STATUS.active && g.memberStatus === GROUP_STATUS.active,
  );
  // As the task form picks it: the default (favourite) group, else the settings' group, else the first.
  const defaultGroup =
    groups.find((g) => g.isDefault)?.id ?? groups.find((g) => g.id === config?.group)?.id ?? groups[0]?.id;

  const check = formValidator(quickTaskForm, (key, v) => t(key, v));
  const form = useForm({
    initialValues: { title: '', group: null as string | null, description: '' },
    // Until one is picked, the group is the default one shown in the field.
    validate: (values) => check({ ...values, group: values.group ?? defaultGroup ?? null }),
  });
  const [saving, setSaving] = useState(false);
  const chosenGroup = form.values.group ?? defaultGroup ?? null;

  const reset = () => form.reset();
  const close = () => {
    if (saving) return;
    onClose();
  };

  const submit = async ({ title, description }: typeof form.values) => {
    if (!slot || !chosenGroup) return;
    setSaving(true);
    let taskId: string | undefined;
    try {
      const [created] = await createTask({
        title: title.trim(),
        group: chosenGroup,
        details: { description: description.trim(), flag: TASK_FLAG.normal },
        level: QUICK_TASK_LEVEL,
        status: TASK_STATUS.notStarted,
        mode: 'active',
      });
      taskId = created?.id;
    } catch (err) {
      notifyError(t('quick.createFailed'), errorText(err, t('quick.createFailed')));
      setSaving(false);
      return;
    }
    try {
      if (taskId) {
        await setScheduleFromSlot(taskId, {
          startDate: slot.start.toISOString(),
          duration: slot.minutes,
          allDay: slot.allDay,
          timezone: browserZone(),
        });
      }
      notifySuccess(t('quick.created'));
    } catch (err) {
      notifyError(t('quick.scheduleFailed'), errorText(err, t('quick.scheduleFailed')));
    } finally {
      setSaving(false);
      await revalidateSchedule();
    }
    onClose();
  };

  return (
    <Modal
      opened={slot !== null}
      onClose={close}
      onExitTransitionEnd={reset}
      title={t('quick.title')}
      fullScreen={narrow}
      closeOnClickOutside={false}
    >
      <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate>
        <Stack gap="sm">
          {slot && (
            <Text size="sm" c="dimmed">
              {t('quick.when')}: {whenText(slot.start, slot.end, slot.allDay, formats)}
            </Text>
          )}
          <TextInput
            label={t('quick.titleLabel')}
            required
            data-autofocus
            maxLength={TEXT_LIMITS.taskTitle}
            {...form.getInputProps('title')}
          />
          <Select
            label={t('quick.group')}
            required
            placeholder={t('quick.groupPlaceholder')}
            data={groups.map((g) => ({ value: g.id, label: g.title }))}
            {...form.getInputProps('group')}
            value={chosenGroup}
            allowDeselect={false}
            searchable
            error={form.errors.group ?? (groupList && groups.length === 0 ? t('quick.noGroups') : undefined)}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t('quick.description')}
            autosize
            minRows={3}
            maxRows={8}
            {...form.getInputProps('description')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close} disabled={saving}>
              {t('quick.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('quick.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
