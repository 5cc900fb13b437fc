/**
 * The appointment popup (spec 000 §2): the group (colour and title), the task's title, date and time
 * in the user's formats, the recurrence in words, the description, and Open, Delete and Close.
 */
import { Box, Button, Group, Modal, ScrollArea, Stack, Text, VisuallyHidden } from '@mantine/core';
import { DEFAULT_GROUP_COLOR } from '@tandem/shared/groups/group';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { DateTime } from '../../../lib/time/luxon.ts';
import { deleteTasks } from '../../tasks/api/tasks.ts';
import { revalidateSchedule } from '../api/schedule.ts';
import type { CalendarEvent } from '../utils/events.ts';
import { type UserFormats, whenText } from '../utils/formats.ts';
import { recurrenceText, type TextFn } from '../utils/recurrence-text.ts';

export function AppointmentPopup({
  event,
  formats,
  onClose,
  onOpen,
}: {
  event: CalendarEvent | null;
  formats: UserFormats;
  onClose: () => void;
  onOpen: (taskId: string) => void;
}) {
  const { t } = useTranslation('calendar');
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  // Keeps drawing the last event while the modal fades out.
  const [shown, setShown] = useState<CalendarEvent | null>(event);
  if (event && event !== shown) setShown(event);
  const o = shown?.occurrence;

  const repeats = o
    ? recurrenceText(o.recurRule, t as unknown as TextFn, (d) =>
        DateTime.fromJSDate(d).toFormat(formats.date),
      )
    : null;

  const remove = async () => {
    if (!o) return;
    setDeleting(true);
    try {
      await deleteTasks([o.taskId], false);
      notifySuccess(t('popup.deleted'));
      setConfirming(false);
      onClose();
    } catch (err) {
      notifyError(t('popup.deleteFailed'), errorText(err, t('popup.deleteFailed')));
    } finally {
      setDeleting(false);
      await revalidateSchedule();
    }
  };

  const colour = o?.group.color || DEFAULT_GROUP_COLOR;

  return (
    <Modal
      opened={event !== null}
      onClose={() => {
        if (deleting) return;
        setConfirming(false);
        onClose();
      }}
      onExitTransitionEnd={() => setShown(null)}
      size="md"
      // Above the daily modal, which it can be opened from.
      zIndex={310}
      title={
        o && (
          <Group gap="xs" wrap="nowrap">
            <Box
              aria-hidden
              w={12}
              h={12}
              style={{ borderRadius: '50%', background: colour, flexShrink: 0 }}
            />
            <Text size="sm" fw={600} c="dimmed" lineClamp={1}>
              <VisuallyHidden>{t('popup.group')}: </VisuallyHidden>
              {o.group.title}
            </Text>
          </Group>
        )
      }
    >
      {shown && o && (
        <Stack gap="sm">
          <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {o.title}
          </Text>
          <Stack gap={2}>
            <Text size="sm">
              <Text span size="sm" c="dimmed">
                {t('popup.when')}:{' '}
              </Text>
              {whenText(shown.start, shown.end, shown.allDay, formats)}
            </Text>
            {repeats && (
              <Text size="sm">
                <Text span size="sm" c="dimmed">
                  {t('popup.repeats')}:{' '}
                </Text>
                {repeats}
              </Text>
            )}
          </Stack>
          <ScrollArea.Autosize mah={200} type="auto">
            <Text
              size="sm"
              c={o.description ? undefined : 'dimmed'}
              style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            >
              {o.description || t('popup.noDescription')}
            </Text>
          </ScrollArea.Autosize>
          {confirming ? (
            <Stack gap="xs" mt="xs">
              <Text size="sm" fw={500} role="alert">
                {t('popup.confirmDelete')}
              </Text>
              <Group justify="flex-end" gap="xs">
                <Button variant="default" onClick={() => setConfirming(false)} disabled={deleting}>
                  {t('popup.cancel')}
                </Button>
                <Button color="red" onClick={remove} loading={deleting}>
                  {t('popup.confirm')}
                </Button>
              </Group>
            </Stack>
          ) : (
            <Group justify="flex-end" gap="xs" mt="xs">
              <Button variant="default" onClick={onClose}>
                {t('popup.close')}
              </Button>
              <Button variant="light" color="red" onClick={() => setConfirming(true)}>
                {t('popup.delete')}
              </Button>
              <Button onClick={() => onOpen(o.taskId)}>{t('popup.open')}</Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}
