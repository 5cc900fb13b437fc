import { Button, type ButtonProps } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { BILLING_URL } from '../../../config/billing.ts';

/** The billing button (spec 002 §4): opens the billing address in a new tab. */
export function BillingButton(props: Omit<ButtonProps, 'children'> & { onClick?: () => void }) {
  const { t } = useTranslation('billing');
  return (
    <Button
      component="a"
      href={BILLING_URL}
      target="_blank"
      rel="noopener noreferrer"
      title={t('billingButtonHint')}
      rightSection={<IconExternalLink size={14} aria-hidden />}
      {...props}
    >
      {t('billingButton')}
    </Button>
  );
}
