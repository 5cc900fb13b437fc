import { Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDailyNormalisation } from '../hooks/use-daily-normalisation.ts';

/** The sync message while the day's data normalises (spec 001 §2, at most 12 s). */
export default function DailyNormalisation() {
  const { t } = useTranslation('routines');
  const syncing = useDailyNormalisation();
  if (!syncing) return null;
  return (
    <Group gap="xs" mb="sm" role="status" aria-live="polite">
      <Loader size="xs" />
      <Text size="sm" c="dimmed">
        {t('sync')}
      </Text>
    </Group>
  );
}
