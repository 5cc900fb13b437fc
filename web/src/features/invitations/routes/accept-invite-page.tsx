import { ColorSwatch, DataList, Group, Text } from '@mantine/core';
import type { InvitationStatus } from '@tandem/shared/groups/invitations';
import type { InvitationRequestView } from '@tandem/shared/groups/views';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { mutate } from 'swr';
import { useSessionStatus } from '../../../lib/auth/session.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { answerInvitation, getInvitationRequest } from '../api/invitation-request.ts';
import { InvitationCard } from '../components/invitation-card.tsx';
import {
  AnswerButtons,
  DetailItem,
  InvitationLoading,
  InviterItems,
} from '../components/invitation-parts.tsx';
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

  if (!data) return <InvitationLoading title={t('invitation.title')} label={t('invitation.loading')} />;

  return (
    <InvitationCard title={t('invitation.title')}>
      <Text>{t('invitation.intro', { name: data.inviter.name || data.inviter.email })}</Text>
      <DataList orientation="vertical" gap="sm" data-testid="invitation-details">
        <DetailItem label={t('invitation.group')}>
          <Group gap={8} wrap="nowrap">
            <ColorSwatch color={data.group.metadata.color} size={16} aria-hidden />
            <Text fw={600} data-testid="invitation-group">
              {data.group.title}
            </Text>
          </Group>
        </DetailItem>
        <InviterItems
          invitedBy={t('invitation.invitedBy')}
          invitedEmail={t('invitation.invitedEmail')}
          inviter={data.inviter}
          email={data.email}
        >
          <DetailItem label={t('invitation.role')}>
            <Text>{capitalise(data.roleTitle)}</Text>
          </DetailItem>
        </InviterItems>
      </DataList>
      <AnswerButtons
        expiresAt={data.expiresAt}
        expires={(date) => t('invitation.expires', { date })}
        busy={busy}
        onAnswer={(accept) => void answer(accept ? 'accept' : 'decline')}
        accept={t('invitation.accept')}
        decline={t('invitation.decline')}
      />
    </InvitationCard>
  );
}

/** Role titles come lower-case ('admin'). */
const capitalise = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);
