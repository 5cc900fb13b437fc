/** The integrations screen (spec 002 §2): connect a calendar provider; the connections and their calendars. */
import { Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { OAuthProvider } from '@tandem/shared/integrations/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { authorizationUrl, useIntegrations } from '../api/integrations.ts';
import { CaldavForm } from '../components/caldav-form.tsx';
import { ConnectionCard } from '../components/connection-card.tsx';

export default function IntegrationsPage() {
  const { t } = useTranslation('integrations');
  const { data, isLoading } = useIntegrations();
  const [caldav, setCaldav] = useState(false);
  const signIn = async (provider: OAuthProvider) => {
    try {
      window.location.assign(await authorizationUrl(provider));
    } catch (err) {
      notifyError(t('error'), errorText(err, t('error')));
    }
  };
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz="h2">
        {t('title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('intro')}
      </Text>
      <Group gap="xs">
        <Button onClick={() => signIn('google')}>{t('connect.google')}</Button>
        <Button onClick={() => signIn('azure')}>{t('connect.azure')}</Button>
        <Button variant="light" onClick={() => setCaldav((v) => !v)}>
          {t('connect.caldav')}
        </Button>
      </Group>
      {caldav && (
        <Paper withBorder p="sm">
          <CaldavForm onDone={() => setCaldav(false)} />
        </Paper>
      )}
      {isLoading ? (
        <Loader size="sm" />
      ) : (data ?? []).length === 0 ? (
        <Text size="sm">{t('empty')}</Text>
      ) : (
        (data ?? []).map((c) => <ConnectionCard key={c.id} connection={c} />)
      )}
    </Stack>
  );
}
