import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../lib/app-state.ts';
import { useCurrentSubscription } from '../api/current-subscription.ts';
import { useSubscriptionLimits } from '../api/subscription-limits.ts';
import { showLicensingBanner } from '../paywall-rules.ts';
import { dismissBanner, useSubscriptionUi } from '../subscription-store.ts';
import { BillingButton } from './billing-button.tsx';

/**
 * The licensing banner (spec 001 §2): for provisioned users whose limits are met or exceeded, as
 * reported by a refused call or read from the limits. It can be closed for the session.
 */
export function LicensingBanner() {
  const { data: subscription } = useCurrentSubscription();
  const { data: limits } = useSubscriptionLimits({ quiet: true });
  const reported = useAppState((s) => s.subscriptionStatus);
  const dismissed = useSubscriptionUi((s) => s.bannerDismissed);
  if (!showLicensingBanner({ provisioned: !!subscription, reported, limits, dismissed })) return null;
  // Its texts are not in the entry (i18n/index.ts): fetched when the banner first shows.
  return (
    <Suspense fallback={null}>
      <LicensingAlert />
    </Suspense>
  );
}

function LicensingAlert() {
  const { t } = useTranslation('billing');
  return (
    <Alert
      color="orange"
      variant="light"
      mb="md"
      role="status"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={t('banner.close')}
      onClose={dismissBanner}
      data-testid="licensing-banner"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm" style={{ flex: '1 1 240px' }}>
          {t('banner.text')}
        </Text>
        <BillingButton size="xs" variant="light" color="orange" />
      </Group>
    </Alert>
  );
}
