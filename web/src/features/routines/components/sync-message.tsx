import { Affix, Group, Loader, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APP_HEADER_HEIGHT } from '../../../config/app-header.ts';
import { useDailyNormalisation } from '../hooks/use-daily-normalisation.ts';

/** Just below the app's header. */
const TOP = APP_HEADER_HEIGHT + 8;

/**
 * The sync message while the day's data normalises (spec 001 §2, at most 12 s). It floats under the
 * header rather than taking a line of the page: shown for a moment on the day's first start, a line
 * in the flow would push the page down and back up.
 */
export default function DailyNormalisation() {
  const { t } = useTranslation('routines');
  const syncing = useDailyNormalisation();
  if (!syncing) return null;
  return (
    <Affix
      position={{ top: TOP, left: 0, right: 0 }}
      style={{ display: 'flex', justifyContent: 'center', pointerEvents: 'none' }}
      zIndex={190}
    >
      <Paper withBorder shadow="sm" radius="xl" px="md" py={6} role="status" aria-live="polite">
        <Group gap="xs" wrap="nowrap">
          <Loader size="xs" />
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('sync')}
          </Text>
        </Group>
      </Paper>
    </Affix>
  );
}
