import {
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  NativeSelect,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMailForward, IconPlus, IconTrash } from '@tabler/icons-react';
import { memberInviteForm } from '@tandem/shared/groups/forms';
import { canResend, normaliseEmail } from '@tandem/shared/groups/invitations';
import { ROLES, type RoleId } from '@tandem/shared/groups/roles';
import type { GroupMemberView, GroupView } from '@tandem/shared/groups/views';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { formValidator } from '../../../lib/validation.ts';
import { cancelInvitation } from '../api/cancel-invitation.ts';
import { inviteMember } from '../api/invite-member.ts';
import { removeMember } from '../api/remove-member.ts';
import { resendInvitation } from '../api/resend-invitation.ts';
import { updateMember } from '../api/update-member.ts';
import { notifyFailure } from '../utils/failure.ts';
import { has } from '../utils/group-state.ts';
import { type InviteDraft, membersByStatus, upsertInvite } from '../utils/members.ts';
import { isRoleId, ROLE_ORDER, roleKey } from '../utils/roles.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import '../../../i18n/with-later-texts.ts';

const initials = (name: string, email: string) =>
  (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('') ||
    email[0] ||
    '?'
  ).toUpperCase();

interface Me {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

/**
 * The member list of the group form (spec 000 §2, §5, §6). On an existing group every action goes to
 * the server at once; on a new group the invitations wait in `staged` and are sent after it is created.
 * The e-mail being typed is owned by the form, which warns about it on save.
 */
export function MembersSection({
  group,
  me,
  grantable,
  staged,
  onStagedChange,
  inviteEmail,
  onInviteEmailChange,
  memberLimit,
}: {
  group: GroupView | null;
  me: Me | undefined;
  grantable: RoleId[];
  staged: InviteDraft[];
  onStagedChange: (list: InviteDraft[]) => void;
  inviteEmail: string;
  onInviteEmailChange: (email: string) => void;
  memberLimit: number | undefined;
}) {
  const { t } = useTranslation(['groups', 'validation']);
  const check = formValidator(memberInviteForm, (key, v) => t(key, v));
  // The role is this form's; the e-mail is held by the group form (it warns before dropping it).
  const form = useForm({
    initialValues: { role: '' as RoleId | '' },
    validate: (values) => check({ email: inviteEmail, role: values.role }),
  });
  const inviteRole = form.values.role;
  const [adding, setAdding] = useState(false);
  const [busyMember, setBusyMember] = useState<string | null>(null);
  const [removing, setRemoving] = useState<GroupMemberView | null>(null);

  const canManage = group ? has(group, 'groupMember.manageUser') : true;
  const mayResend = group ? has(group, 'groupMember.resendInvite') : false;
  const roleOptions = ROLE_ORDER.filter((r) => grantable.includes(r));
  const members = group?.groupMembers ?? [];
  const count = group ? group.memberCount : staged.length + 1;
  const limit = group ? group.memberLimit : memberLimit;

  const roleLabel = (r: RoleId) => t(roleKey(r));

  async function add() {
    const email = normaliseEmail(inviteEmail);
    if (form.validate().hasErrors || inviteRole === '') return;

    if (!group) {
      if (me && email === normaliseEmail(me.email)) {
        form.setErrors({ email: t('members.alreadyYou') });
        return;
      }
      onStagedChange(upsertInvite(staged, { email, role: inviteRole }));
      onInviteEmailChange('');
      return;
    }

    const existing = members.find((m) => normaliseEmail(m.email) === email);
    if (existing?.role === ROLES.creator) {
      form.setErrors({ email: t('members.creatorFixed') });
      return;
    }
    setAdding(true);
    try {
      if (existing) {
        await updateMember(existing.id, { role: inviteRole });
      } else {
        await inviteMember({ group: group.id, email, role: inviteRole });
        notifySuccess(t('members.invited', { email }));
      }
      onInviteEmailChange('');
    } catch (err) {
      notifyFailure(t('members.inviteFailed'), err, t('errors.generic'));
    } finally {
      setAdding(false);
    }
  }

  async function changeRole(m: GroupMemberView, role: RoleId) {
    setBusyMember(m.id);
    try {
      await updateMember(m.id, { role });
    } catch (err) {
      notifyFailure(t('members.roleFailed'), err, t('errors.generic'));
    } finally {
      setBusyMember(null);
    }
  }

  async function resend(m: GroupMemberView) {
    if (!group) return;
    setBusyMember(m.id);
    try {
      await resendInvitation({ group: group.id, email: m.email });
      notifySuccess(t('members.resent', { email: m.email }));
    } catch (err) {
      notifyFailure(t('members.resendFailed'), err, t('errors.generic'));
    } finally {
      setBusyMember(null);
    }
  }

  async function confirmRemove() {
    if (!group || !removing) return;
    const m = removing;
    setBusyMember(m.id);
    try {
      // An invitation not yet accepted is withdrawn; a member is taken out.
      if (m.invitationStatus === 'accepted') await removeMember(m.id);
      else await cancelInvitation({ group: group.id, email: m.email });
      setRemoving(null);
    } catch (err) {
      notifyFailure(t('members.removeFailed'), err, t('errors.generic'));
    } finally {
      setBusyMember(null);
    }
  }

  const isMe = (m: Pick<GroupMemberView, 'user' | 'email'>) =>
    !!me && (m.user === me.id || normaliseEmail(m.email) === normaliseEmail(me.email));

  const meName = me ? `${me.firstName} ${me.lastName}`.trim() || me.email : '';
  const { data: config } = useUserConfig();

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
        <Title order={3} fz="h5">
          {t('members.title')}
        </Title>
        {limit !== undefined && (
          <Text size="sm" c={count >= limit ? 'orange' : 'dimmed'} data-testid="member-limit">
            {t('members.limitLine', { count, limit })}
          </Text>
        )}
      </Group>

      {group ? (
        membersByStatus(members).map((section) => (
          <Stack key={section.status} gap={6}>
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {t(`members.sections.${section.status}`)} ({section.members.length})
            </Text>
            <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {section.members.map((m) => {
                const fixed =
                  !canManage || m.role === ROLES.creator || isMe(m) || !roleOptions.includes(m.role);
                return (
                  <MemberRow
                    key={m.id}
                    name={
                      isMe(m)
                        ? t('members.you', { name: m.name || meName })
                        : normaliseEmail(m.name) === normaliseEmail(m.email)
                          ? ''
                          : m.name
                    }
                    email={m.email}
                    avatar={m.avatar}
                    inactive={m.status === 'inactive'}
                    busy={busyMember === m.id}
                  >
                    {fixed ? (
                      <Text size="sm" c="dimmed" w={150}>
                        {roleLabel(m.role)}
                      </Text>
                    ) : (
                      <NativeSelect
                        aria-label={t('members.roleOf', { email: m.email })}
                        size="xs"
                        w={150}
                        value={String(m.role)}
                        disabled={busyMember === m.id}
                        data={roleOptions.map((r) => ({ value: String(r), label: roleLabel(r) }))}
                        onChange={(e) => {
                          const r = Number(e.currentTarget.value);
                          if (isRoleId(r) && r !== m.role) void changeRole(m, r);
                        }}
                      />
                    )}
                    {mayResend && canResend(m.invitationStatus) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        leftSection={<IconMailForward size={14} />}
                        onClick={() => void resend(m)}
                        disabled={busyMember === m.id}
                      >
                        {t('members.resend')}
                      </Button>
                    )}
                    {canManage && m.role !== ROLES.creator && !isMe(m) && (
                      <Button
                        size="compact-sm"
                        variant="subtle"
                        color="red"
                        leftSection={<IconTrash size={14} />}
                        onClick={() => setRemoving(m)}
                        disabled={busyMember === m.id}
                      >
                        {t('members.remove')}
                      </Button>
                    )}
                  </MemberRow>
                );
              })}
            </Stack>
          </Stack>
        ))
      ) : (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {me && (
            <MemberRow
              name={t('members.you', { name: meName })}
              email={me.email}
              avatar={config?.avatar?.thumbnailUrl ?? null}
            >
              <Text size="sm" c="dimmed" w={150}>
                {roleLabel(ROLES.creator)}
              </Text>
            </MemberRow>
          )}
          {staged.map((d) => (
            <MemberRow key={d.email} name="" email={d.email} avatar={null} toInvite>
              <NativeSelect
                aria-label={t('members.roleOf', { email: d.email })}
                size="xs"
                w={150}
                value={String(d.role)}
                data={roleOptions.map((r) => ({ value: String(r), label: roleLabel(r) }))}
                onChange={(e) => {
                  const r = Number(e.currentTarget.value);
                  if (isRoleId(r)) onStagedChange(upsertInvite(staged, { email: d.email, role: r }));
                }}
              />
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={14} />}
                onClick={() => onStagedChange(staged.filter((s) => s.email !== d.email))}
              >
                {t('members.remove')}
              </Button>
            </MemberRow>
          ))}
        </Stack>
      )}

      {canManage && (
        // Not a <form>: it sits inside the group form; Enter in the e-mail field adds.
        <Box role="group" aria-label={t('members.inviteForm')}>
          <Group gap="xs" align="flex-start" wrap="wrap">
            <TextInput
              label={t('members.email')}
              type="email"
              placeholder="name@example.com"
              value={inviteEmail}
              onChange={(e) => {
                onInviteEmailChange(e.currentTarget.value);
                form.clearFieldError('email');
              }}
              error={form.errors.email}
              autoComplete="off"
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  void add();
                }
              }}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect
              label={t('members.role')}
              value={inviteRole === '' ? '' : String(inviteRole)}
              onChange={(e) => {
                const r = Number(e.currentTarget.value);
                form.setFieldValue('role', isRoleId(r) ? r : '');
              }}
              error={form.errors.role}
              data={[
                { value: '', label: t('members.chooseRole') },
                ...roleOptions.map((r) => ({ value: String(r), label: roleLabel(r) })),
              ]}
              w={160}
            />
            <Button onClick={() => void add()} mt={25} loading={adding} leftSection={<IconPlus size={16} />}>
              {t('members.add')}
            </Button>
          </Group>
          {!group && (
            <Text size="xs" c="dimmed" mt={4}>
              {t('members.sentAfterCreate')}
            </Text>
          )}
        </Box>
      )}

      <ConfirmDialog
        opened={removing !== null}
        title={
          removing?.invitationStatus === 'accepted' ? t('members.removeTitle') : t('members.withdrawTitle')
        }
        confirmLabel={
          removing?.invitationStatus === 'accepted'
            ? t('members.removeConfirm')
            : t('members.withdrawConfirm')
        }
        busy={removing !== null && busyMember === removing.id}
        onConfirm={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      >
        {removing?.invitationStatus === 'accepted'
          ? t('members.removeText', { email: removing.email, group: group?.title ?? '' })
          : t('members.withdrawText', { email: removing?.email ?? '', group: group?.title ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}

function MemberRow({
  name,
  email,
  avatar,
  inactive,
  toInvite,
  busy,
  children,
}: {
  name: string;
  email: string;
  avatar: string | null;
  inactive?: boolean;
  toInvite?: boolean;
  busy?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('groups');
  return (
    <Box
      component="li"
      aria-label={email}
      aria-busy={busy || undefined}
      py={6}
      px={8}
      style={{ borderRadius: 'var(--mantine-radius-sm)', background: 'var(--mantine-color-default-hover)' }}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
          <Avatar src={avatar} size={30} radius="xl" color="initials" name={name || email}>
            {initials(name, email)}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            {name && (
              <Text size="sm" fw={500} truncate>
                {name}
              </Text>
            )}
            <Text size={name ? 'xs' : 'sm'} c={name ? 'dimmed' : undefined} truncate>
              {email}
            </Text>
          </Box>
          {toInvite && (
            <Badge size="xs" variant="light" color="blue">
              {t('members.toInvite')}
            </Badge>
          )}
          {inactive && (
            <Badge size="xs" variant="light" color="gray">
              {t('members.archivedForThem')}
            </Badge>
          )}
        </Group>
        <Group gap={4} wrap="nowrap">
          {children}
        </Group>
      </Group>
    </Box>
  );
}
