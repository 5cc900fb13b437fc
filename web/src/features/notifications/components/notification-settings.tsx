import { Card, Stack, Switch, Table, Text, Title } from '@mantine/core';
import {
  EMAIL_ALWAYS,
  NOTIFICATION_SETTING_KEYS,
  NOTIFICATION_TEMPLATES,
  type NotificationChannel,
  type NotificationSettingsPatch,
} from '@tandem/shared/notifications/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { updateUserConfig } from '../../settings/api/update-user-config.ts';
import '../../../i18n/with-later-texts.ts';

const CHANNELS: readonly NotificationChannel[] = ['inApp', 'email', 'push'];

/** Settings › Preferences: per kind, in the app / e-mail / push; and the chime (decisions D39). */
export function NotificationSettingsCard() {
  const { t } = useTranslation();
  const { data: config } = useUserConfig();
  const [saving, setSaving] = useState<string | null>(null);
  const settings = config?.notifications;
  if (!settings) return null;

  const save = async (id: string, patch: NotificationSettingsPatch) => {
    setSaving(id);
    try {
      await updateUserConfig({ notifications: patch });
    } catch (e) {
      notifyError(t('notifications.settings.title'), errorText(e, t('errors.generic')));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Card withBorder padding="lg" maw={760} mt="xl" data-testid="notification-settings">
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('notifications.settings.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('notifications.settings.intro')}
        </Text>
        <Table.ScrollContainer minWidth={420}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('notifications.settings.kind')}</Table.Th>
                {CHANNELS.map((c) => (
                  <Table.Th key={c}>{t(`notifications.settings.${c}`)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {NOTIFICATION_TEMPLATES.map((template) => {
                const key = NOTIFICATION_SETTING_KEYS[template];
                const label = t(`notifications.settings.kinds.${key}`);
                // The `delegated` kind also carries curriculum notices (D83, D85): its row says so.
                const hint = key === 'delegated' ? t('notifications.settings.kindHints.delegated') : null;
                return (
                  <Table.Tr key={key}>
                    <Table.Td>
                      {label}
                      {hint && (
                        <Text size="xs" c="dimmed">
                          {hint}
                        </Text>
                      )}
                    </Table.Td>
                    {CHANNELS.map((c) => {
                      const always = c === 'email' && EMAIL_ALWAYS.has(template);
                      const id = `${key}.${c}`;
                      if (always)
                        return (
                          <Table.Td key={c}>
                            <Text size="sm" c="dimmed" title={t('notifications.settings.emailAlways')}>
                              {t('notifications.settings.always')}
                            </Text>
                          </Table.Td>
                        );
                      return (
                        <Table.Td key={c}>
                          <Switch
                            aria-label={`${label}: ${t(`notifications.settings.${c}`)}`}
                            checked={settings.kinds[key][c]}
                            disabled={saving === id}
                            onChange={(e) =>
                              void save(id, { kinds: { [key]: { [c]: e.currentTarget.checked } } })
                            }
                          />
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="xs" c="dimmed">
          {t('notifications.settings.emailAlways')}
        </Text>
        <Switch
          label={t('notifications.settings.silenceChime')}
          description={t('notifications.settings.silenceChimeHint')}
          checked={settings.silenceChime}
          disabled={saving === 'chime'}
          onChange={(e) => void save('chime', { silenceChime: e.currentTarget.checked })}
        />
      </Stack>
    </Card>
  );
}
