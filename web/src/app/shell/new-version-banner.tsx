import { Alert, Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../lib/app-state.ts';

/** Shown when the API reports a build other than the one this page was loaded with. */
export function NewVersionBanner() {
  const { t } = useTranslation();
  const show = useAppState((s) => s.newBuildAvailable);
  if (!show) return null;
  return (
    <Alert color="blue" variant="light" mb="md" role="status">
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('newVersion.text')}</Text>
        <Button size="xs" leftSection={<IconRefresh size={14} />} onClick={() => window.location.reload()}>
          {t('newVersion.refresh')}
        </Button>
      </Group>
    </Alert>
  );
}
