import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { STORAGE_EVENTS } from '@tandem/shared/user/limits';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format.ts';
import { closeRefusal, useSubscriptionUi } from '../subscription-store.ts';
import { BillingButton } from './billing-button.tsx';

/**
 * The subscription popover (spec 000 §8): a write was refused over a limit. Says which limit, how
 * far it is used, and links to billing. Shown near the top, under the header.
 */
export default function LimitPopover() {
  const { t } = useTranslation('billing');
  const refusal = useSubscriptionUi((s) => s.refusal);
  // Keep the last refusal on screen while the modal closes.
  const shown = useLastDefined(refusal);

  let usage: string | null = null;
  if (shown && shown.limit !== null && shown.count !== null) {
    const storage = shown.event !== null && STORAGE_EVENTS.includes(shown.event);
    usage = t(storage ? 'usageStorage' : 'usage', {
      used: formatNumber(shown.count),
      limit: formatNumber(shown.limit),
    });
  }

  return (
    <Modal
      opened={refusal !== null}
      onClose={closeRefusal}
      title={t('popover.title')}
      yOffset={72}
      size="md"
      closeButtonProps={{ 'aria-label': t('close') }}
      styles={{ title: { fontWeight: 700 } }}
      data-testid="limit-popover"
    >
      <Stack gap="sm">
        <Text>{shown?.message ?? t('popover.fallback')}</Text>
        {usage && (
          <Text size="sm" c="dimmed">
            {shown?.event
              ? t('popover.usageEvent', { event: t(`events.${shown.event}`), usage })
              : t('popover.usageOnly', { usage })}
          </Text>
        )}
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={closeRefusal}>
            {t('close')}
          </Button>
          <BillingButton onClick={closeRefusal} />
        </Group>
      </Stack>
    </Modal>
  );
}

function useLastDefined<T>(value: T | null): T | null {
  const [last, setLast] = useState<T | null>(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
