import { Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { InvitationCard } from '../components/invitation-card.tsx';
import { nextStep, readOutcome } from '../invitation-outcome.ts';

/**
 * /accept-invite-success: after an answer. An accepted invitation for an address without an account
 * says membership starts at sign-up and offers 'Create account'; otherwise 'Go to Tandem'. A decline
 * gets a plain confirmation. Opened directly (no answer in hand), it says the answer was recorded.
 */
export default function AcceptInviteSuccessPage() {
  const { t } = useTranslation('billing');
  const location = useLocation();
  const signedIn = useSessionStatus() === 'signedIn';
  const outcome = readOutcome(location.state);
  const step = nextStep(outcome, signedIn);
  const group = outcome?.answer?.group.title ?? '';

  let title: string;
  let text: string;
  if (outcome?.action === 'accepted') {
    title = t('invitation.successTitle');
    text =
      step.kind === 'createAccount'
        ? t('invitation.successNoAccount', { group, email: outcome.answer?.email ?? '' })
        : t('invitation.successJoined', { group });
  } else if (outcome?.action === 'declined') {
    title = t('invitation.declinedTitle');
    text = group ? t('invitation.declinedText', { group }) : t('invitation.declinedTextNoGroup');
  } else {
    title = t('invitation.answeredTitle');
    text = t('invitation.answeredText');
  }

  return (
    <InvitationCard title={title}>
      <Text data-testid="invitation-outcome" style={{ overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      <Group>
        <Button component={Link} to={step.to}>
          {step.kind === 'createAccount' ? t('invitation.createAccount') : t('invitation.goToTandem')}
        </Button>
      </Group>
    </InvitationCard>
  );
}
