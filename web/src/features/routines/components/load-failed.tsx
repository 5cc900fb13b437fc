import { Alert, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('routines');
  return (
    <Alert color="red" variant="light" title={t('loadFailed')}>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Alert>
  );
}
