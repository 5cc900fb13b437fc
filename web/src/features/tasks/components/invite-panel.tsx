import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconMail, IconSend, IconX } from '@tabler/icons-react';
import { inviteByEmailForm } from '@tandem/shared/groups/forms';
import { ROLES, type RoleId } from '@tandem/shared/groups/roles';
import type { TaskView } from '@tandem/shared/tasks/views';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { formValidator } from '../../../lib/validation.ts';
import { inviteToTask } from '../../delegation/api/delegation.ts';
import {
  ASSIGNEE_ROLES,
  type AssigneeRole,
  asAssigneeRole,
  canAssign,
  DEFAULT_INVITE_ROLE,
  inviteProblem,
  type QueuedInvite,
} from '../../delegation/utils/assignees.ts';
import '../../../i18n/with-later-texts.ts';

type InviteStatus = 'pending' | 'refused' | 'expired' | 'on-hold' | 'accepted';
const STATUS_COLOURS: Record<string, string> = { pending: 'yellow', refused: 'red', expired: 'orange' };

/**
 * 'Invite by e-mail' (spec 000 §2 the side panel for inviting, §4 invitation status, §7 PUT
 * /task/delegation/invitation): people outside the group are invited to a shared task by e-mail, with
 * a role. On an existing task the invitation goes at once and the invitees are listed with their
 * status (Pending and Expired can be sent again); on a new task the e-mails wait until it is saved.
 */
export function InvitePanel({
  task,
  queued,
  onQueuedChange,
  individual,
  assigneeEmails,
  disabled,
}: {
  task: TaskView | null;
  queued: QueuedInvite[];
  onQueuedChange: (next: QueuedInvite[]) => void;
  /** A new task delegated individually: nobody can be invited to it. */
  individual: boolean;
  /** E-mails of the people already assigned (they need no invitation). */
  assigneeEmails: string[];
  disabled?: boolean;
}) {
  const { t } = useTranslation(['tasks', 'validation']);
  const titleId = useId();
  const check = formValidator(inviteByEmailForm, (key, v) => t(key, v));
  // Not a <form>: the panel sits inside the task form, so it validates and sends by hand.
  const form = useForm({
    initialValues: { email: '', role: DEFAULT_INVITE_ROLE as AssigneeRole },
    validate: (values) => {
      const found = check(values);
      if (found.email) return found;
      const address = values.email.trim().toLowerCase();
      const problem = inviteProblem(address, { assigneeEmails, invited });
      if (problem === 'assignee') return { email: t('invite.alreadyAssignee', { email: address }) };
      if (problem === 'invited') return { email: t('invite.alreadyInvited', { email: address }) };
      return {};
    },
  });
  const { email, role } = form.values;
  const [sending, setSending] = useState<string | null>(null);
  /** Said in the panel, not in a toast: toasts would pile up over the form's save buttons. */
  const [sent, setSent] = useState<string | null>(null);

  const roleLabel = (r: RoleId) => (r === ROLES.standard ? t('roles.standard') : t('roles.editor'));
  const statusLabel = (s: string) => t(`invite.status.${s as InviteStatus}`, { defaultValue: s });
  const blocked = task ? task.delegationType === 'IP' : individual;
  const allowed = task ? canAssign(task.permissions) : true;
  const invited: Array<{ email: string; status?: string }> = task ? task.pendingAssignees : queued;

  async function send(address: string, as: AssigneeRole) {
    if (!task) return;
    setSending(address);
    setSent(null);
    try {
      await inviteToTask(task.id, address, as);
      setSent(address);
      return true;
    } catch (err) {
      notifyError(t('invite.failed', { email: address }), errorText(err, t('errors.generic')));
      return false;
    } finally {
      setSending(null);
    }
  }

  async function invite() {
    if (form.validate().hasErrors) return;
    const address = email.trim().toLowerCase();
    if (!task) {
      onQueuedChange([...queued.filter((q) => q.email !== address), { email: address, role }]);
      form.setFieldValue('email', '');
      return;
    }
    if (await send(address, role)) form.setFieldValue('email', '');
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    // The panel sits inside the task form: Enter invites instead of saving the task.
    if (e.key === 'Enter') {
      e.preventDefault();
      void invite();
    }
  };

  const off = disabled || blocked || !allowed;

  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Group gap={6} wrap="nowrap">
          <IconMail size={16} aria-hidden />
          <Title order={3} fz="sm" id={titleId}>
            {t('invite.title')}
          </Title>
        </Group>
        {blocked ? (
          <Alert color="gray" variant="light" p="xs">
            <Text size="xs">{task ? t('invite.individualTask') : t('invite.individual')}</Text>
          </Alert>
        ) : !allowed ? (
          <Text size="xs" c="dimmed">
            {t('invite.noPermission')}
          </Text>
        ) : (
          <Text size="xs" c="dimmed">
            {task ? t('invite.intro') : `${t('invite.intro')} ${t('invite.introNew')}`}
          </Text>
        )}
        <TextInput
          type="email"
          label={t('invite.email')}
          placeholder={t('invite.emailPlaceholder')}
          autoComplete="off"
          {...form.getInputProps('email')}
          onChange={(e) => {
            form.setFieldValue('email', e.currentTarget.value);
            if (sent) setSent(null);
          }}
          onKeyDown={onKeyDown}
          disabled={off}
        />
        <div>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <NativeSelect
              label={t('invite.role')}
              data={ASSIGNEE_ROLES.map((r) => ({ value: String(r), label: roleLabel(r) }))}
              value={String(role)}
              onChange={(e) => form.setFieldValue('role', Number(e.currentTarget.value) as AssigneeRole)}
              disabled={off}
              style={{ flex: 1 }}
            />
            <Button
              leftSection={<IconSend size={14} aria-hidden />}
              onClick={() => void invite()}
              loading={sending !== null && sending === email.trim().toLowerCase()}
              disabled={off || !email.trim() || (sending !== null && sending !== email.trim().toLowerCase())}
            >
              {t('invite.submit')}
            </Button>
          </Group>
          <div role="status" aria-live="polite">
            {sent && (
              <Text size="xs" c="teal" mt={6} style={{ overflowWrap: 'anywhere' }}>
                {t('invite.sent', { email: sent })}
              </Text>
            )}
          </div>
        </div>

        {(task ? task.pendingAssignees.length > 0 : queued.length > 0) && (
          <Stack gap={4}>
            <Text size="xs" fw={600} c="dimmed" tt="uppercase">
              {task ? t('invite.invited') : t('invite.queued')}
            </Text>
            <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {task
                ? task.pendingAssignees.map((p) => (
                    <Stack component="li" key={p.email} gap={2}>
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {p.email}
                      </Text>
                      <Group gap={6} wrap="wrap">
                        <Badge size="sm" variant="light" color={p.role === ROLES.standard ? 'gray' : 'blue'}>
                          {roleLabel(p.role)}
                        </Badge>
                        <Badge size="sm" variant="outline" color={STATUS_COLOURS[p.status] ?? 'gray'}>
                          {statusLabel(p.status)}
                        </Badge>
                        {(p.status === 'pending' || p.status === 'expired') && allowed && !blocked && (
                          <Button
                            size="compact-xs"
                            variant="subtle"
                            onClick={() => void send(p.email, asAssigneeRole(p.role))}
                            loading={sending === p.email}
                            disabled={disabled || (sending !== null && sending !== p.email)}
                            aria-label={t('invite.resendTo', { email: p.email })}
                          >
                            {t('invite.resend')}
                          </Button>
                        )}
                      </Group>
                    </Stack>
                  ))
                : queued.map((q) => (
                    <Group component="li" key={q.email} gap="xs" wrap="nowrap">
                      <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                        {q.email}
                      </Text>
                      <NativeSelect
                        size="xs"
                        w={104}
                        aria-label={t('assignees.roleFor', { name: q.email })}
                        data={ASSIGNEE_ROLES.map((r) => ({ value: String(r), label: roleLabel(r) }))}
                        value={String(q.role)}
                        onChange={(e) =>
                          onQueuedChange(
                            queued.map((x) =>
                              x.email === q.email
                                ? { ...x, role: Number(e.currentTarget.value) as AssigneeRole }
                                : x,
                            ),
                          )
                        }
                        disabled={disabled}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        onClick={() => onQueuedChange(queued.filter((x) => x.email !== q.email))}
                        aria-label={t('invite.remove', { email: q.email })}
                        disabled={disabled}
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Group>
                  ))}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
