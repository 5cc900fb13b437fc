import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { markRead, useNotifications } from '../api/notifications.ts';
import { notificationText } from '../utils/text.ts';
import '../../../i18n/with-later-texts.ts';

/** The task modal's notifications tab (spec 000 §2): the person's notifications about this task. */
export function TaskNotificationsTab({ taskId }: { taskId: string }) {
  const { t, i18n } = useTranslation();
  const { data } = useNotifications();
  const mine = (data?.results ?? []).filter((n) => n.variables.taskId === taskId);
  if (mine.length === 0) return <Text c="dimmed">{t('notifications.noneForTask')}</Text>;
  const format = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (
    <Stack gap="xs" data-testid="task-notifications">
      {mine.map((n) => (
        <Group key={n.id} justify="space-between" wrap="nowrap" align="flex-start">
          <div>
            <Text size="sm" fw={n.readAt ? 400 : 600}>
              {notificationText(t, n)}
            </Text>
            <Text size="xs" c="dimmed">
              {format.format(new Date(n.createdAt))}
            </Text>
          </div>
          {!n.readAt && (
            <Anchor
              component="button"
              type="button"
              size="xs"
              onClick={() =>
                void markRead([n.id]).catch((e) =>
                  notifyError(t('notifications.markRead'), errorText(e, t('errors.generic'))),
                )
              }
            >
              {t('notifications.markOneRead')}
            </Anchor>
          )}
        </Group>
      ))}
    </Stack>
  );
}
