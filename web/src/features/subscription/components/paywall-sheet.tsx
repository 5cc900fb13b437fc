import { Button, Drawer, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { signOut } from '../../../lib/auth/session.ts';
import { getConfig } from '../../../lib/config.ts';
import { billingEmbedOf, type PaywallDecision } from '../paywall-rules.ts';
import { dismissOnHold, resetSubscriptionState } from '../subscription-store.ts';
import { BillingButton } from './billing-button.tsx';

/** Height of the sheet (spec 002 §9: 45% of the viewport). */
export const PAYWALL_HEIGHT = '45dvh';

const COLUMN = 720;

type Shown = Exclude<PaywallDecision, { kind: 'none' }>;

/**
 * The paywall bottom sheet (spec 002 §4). Blocking: no close button, Escape and the backdrop do
 * nothing, only the billing page or sign-out lead on. The upsell closes to /, the on-hold notice
 * closes for the session.
 */
export default function PaywallSheet({ decision }: { decision: Shown }) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const texts =
    decision.kind === 'blocked'
      ? {
          title: t(`paywall.blocked.${decision.reason}.title`),
          text: t(`paywall.blocked.${decision.reason}.text`),
        }
      : { title: t(`paywall.${decision.kind}.title`), text: t(`paywall.${decision.kind}.text`) };

  const close = () => {
    if (decision.kind === 'upsell') navigate(decision.closeTo, { replace: true });
    else if (decision.kind === 'onHold') dismissOnHold();
  };

  // The billing service's page in a sandboxed frame when one is configured; our own text otherwise (D76).
  const embed = billingEmbedOf(getConfig().billingEmbedUrl);

  return (
    <Drawer
      opened
      onClose={decision.closable ? close : () => undefined}
      position="bottom"
      size={PAYWALL_HEIGHT}
      withCloseButton={decision.closable}
      closeOnEscape={decision.closable}
      closeOnClickOutside={decision.closable}
      closeButtonProps={{ 'aria-label': t('close') }}
      title={texts.title}
      radius="md"
      scrollAreaComponent={ScrollArea.Autosize}
      overlayProps={{ backgroundOpacity: 0.55, blur: 2 }}
      styles={{
        // One centred column on wide screens; the sheet itself spans the width.
        header: { maxWidth: COLUMN, width: '100%', marginInline: 'auto' },
        body: { maxWidth: COLUMN, marginInline: 'auto' },
        title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' },
      }}
      data-testid="paywall"
      data-paywall-kind={decision.kind}
    >
      <Stack gap="md">
        <Text>{texts.text}</Text>
        {embed && (
          <iframe
            src={embed}
            title={t('paywall.embedTitle')}
            data-testid="paywall-embed"
            // Scripts and forms of its own origin; links open new tabs; never our page or its storage.
            sandbox="allow-scripts allow-forms allow-same-origin allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            style={{
              width: '100%',
              // The sheet's height less its title, text, padding and button row: the buttons stay in view.
              height: 'calc(45dvh - 12rem)',
              minHeight: 160,
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-md)',
              background: 'var(--mantine-color-body)',
            }}
          />
        )}
        {/* The framed billing page says what the plans keep; without it, our own line does. */}
        {!embed && decision.kind !== 'upsell' && (
          <Text c="dimmed" size="sm">
            {t('paywall.licensing')}
          </Text>
        )}
        <Group gap="sm">
          <BillingButton />
          {decision.kind === 'upsell' ? (
            <Button variant="default" onClick={close}>
              {t('paywall.upsell.close')}
            </Button>
          ) : (
            <>
              {decision.kind === 'onHold' && (
                <Button variant="default" onClick={close}>
                  {t('paywall.onHold.close')}
                </Button>
              )}
              <Button
                variant="subtle"
                color="gray"
                leftSection={<IconLogout size={16} aria-hidden />}
                loading={signingOut}
                onClick={() => {
                  setSigningOut(true);
                  resetSubscriptionState();
                  void signOut();
                }}
              >
                {t('signOut')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Drawer>
  );
}
