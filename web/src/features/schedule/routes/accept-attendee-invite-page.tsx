import { Alert, Box, Button, DataList, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { InvitationCard } from '../../invitations/components/invitation-card.tsx';
import { useInvitationAnswer } from '../../invitations/hooks/use-invitation-answer.ts';
import { formatDateMedium } from '../../subscription/format.ts';
import { answerAttendeeInvitation, getAttendeeInvitation } from '../api/schedule.ts';
import { describeWhen } from '../utils/describe.ts';

/**
 * /accept-attendee-invite?key=… (spec 002 §2 public routes): the scheduled task someone invited the
 * reader to attend — title, description, when (in the reader's zone), how it repeats and who invited —
 * with Accept and Decline. Reachable signed in or out; the server's message is shown as it is when
 * the link is unknown (404), already answered (409) or expired (410).
 */
export default function AcceptAttendeeInvitePage() {
  const [params] = useSearchParams();
  const key = params.get('key')?.trim() ?? '';
  const [attempt, setAttempt] = useState(0);
  return (
    <AttendeeInvite key={`${key}:${attempt}`} inviteKey={key} onRetry={() => setAttempt((a) => a + 1)} />
  );
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
    return (
      <InvitationCard title={t('attendeeInvite.title')}>
        <Stack gap="sm" aria-busy="true" aria-label={t('attendeeInvite.loading')}>
          <Skeleton height={20} width="80%" />
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={36} width={200} />
        </Stack>
      </InvitationCard>
    );

  if (state.kind === 'error')
    return (
      <InvitationCard title={t('attendeeInvite.errorTitle')}>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          <Text size="sm" data-testid="attendee-error">
            {state.message}
          </Text>
        </Alert>
        <Group gap="sm">
          {state.retry && <Button onClick={onRetry}>{t('attendeeInvite.tryAgain')}</Button>}
          {home}
        </Group>
      </InvitationCard>
    );

  if (state.kind === 'answered') {
    const { accepted, answer: reply } = state;
    return (
      <InvitationCard
        title={accepted ? t('attendeeInvite.acceptedTitle') : t('attendeeInvite.declinedTitle')}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {accepted && (
            <Box c="teal" mt={2}>
              <IconCircleCheck size={20} aria-hidden />
            </Box>
          )}
          <Text data-testid="attendee-outcome" style={{ overflowWrap: 'anywhere' }}>
            {accepted
              ? t('attendeeInvite.acceptedText', { title: reply.task.title })
              : t('attendeeInvite.declinedText', { title: reply.task.title })}
          </Text>
        </Group>
        <Group>{home}</Group>
      </InvitationCard>
    );
  }

  const { data } = state;
  const viewerZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const when = describeWhen(data.schedule, viewerZone);
  const answered = data.status && data.status !== 'pending';
  return (
    <InvitationCard title={t('attendeeInvite.title')}>
      <Text>{t('attendeeInvite.intro', { name: data.inviter.name || data.inviter.email })}</Text>
      <DataList orientation="vertical" gap="sm" data-testid="attendee-details">
        <DataList.Item>
          <DataList.ItemLabel>{t('attendeeInvite.task')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="attendee-task">
              {data.task.title}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        {data.task.description?.trim() && (
          <DataList.Item>
            <DataList.ItemLabel>{t('attendeeInvite.description')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text
                size="sm"
                style={{
                  whiteSpace: 'pre-wrap',
                  overflowWrap: 'anywhere',
                  maxHeight: '14em',
                  overflowY: 'auto',
                }}
              >
                {data.task.description}
              </Text>
            </DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>{t('attendeeInvite.when')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text data-testid="attendee-when">
              {data.schedule.allDay ? t('attendeeInvite.allDayOn', { date: when.day }) : when.range}
            </Text>
            <Text size="xs" c="dimmed">
              {viewerZone}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        {when.repeat && (
          <DataList.Item>
            <DataList.ItemLabel>{t('attendeeInvite.repeats')}</DataList.ItemLabel>
            <DataList.ItemValue>
              <Text>{when.repeat}</Text>
            </DataList.ItemValue>
          </DataList.Item>
        )}
        <DataList.Item>
          <DataList.ItemLabel>{t('attendeeInvite.invitedBy')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {data.inviter.name && <Text fw={500}>{data.inviter.name}</Text>}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {data.inviter.email}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('attendeeInvite.invitedEmail')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text style={{ overflowWrap: 'anywhere' }}>{data.email}</Text>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {answered && (
        <Text size="sm" c="dimmed">
          {t('attendeeInvite.already', { status: data.status })}
        </Text>
      )}
      {data.expiresAt && (
        <Text size="sm" c="dimmed">
          {t('attendeeInvite.expires', { date: formatDateMedium(data.expiresAt) })}
        </Text>
      )}
      <Group gap="sm" mt="xs">
        <Button onClick={() => void answer(true)} loading={busy === 'accept'} disabled={busy !== null}>
          {t('attendeeInvite.accept')}
        </Button>
        <Button
          variant="default"
          onClick={() => void answer(false)}
          loading={busy === 'decline'}
          disabled={busy !== null}
        >
          {t('attendeeInvite.decline')}
        </Button>
      </Group>
    </InvitationCard>
  );
}
