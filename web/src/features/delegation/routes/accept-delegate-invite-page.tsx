import { Alert, Box, Button, DataList, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { ROLE_IDS, type RoleName, roleName } from '@tandem/shared/groups/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { mutate } from 'swr';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { InvitationCard } from '../../invitations/components/invitation-card.tsx';
import { useInvitationAnswer } from '../../invitations/hooks/use-invitation-answer.ts';
import { formatDateMedium } from '../../subscription/format.ts';
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
  const [params] = useSearchParams();
  const key = params.get('key')?.trim() ?? '';
  // Try again starts the page over (a fresh read of the invitation).
  const [attempt, setAttempt] = useState(0);
  return (
    <DelegateInvite key={`${key}:${attempt}`} inviteKey={key} onRetry={() => setAttempt((a) => a + 1)} />
  );
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
    return (
      <InvitationCard title={t('delegateInvite.title')}>
        <Stack gap="sm" aria-busy="true" aria-label={t('delegateInvite.loading')}>
          <Skeleton height={20} width="80%" />
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={36} width={200} />
        </Stack>
      </InvitationCard>
    );

  if (state.kind === 'error')
    return (
      <InvitationCard title={t('delegateInvite.errorTitle')}>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          <Text size="sm" data-testid="delegation-error">
            {state.message}
          </Text>
        </Alert>
        <Group gap="sm">
          {state.retry && <Button onClick={onRetry}>{t('delegateInvite.tryAgain')}</Button>}
          <Button
            component={Link}
            to={signedIn ? '/' : '/login'}
            variant={state.retry ? 'default' : 'filled'}
          >
            {t('delegateInvite.goToTandem')}
          </Button>
        </Group>
      </InvitationCard>
    );

  if (state.kind === 'answered') {
    const { accepted, answer: reply } = state;
    const step = delegationNextStep(accepted, reply, signedIn);
    const title = reply.task.title;
    return (
      <InvitationCard
        title={accepted ? t('delegateInvite.acceptedTitle') : t('delegateInvite.declinedTitle')}
      >
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {accepted && (
            <Box c="teal" mt={2}>
              <IconCircleCheck size={20} aria-hidden />
            </Box>
          )}
          <Text data-testid="delegation-outcome" style={{ overflowWrap: 'anywhere' }}>
            {!accepted
              ? t('delegateInvite.declinedText', { title })
              : step.kind === 'createAccount'
                ? t('delegateInvite.acceptedNoAccount', { title, email: reply.email })
                : t('delegateInvite.acceptedText', { title })}
          </Text>
        </Group>
        <Group>
          <Button component={Link} to={step.to}>
            {step.kind === 'createAccount'
              ? t('delegateInvite.createAccount')
              : t('delegateInvite.goToTandem')}
          </Button>
        </Group>
      </InvitationCard>
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
        <DataList.Item>
          <DataList.ItemLabel>{t('delegateInvite.task')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="delegation-task">
              {data.task.title}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        {data.task.description.trim() && (
          <DataList.Item>
            <DataList.ItemLabel>{t('delegateInvite.description')}</DataList.ItemLabel>
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
          <DataList.ItemLabel>{t('delegateInvite.due')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text c={data.task.dueAt ? undefined : 'dimmed'}>
              {data.task.dueAt ? formatDue(data.task.dueAt) : t('delegateInvite.noDue')}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('delegateInvite.invitedBy')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {data.inviter.name && <Text fw={500}>{data.inviter.name}</Text>}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {data.inviter.email}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('delegateInvite.role')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text>{role}</Text>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('delegateInvite.invitedEmail')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text style={{ overflowWrap: 'anywhere' }}>{data.email}</Text>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {data.expiresAt && (
        <Text size="sm" c="dimmed">
          {t('delegateInvite.expires', { date: formatDateMedium(data.expiresAt) })}
        </Text>
      )}
      <Group gap="sm" mt="xs">
        <Button onClick={() => void answer(true)} loading={busy === 'accept'} disabled={busy !== null}>
          {t('delegateInvite.accept')}
        </Button>
        <Button
          variant="default"
          onClick={() => void answer(false)}
          loading={busy === 'decline'}
          disabled={busy !== null}
        >
          {t('delegateInvite.decline')}
        </Button>
      </Group>
    </InvitationCard>
  );
}
