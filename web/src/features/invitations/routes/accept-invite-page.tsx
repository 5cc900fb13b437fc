import { Button, ColorSwatch, DataList, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { InvitationStatus } from '@tandem/shared/groups/invitations';
import type { InvitationRequestView } from '@tandem/shared/groups/views';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { mutate } from 'swr';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { formatDateMedium } from '../../subscription/format.ts';
import { answerInvitation, getInvitationRequest } from '../api/invitation-request.ts';
import { InvitationCard } from '../components/invitation-card.tsx';
import {
  type AnswerOutcome,
  acceptInvitePath,
  type ErrorState,
  invitationPaths,
  isAnswerable,
  isPassingFailure,
} from '../invitation-outcome.ts';

/**
 * /accept-invite?key=… (spec 002 §2 public routes, §4, §7): the group invitation behind a link,
 * answered with Accept or Decline. Reachable signed in or out. Any refusal (unknown, used or expired
 * key) leads to /accept-invite-error with the server's message.
 */
export default function AcceptInvitePage() {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const key = params.get('key')?.trim() ?? '';
  const signedIn = useSessionStatus() === 'signedIn';
  const [busy, setBusy] = useState<'accept' | 'decline' | null>(null);

  const [data, setData] = useState<InvitationRequestView | null>(null);

  useEffect(() => {
    const fail = (state: ErrorState) => navigate(invitationPaths.error, { replace: true, state });
    if (!key) {
      fail({ message: t('invitation.missingKey'), retry: null });
      return;
    }
    // Read on every visit, never from a cache: the invitation may have been answered meanwhile.
    const abort = new AbortController();
    getInvitationRequest(key, abort.signal).then(
      (request) => {
        if (abort.signal.aborted) return;
        if (isAnswerable(request.status)) setData(request);
        else
          fail({
            message: t(
              `invitation.statusMessages.${request.status as Exclude<InvitationStatus, 'pending'>}`,
              {
                defaultValue: t('invitation.errorDefault'),
              },
            ),
            retry: null,
          });
      },
      (err: unknown) => {
        if (abort.signal.aborted) return;
        fail({
          message: errorText(err, t('invitation.errorDefault')),
          retry: isPassingFailure(err) ? acceptInvitePath(key) : null,
        });
      },
    );
    return () => abort.abort();
  }, [key, navigate, t]);

  async function answer(action: 'accept' | 'decline') {
    setBusy(action);
    try {
      const reply = await answerInvitation(key, action);
      // A member who is signed in sees the new group on their next screen.
      if (action === 'accept' && signedIn) void mutate(() => true);
      const state: AnswerOutcome = { action: action === 'accept' ? 'accepted' : 'declined', answer: reply };
      navigate(invitationPaths.success, { replace: true, state });
    } catch (err) {
      setBusy(null);
      if (isPassingFailure(err)) {
        notifyError(t('invitation.answerFailed'), errorText(err, t('invitation.errorDefault')));
        return;
      }
      const state: ErrorState = { message: errorText(err, t('invitation.errorDefault')), retry: null };
      navigate(invitationPaths.error, { replace: true, state });
    }
  }

  if (!data) {
    return (
      <InvitationCard title={t('invitation.title')}>
        <Stack gap="sm" aria-busy="true" aria-label={t('invitation.loading')}>
          <Skeleton height={20} width="80%" />
          <Skeleton height={56} />
          <Skeleton height={56} />
          <Skeleton height={36} width={200} />
        </Stack>
      </InvitationCard>
    );
  }

  return (
    <InvitationCard title={t('invitation.title')}>
      <Text>{t('invitation.intro', { name: data.inviter.name || data.inviter.email })}</Text>
      <DataList orientation="vertical" gap="sm" data-testid="invitation-details">
        <DataList.Item>
          <DataList.ItemLabel>{t('invitation.group')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Group gap={8} wrap="nowrap">
              <ColorSwatch color={data.group.metadata.color} size={16} aria-hidden />
              <Text fw={600} data-testid="invitation-group">
                {data.group.title}
              </Text>
            </Group>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('invitation.invitedBy')}</DataList.ItemLabel>
          <DataList.ItemValue>
            {data.inviter.name && <Text fw={500}>{data.inviter.name}</Text>}
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {data.inviter.email}
            </Text>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('invitation.role')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text>{capitalise(data.roleTitle)}</Text>
          </DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('invitation.invitedEmail')}</DataList.ItemLabel>
          <DataList.ItemValue>
            <Text style={{ overflowWrap: 'anywhere' }}>{data.email}</Text>
          </DataList.ItemValue>
        </DataList.Item>
      </DataList>
      {data.expiresAt && (
        <Text size="sm" c="dimmed">
          {t('invitation.expires', { date: formatDateMedium(data.expiresAt) })}
        </Text>
      )}
      <Group gap="sm" mt="xs">
        <Button onClick={() => void answer('accept')} loading={busy === 'accept'} disabled={busy !== null}>
          {t('invitation.accept')}
        </Button>
        <Button
          variant="default"
          onClick={() => void answer('decline')}
          loading={busy === 'decline'}
          disabled={busy !== null}
        >
          {t('invitation.decline')}
        </Button>
      </Group>
    </InvitationCard>
  );
}

/** Role titles come lower-case ('admin'). */
const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
