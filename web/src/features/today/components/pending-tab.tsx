import { Avatar, Badge, Box, Button, Group, Modal, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { ROLES, type RoleId } from '@tandem/shared/groups/roles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { answerPending } from '../../delegation/api/delegation.ts';
import { type PendingInvitation, usePendingInvitations } from '../../delegation/api/pending.ts';
import {
  answerableIds,
  groupByInviter,
  type InviterGroup,
  isAnswerable,
} from '../../delegation/utils/pending.ts';
import { formatDay } from '../../subscription/format.ts';
import { DueDateBadge } from '../../tasks/components/due-date-badge.tsx';
import '../../../i18n/with-later-texts.ts';

type Answer = 'accept' | 'decline';
/** What is being answered: one invitation (its id) or all of them. */
type Busy = { answer: Answer; id: string | 'all' } | null;

/**
 * Pending (spec 001 §2): the tasks others asked the caller to take on, grouped by who asked. Each
 * can be accepted or declined; Accept all and Decline all ask first (Yes / No). An accepted task
 * goes to the top of Today; every task list is read again after an answer.
 */
export function PendingTab({ now }: { now: Date }) {
  const { t } = useTranslation('today');
  const { data, error } = usePendingInvitations();
  const { data: config } = useUserConfig();
  const [busy, setBusy] = useState<Busy>(null);
  const [confirm, setConfirm] = useState<Answer | null>(null);

  const list = data?.results ?? [];
  const groups = groupByInviter(list);
  const open = answerableIds(list);

  async function answer(ids: string[], what: Answer, id: string | 'all') {
    if (ids.length === 0) return;
    setBusy({ answer: what, id });
    try {
      await answerPending(ids, what === 'accept');
      notifySuccess(
        what === 'accept'
          ? t('pending.accepted', { count: ids.length })
          : t('pending.declined', { count: ids.length }),
      );
      setConfirm(null);
    } catch (err) {
      notifyError(t('pending.answerFailed'), errorText(err, t('errors.generic')));
      setConfirm(null);
    } finally {
      setBusy(null);
    }
  }

  if (!data && !error)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={36} width={260} />
        <Skeleton height={96} />
      </Stack>
    );
  if (error && !data)
    return (
      <Text c="red" py="md">
        {t('pending.loadFailed')}
      </Text>
    );
  if (list.length === 0)
    return (
      <Text c="dimmed" py="md">
        {t('pending.empty')}
      </Text>
    );

  const date = (iso: string) => formatDay(iso, config?.dateFormatOption, config?.timezone || undefined);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={600}>{t('pending.summary', { count: open.length })}</Text>
        <Group gap="xs">
          <Button
            size="compact-md"
            leftSection={<IconCheck size={16} aria-hidden />}
            onClick={() => setConfirm('accept')}
            disabled={open.length === 0 || busy !== null}
          >
            {t('pending.acceptAll')}
          </Button>
          <Button
            size="compact-md"
            variant="default"
            leftSection={<IconX size={16} aria-hidden />}
            onClick={() => setConfirm('decline')}
            disabled={open.length === 0 || busy !== null}
          >
            {t('pending.declineAll')}
          </Button>
        </Group>
      </Group>

      {groups.map((g) => (
        <InviterPanel
          key={g.key}
          group={g}
          now={now}
          date={date}
          busy={busy}
          onAnswer={(inv, what) => void answer([inv.id], what, inv.id)}
        />
      ))}

      <Modal
        opened={confirm !== null}
        onClose={() => busy === null && setConfirm(null)}
        title={
          confirm === 'decline'
            ? t('pending.confirmDecline', { count: open.length })
            : t('pending.confirmAccept', { count: open.length })
        }
        centered
        size="sm"
        styles={{ title: { fontWeight: 600 } }}
      >
        <Stack gap="lg">
          <Text size="sm">
            {confirm === 'decline' ? t('pending.confirmDeclineText') : t('pending.confirmAcceptText')}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)} disabled={busy !== null}>
              {t('pending.no')}
            </Button>
            <Button
              color={confirm === 'decline' ? 'red' : undefined}
              loading={busy?.id === 'all'}
              onClick={() => confirm && void answer(open, confirm, 'all')}
              data-autofocus
            >
              {t('pending.yes')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function InviterPanel({
  group,
  now,
  date,
  busy,
  onAnswer,
}: {
  group: InviterGroup;
  now: Date;
  date: (iso: string) => string;
  busy: Busy;
  onAnswer: (inv: PendingInvitation, what: Answer) => void;
}) {
  const { t } = useTranslation('today');
  const name = group.name || group.email;
  const roleLabel = (r: RoleId) => (r === ROLES.standard ? t('roles.standard') : t('roles.editor'));
  return (
    <Paper component="section" aria-label={name} withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Group
        gap="sm"
        wrap="nowrap"
        px="sm"
        py="xs"
        style={{ background: 'var(--mantine-color-default-hover)' }}
      >
        <Avatar size="sm" radius="xl" color="initials" name={name} aria-hidden />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Text component="h2" m={0} size="sm" fw={700} truncate>
            {name}
          </Text>
          {group.name && group.email && (
            <Text size="xs" c="dimmed" truncate>
              {group.email}
            </Text>
          )}
        </Box>
        <Badge variant="light" color="gray" size="sm">
          {group.items.length}
        </Badge>
      </Group>
      <Box component="ul" m={0} p={0} aria-label={t('pending.from', { count: group.items.length, name })}>
        {group.items.map((inv) => {
          const answerable = isAnswerable(inv);
          const mine = busy?.id === inv.id;
          return (
            <Box
              component="li"
              key={inv.id}
              px="sm"
              py="xs"
              style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)' }}
            >
              <Group justify="space-between" gap="xs" wrap="wrap" align="center">
                <Stack gap={4} style={{ flex: '1 1 240px', minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {inv.task.title}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    {inv.task.dueAt ? (
                      <DueDateBadge dueAt={inv.task.dueAt} now={now} />
                    ) : (
                      <Text size="xs" c="dimmed">
                        {t('pending.noDue')}
                      </Text>
                    )}
                    <Badge size="sm" variant="light" color={inv.role === ROLES.standard ? 'gray' : 'blue'}>
                      {t('pending.role', { role: roleLabel(inv.role) })}
                    </Badge>
                    {answerable ? (
                      <Text size="xs" c="dimmed">
                        {t('pending.expires', { date: date(inv.expiresAt) })}
                      </Text>
                    ) : (
                      <Badge size="sm" variant="outline" color="orange">
                        {t('pending.expired')}
                      </Badge>
                    )}
                  </Group>
                  {!answerable && (
                    <Text size="xs" c="dimmed">
                      {t('pending.expiredHint', { name })}
                    </Text>
                  )}
                </Stack>
                {answerable && (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-sm"
                      onClick={() => onAnswer(inv, 'accept')}
                      loading={mine && busy?.answer === 'accept'}
                      disabled={busy !== null && !mine}
                      aria-label={t('pending.acceptTask', { title: inv.task.title })}
                    >
                      {t('pending.accept')}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => onAnswer(inv, 'decline')}
                      loading={mine && busy?.answer === 'decline'}
                      disabled={busy !== null && !mine}
                      aria-label={t('pending.declineTask', { title: inv.task.title })}
                    >
                      {t('pending.decline')}
                    </Button>
                  </Group>
                )}
              </Group>
            </Box>
          );
        })}
      </Box>
    </Paper>
  );
}
