/**
 * The private calendar feed: a secret address any calendar app can subscribe to. Making a new one
 * stops the old address; revoking ends the feed. The address is shown once, when made, since only a
 * hash of it is kept.
 */
import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import * as routes from '@tandem/shared/api/route-defs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';

export function CalendarFeedCard() {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const make = async () => {
    setBusy(true);
    try {
      setUrl((await api<{ url: string }>(routes.createCalendarFeed)).url);
    } catch (err) {
      notifyError(t('settings.feed.failed'), errorText(err, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    setBusy(true);
    try {
      await api<unknown>(routes.revokeCalendarFeed);
      setUrl(null);
      notifySuccess(t('settings.feed.revoked'));
    } catch (err) {
      notifyError(t('settings.feed.failed'), errorText(err, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg" maw={560}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {t('settings.feed.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settings.feed.help')}
        </Text>
        {url && (
          <Group gap="xs" wrap="nowrap" align="end">
            <TextInput label={t('settings.feed.address')} value={url} readOnly style={{ flex: 1 }} />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? t('settings.feed.copied') : t('settings.feed.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        <Group gap="xs">
          <Button onClick={make} loading={busy}>
            {url ? t('settings.feed.remake') : t('settings.feed.make')}
          </Button>
          <Button variant="subtle" color="red" onClick={revoke} disabled={busy}>
            {t('settings.feed.revoke')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
