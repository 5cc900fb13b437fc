import { Button, DataList, Text } from '@mantine/core';
import { ROLE_IDS, type RoleName, roleName } from '@tandem/shared/groups/roles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mutate } from 'swr';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { InvitationCard } from '../../invitations/components/invitation-card.tsx';
import {
  AnswerButtons,
  DescriptionItem,
  DetailItem,
  InvitationError,
  InvitationLoading,
  InvitationOutcome,
  InviterItems,
  useInvitationKey,
} from '../../invitations/components/invitation-parts.tsx';
import { useInvitationAnswer } from '../../invitations/hooks/use-invitation-answer.ts';
import { answerTaskInvitationRequest, getTaskInvitationRequest } from '../api/delegation.ts';
import { delegationNextStep } from '../utils/outcome.ts';

const dueFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatDue = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : dueFormat.format(d);
};

/**
 * /accept-delegate-invite?key=… (spec 002 §2 public routes, §7 Invitations): the task someone asked
 * the reader to take on — title, description, due date, who asked and the role — with Accept and
 * Decline. Reachable signed in or out. After accepting, an e-mail without an account is led to sign
 * up (the task comes with the account); otherwise into Tandem. An unknown, used or expired link shows
 * the server's message as it is.
 */
export default function AcceptDelegateInvitePage() {
  const { inviteKey, attempt, retry } = useInvitationKey();
  return <DelegateInvite key={`${inviteKey}:${attempt}`} inviteKey={inviteKey} onRetry={retry} />;
}

function DelegateInvite({ inviteKey, onRetry }: { inviteKey: string; onRetry: () => void }) {
  const { t } = useTranslation('tasks');
  const signedIn = useSessionStatus() === 'signedIn';
  const { state, busy, answer } = useInvitationAnswer({
    inviteKey,
    load: getTaskInvitationRequest,
    answer: answerTaskInvitationRequest,
    texts: {
      missingKey: t('delegateInvite.missingKey'),
      errorDefault: t('delegateInvite.errorDefault'),
      answerFailed: t('delegateInvite.answerFailed'),
    },
    // Someone signed in sees the task on their lists at once.
    onAnswered: () => {
      if (signedIn) void mutate(() => true);
    },
  });

  if (state.kind === 'loading')
    return <InvitationLoading title={t('delegateInvite.title')} label={t('delegateInvite.loading')} />;

  if (state.kind === 'error')
    return (
      <InvitationError
        title={t('delegateInvite.errorTitle')}
        message={state.message}
        testId="delegation-error"
        onRetry={state.retry ? onRetry : undefined}
        tryAgain={t('delegateInvite.tryAgain')}
        home={
          <Button
            component={Link}
            to={signedIn ? '/' : '/login'}
            variant={state.retry ? 'default' : 'filled'}
          >
            {t('delegateInvite.goToTandem')}
          </Button>
        }
      />
    );

  if (state.kind === 'answered') {
    const { accepted, answer: reply } = state;
    const step = delegationNextStep(accepted, reply, signedIn);
    const title = reply.task.title;
    return (
      <InvitationOutcome
        title={accepted ? t('delegateInvite.acceptedTitle') : t('delegateInvite.declinedTitle')}
        accepted={accepted}
        testId="delegation-outcome"
        text={
          !accepted
            ? t('delegateInvite.declinedText', { title })
            : step.kind === 'createAccount'
              ? t('delegateInvite.acceptedNoAccount', { title, email: reply.email })
              : t('delegateInvite.acceptedText', { title })
        }
        next={
          <Button component={Link} to={step.to}>
            {step.kind === 'createAccount'
              ? t('delegateInvite.createAccount')
              : t('delegateInvite.goToTandem')}
          </Button>
        }
      />
    );
  }

  const { data } = state;
  const role = ROLE_IDS.includes(data.role)
    ? t(`roles.${roleName(data.role)}` as `roles.${RoleName}`)
    : data.roleTitle;
  return (
    <InvitationCard title={t('delegateInvite.title')}>
      <Text>{t('delegateInvite.intro', { name: data.inviter.name || data.inviter.email })}</Text>
      <DataList orientation="vertical" gap="sm" data-testid="delegation-details">
        <DetailItem label={t('delegateInvite.task')}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="delegation-task">
            {data.task.title}
          </Text>
        </DetailItem>
        <DescriptionItem label={t('delegateInvite.description')} description={data.task.description} />
        <DetailItem label={t('delegateInvite.due')}>
          <Text c={data.task.dueAt ? undefined : 'dimmed'}>
            {data.task.dueAt ? formatDue(data.task.dueAt) : t('delegateInvite.noDue')}
          </Text>
        </DetailItem>
        <InviterItems
          invitedBy={t('delegateInvite.invitedBy')}
          invitedEmail={t('delegateInvite.invitedEmail')}
          inviter={data.inviter}
          email={data.email}
        >
          <DetailItem label={t('delegateInvite.role')}>
            <Text>{role}</Text>
          </DetailItem>
        </InviterItems>
      </DataList>
      <AnswerButtons
        expiresAt={data.expiresAt}
        expires={(date) => t('delegateInvite.expires', { date })}
        busy={busy}
        onAnswer={(accept) => void answer(accept)}
        accept={t('delegateInvite.accept')}
        decline={t('delegateInvite.decline')}
      />
    </InvitationCard>
  );
}
