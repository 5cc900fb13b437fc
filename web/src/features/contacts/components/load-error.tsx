import { Alert, Button, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { contactsErrorMessage } from '../utils/errors.ts';

/** A failed load (spec 001 §8): the fallback as the heading, the status and message under it, a retry. */
export function LoadError({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      <Text size="sm">{contactsErrorMessage(error)}</Text>
      {onRetry && (
        <Button mt="xs" size="xs" variant="default" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </Alert>
  );
}
