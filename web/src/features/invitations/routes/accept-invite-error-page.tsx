import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { InvitationCard } from '../components/invitation-card.tsx';
import { readErrorState } from '../invitation-outcome.ts';

/**
 * /accept-invite-error: the invitation could not be shown or answered (unknown, used or expired key:
 * the server's fallback_message). A failure that may pass offers to try again.
 */
export default function AcceptInviteErrorPage() {
  const { t } = useTranslation('billing');
  const location = useLocation();
  const signedIn = useSessionStatus() === 'signedIn';
  const { message, retry } = readErrorState(location.state);

  return (
    <InvitationCard title={t('invitation.errorTitle')}>
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
        <Text size="sm" data-testid="invitation-error">
          {message ?? t('invitation.errorDefault')}
        </Text>
      </Alert>
      <Group gap="sm">
        {retry && (
          <Button component={Link} to={retry} replace>
            {t('invitation.retry')}
          </Button>
        )}
        <Button component={Link} to={signedIn ? '/' : '/login'} variant={retry ? 'default' : 'filled'}>
          {t('invitation.goToTandem')}
        </Button>
      </Group>
    </InvitationCard>
  );
}
