/** CalDAV: server address, user name and an app password; the server is asked before anything is kept. */
import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { IntegrationView } from '@tandem/shared/integrations/integrations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { initializeCaldav } from '../api/integrations.ts';

export function CaldavForm({ onDone }: { onDone?: (made: IntegrationView) => void }) {
  const { t } = useTranslation('integrations');
  const [serverUrl, setServerUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setErrors({});
    try {
      const made = await initializeCaldav({ serverUrl, username, password });
      setPassword('');
      onDone?.(made);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) setErrors(err.body.errors ?? {});
      else notifyError(t('error'), errorText(err, t('error')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} aria-label={t('connect.caldav')}>
      <Stack gap="xs" maw={420}>
        <Text size="sm" c="dimmed">
          {t('connect.caldavHint')}
        </Text>
        <TextInput
          label={t('connect.serverUrl')}
          placeholder="https://caldav.icloud.com/"
          value={serverUrl}
          onChange={(e) => setServerUrl(e.currentTarget.value)}
          error={errors.server_url}
          required
        />
        <TextInput
          label={t('connect.username')}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={errors.username}
          required
        />
        <PasswordInput
          label={t('connect.password')}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={errors.password}
          required
        />
        <Button type="submit" loading={busy} w="fit-content">
          {t('connect.submit')}
        </Button>
      </Stack>
    </form>
  );
}
