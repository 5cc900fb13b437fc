import { Button, DataList, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { browserZone } from '../../../lib/time/zone.ts';
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
import { answerAttendeeInvitation, getAttendeeInvitation } from '../api/schedule.ts';
import { describeWhen } from '../utils/describe.ts';

/**
 * /accept-attendee-invite?key=… (spec 002 §2 public routes): the scheduled task someone invited the
 * reader to attend — title, description, when (in the reader's zone), how it repeats and who invited —
 * with Accept and Decline. Reachable signed in or out; the server's message is shown as it is when
 * the link is unknown (404), already answered (409) or expired (410).
 */
export default function AcceptAttendeeInvitePage() {
  const { inviteKey, attempt, retry } = useInvitationKey();
  return <AttendeeInvite key={`${inviteKey}:${attempt}`} inviteKey={inviteKey} onRetry={retry} />;
}

function AttendeeInvite({ inviteKey, onRetry }: { inviteKey: string; onRetry: () => void }) {
  const { t } = useTranslation('schedule');
  const signedIn = useSessionStatus() === 'signedIn';
  const { state, busy, answer } = useInvitationAnswer({
    inviteKey,
    load: getAttendeeInvitation,
    answer: answerAttendeeInvitation,
    texts: {
      missingKey: t('attendeeInvite.missingKey'),
      errorDefault: t('attendeeInvite.errorDefault'),
      answerFailed: t('attendeeInvite.answerFailed'),
    },
  });

  const home = (
    <Button component={Link} to={signedIn ? '/' : '/login'}>
      {t('attendeeInvite.goToTandem')}
    </Button>
  );

  if (state.kind === 'loading')
    return <InvitationLoading title={t('attendeeInvite.title')} label={t('attendeeInvite.loading')} />;

  if (state.kind === 'error')
    return (
      <InvitationError
        title={t('attendeeInvite.errorTitle')}
        message={state.message}
        testId="attendee-error"
        onRetry={state.retry ? onRetry : undefined}
        tryAgain={t('attendeeInvite.tryAgain')}
        home={home}
      />
    );

  if (state.kind === 'answered') {
    const { accepted, answer: reply } = state;
    return (
      <InvitationOutcome
        title={accepted ? t('attendeeInvite.acceptedTitle') : t('attendeeInvite.declinedTitle')}
        accepted={accepted}
        testId="attendee-outcome"
        text={
          accepted
            ? t('attendeeInvite.acceptedText', { title: reply.task.title })
            : t('attendeeInvite.declinedText', { title: reply.task.title })
        }
        next={home}
      />
    );
  }

  const { data } = state;
  const viewerZone = browserZone();
  const when = describeWhen(data.schedule, viewerZone);
  const answered = data.status && data.status !== 'pending';
  return (
    <InvitationCard title={t('attendeeInvite.title')}>
      <Text>{t('attendeeInvite.intro', { name: data.inviter.name || data.inviter.email })}</Text>
      <DataList orientation="vertical" gap="sm" data-testid="attendee-details">
        <DetailItem label={t('attendeeInvite.task')}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="attendee-task">
            {data.task.title}
          </Text>
        </DetailItem>
        <DescriptionItem label={t('attendeeInvite.description')} description={data.task.description} />
        <DetailItem label={t('attendeeInvite.when')}>
          <Text data-testid="attendee-when">
            {data.schedule.allDay ? t('attendeeInvite.allDayOn', { date: when.day }) : when.range}
          </Text>
          <Text size="xs" c="dimmed">
            {viewerZone}
          </Text>
        </DetailItem>
        {when.repeat && (
          <DetailItem label={t('attendeeInvite.repeats')}>
            <Text>{when.repeat}</Text>
          </DetailItem>
        )}
        <InviterItems
          invitedBy={t('attendeeInvite.invitedBy')}
          invitedEmail={t('attendeeInvite.invitedEmail')}
          inviter={data.inviter}
          email={data.email}
        />
      </DataList>
      {answered && (
        <Text size="sm" c="dimmed">
          {t('attendeeInvite.already', { status: data.status })}
        </Text>
      )}
      <AnswerButtons
        expiresAt={data.expiresAt}
        expires={(date) => t('attendeeInvite.expires', { date })}
        busy={busy}
        onAnswer={(accept) => void answer(accept)}
        accept={t('attendeeInvite.accept')}
        decline={t('attendeeInvite.decline')}
      />
    </InvitationCard>
  );
}
