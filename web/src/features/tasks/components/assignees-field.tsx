import {
  Avatar,
  Badge,
  Box,
  Group,
  Input,
  MultiSelect,
  NativeSelect,
  SegmentedControl,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { ROLES, type RoleId } from '@tandem/shared/groups/roles';
import type { GroupView } from '@tandem/shared/groups/views';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useTranslation } from 'react-i18next';
import {
  ASSIGNEE_ROLES,
  type AssigneeRole,
  allEditors,
  assigneeOptions,
  canAssign,
  canChooseDelegation,
  type DelegationMode,
  effectiveAssignees,
  grantEditor,
  type PickedAssignee,
  pickUsers,
  type QueuedInvite,
} from '../../delegation/utils/assignees.ts';
import '../../../i18n/with-later-texts.ts';

/** What the form holds for the people of a new task. */
export interface DelegationDraft {
  /** null until the user changes the assignees: the creator alone, by default. */
  picked: PickedAssignee[] | null;
  mode: DelegationMode;
  /** E-mails typed in 'Invite by e-mail' while creating, sent once the task exists. */
  invites: QueuedInvite[];
}

export const emptyDelegationDraft = (): DelegationDraft => ({ picked: null, mode: 'shared', invites: [] });

/**
 * Assignees (spec 000 §2 advanced mode, §6). Creating a task: a multi-select of the group's accepted
 * members (the creator by default), a role per assignee, 'Grant editor permissions' and the Shared /
 * Individual toggle. An existing task lists its assignees: they change through invitations.
 */
export function AssigneesField({
  task,
  group,
  me,
  draft,
  onChange,
  error,
  disabled,
}: {
  task: TaskView | null;
  group: GroupView | undefined;
  me: string | undefined;
  draft: DelegationDraft;
  onChange: (next: DelegationDraft) => void;
  error?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation('tasks');
  const roleLabel = (r: RoleId) => (r === ROLES.standard ? t('roles.standard') : t('roles.editor'));

  if (task) return <CurrentAssignees task={task} roleLabel={roleLabel} />;

  const options = assigneeOptions(group, me);
  const assignees = effectiveAssignees(draft.picked, me, options);
  const mayAssign = canAssign(group?.permissions);
  const mayChoose = canChooseDelegation(group?.permissions);
  const nameOf = (user: string) => options.find((o) => o.user === user)?.name ?? user;
  const avatarOf = (user: string) => group?.groupMembers.find((m) => m.user === user)?.avatar ?? null;
  const label = (user: string) => (user === me ? t('assignees.you', { name: nameOf(user) }) : nameOf(user));
  const granted = allEditors(assignees, draft.invites, me);
  const grantable = assignees.some((a) => a.user !== me) || draft.invites.length > 0;

  const setAssignees = (picked: PickedAssignee[]) => onChange({ ...draft, picked });
  const setRole = (user: string, role: AssigneeRole) =>
    setAssignees(assignees.map((a) => (a.user === user ? { ...a, role } : a)));

  return (
    <Stack gap="sm">
      <MultiSelect
        label={t('assignees.label')}
        description={group ? t('assignees.hint', { group: group.title }) : t('assignees.noGroup')}
        placeholder={assignees.length ? undefined : t('assignees.placeholder')}
        data={options.map((o) => ({ value: o.user, label: label(o.user) }))}
        value={assignees.map((a) => a.user)}
        onChange={(users) => setAssignees(pickUsers(assignees, users, me))}
        searchable
        hidePickedOptions
        disabled={disabled || !mayAssign || !group}
        error={error}
        comboboxProps={{ withinPortal: true }}
        required
      />
      {assignees.length > 0 && (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {assignees.map((a) => (
            <Group component="li" key={a.user} gap="xs" wrap="nowrap">
              <Avatar
                size="sm"
                radius="xl"
                color="initials"
                src={avatarOf(a.user)}
                name={nameOf(a.user)}
                aria-hidden
              />
              <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                {label(a.user)}
              </Text>
              {a.user === me ? (
                <Badge size="sm" variant="light" color="grape">
                  {t('roles.creator')}
                </Badge>
              ) : (
                <NativeSelect
                  size="xs"
                  w={112}
                  aria-label={t('assignees.roleFor', { name: nameOf(a.user) })}
                  data={ASSIGNEE_ROLES.map((r) => ({ value: String(r), label: roleLabel(r) }))}
                  value={String(a.role)}
                  onChange={(e) => setRole(a.user, Number(e.currentTarget.value) as AssigneeRole)}
                  disabled={disabled || !mayAssign}
                />
              )}
            </Group>
          ))}
        </Stack>
      )}
      <Switch
        label={t('assignees.grantEditor')}
        description={t('assignees.grantEditorHint')}
        checked={granted}
        onChange={(e) => {
          const next = grantEditor(assignees, draft.invites, e.currentTarget.checked, me);
          onChange({ ...draft, picked: next.assignees, invites: next.invites });
        }}
        disabled={disabled || !mayAssign || !grantable}
      />
      <Input.Wrapper
        label={t('assignees.delegation')}
        description={
          !mayChoose
            ? t('assignees.delegationLocked')
            : draft.mode === 'individual'
              ? t('assignees.individualHint')
              : t('assignees.sharedHint')
        }
        inputWrapperOrder={['label', 'input', 'description']}
      >
        <Box mt={4}>
          <SegmentedControl
            aria-label={t('assignees.delegation')}
            size="xs"
            value={draft.mode}
            onChange={(v) => onChange({ ...draft, mode: v === 'individual' ? 'individual' : 'shared' })}
            disabled={disabled || !mayChoose}
            data={[
              { value: 'shared', label: t('assignees.shared') },
              { value: 'individual', label: t('assignees.individual') },
            ]}
          />
        </Box>
      </Input.Wrapper>
    </Stack>
  );
}

function CurrentAssignees({ task, roleLabel }: { task: TaskView; roleLabel: (r: RoleId) => string }) {
  const { t } = useTranslation('tasks');
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="task-assignees-label">
        {t('assignees.label')}
      </Text>
      {task.delegationType === 'IP' ? (
        <Text size="sm" c="dimmed">
          {t('assignees.individualParent')}
        </Text>
      ) : task.taskAssignees.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('assignees.none')}
        </Text>
      ) : (
        <Stack
          gap={4}
          component="ul"
          m={0}
          p={0}
          style={{ listStyle: 'none' }}
          aria-labelledby="task-assignees-label"
        >
          {task.taskAssignees.map((a) => (
            <Group component="li" key={a.user ?? a.email} gap="xs" wrap="nowrap">
              <Avatar
                size="sm"
                radius="xl"
                color="initials"
                src={a.avatar}
                name={a.assigneeName || a.email}
                aria-hidden
              />
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" truncate>
                  {a.assigneeName || a.email}
                </Text>
                {a.assigneeName && (
                  <Text size="xs" c="dimmed" truncate>
                    {a.email}
                  </Text>
                )}
              </Box>
              <Badge size="sm" variant="light" color={a.role === ROLES.standard ? 'gray' : 'blue'}>
                {roleLabel(a.role)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
