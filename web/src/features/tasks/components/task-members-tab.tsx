import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconTrash, IconUserStar } from '@tabler/icons-react';
import type { RoleId, RoleName } from '@tandem/shared/groups/roles';
import { roleName } from '@tandem/shared/groups/roles';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { notifyFailure } from '../../groups/utils/failure.ts';
import { changeTaskRole, giveTaskRole, removeTaskRole, setTaskManager, useTaskRoles } from '../api/tasks.ts';
import {
  callerTaskRole,
  managerChoices,
  managerDraftError,
  roleCandidates,
  roleChoicesFor,
  roleDraftErrors,
  type TaskMemberRow,
  taskMembersByUser,
} from '../utils/members.ts';
import '../../../i18n/with-later-texts.ts';

/** A server answer's message for one field (errors.manager, errors.user…), if it sent one. */
const fieldError = (err: unknown, ...fields: string[]) =>
  err instanceof ApiError ? fields.map((f) => err.errors[f]).find(Boolean) : undefined;

/**
 * The task members tab (spec 000 §2, §5, §6; 002 §6). The project manager block picks the creator
 * or an assignee (needs task.manager). The members list groups by person everyone with a role on
 * the task — the creator, the assignees and invitees with their assignee role, and people given a
 * role on the task itself — and, with task.manageRole, adds, changes and removes those task roles.
 */
export function TaskMembersTab({ task }: { task: TaskView }) {
  const { t } = useTranslation('tasks');
  const { data: roleList, error: rolesError } = useTaskRoles(task.id);
  const { data: groupList } = useGroups();
  const { data: me } = useAuthUser();
  const taskRoles = roleList?.results ?? [];
  const group = groupList?.results.find((g) => g.id === task.group.id);
  const roster = group?.groupMembers ?? [];
  const rows = taskMembersByUser(task, taskRoles, roster);
  // Avatars as the task and the roster give them (null: initials).
  const avatarOf = (user: string | null) =>
    (user &&
      (task.taskAssignees.find((a) => a.user === user)?.avatar ??
        (task.user.id === user ? task.user.avatar : null) ??
        roster.find((m) => m.user === user)?.avatar)) ||
    null;
  const canManager = task.permissions.includes('task.manager');
  const canRoles = task.permissions.includes('task.manageRole');
  const roleChoices = roleChoicesFor(callerTaskRole(task, me?.id, taskRoles, group?.role));
  const roleLabel = (r: RoleId) => t(`roles.${roleName(r)}` as `roles.${RoleName}`);
  const roleData = (current?: RoleId) =>
    [...roleChoices, ...(current && !roleChoices.includes(current) ? [current] : [])].map((r) => ({
      value: String(r),
      label: roleLabel(r),
      disabled: !roleChoices.includes(r),
    }));
  const [confirm, setConfirm] = useState<TaskMemberRow | null>(null);
  const [removing, setRemoving] = useState(false);
  const [changing, setChanging] = useState<string | null>(null);

  async function change(row: TaskMemberRow, value: string | null) {
    if (!row.taskRole) return;
    // Changing a role needs a chosen role (spec 000 §5); the select cannot be emptied.
    if (value === null) return;
    setChanging(row.taskRole.id);
    try {
      await changeTaskRole(row.taskRole.id, Number(value) as RoleId);
      notifySuccess(t('members.roleChanged', { name: row.name || row.email }));
    } catch (err) {
      notifyFailure(t('members.changeFailed'), err, t('errors.generic'));
    } finally {
      setChanging(null);
    }
  }

  async function remove() {
    if (!confirm?.taskRole) return;
    setRemoving(true);
    try {
      await removeTaskRole(confirm.taskRole.id);
      notifySuccess(t('members.roleRemoved', { name: confirm.name || confirm.email }));
      setConfirm(null);
    } catch (err) {
      notifyFailure(t('members.removeFailed'), err, t('errors.generic'));
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Stack gap="lg">
      <ManagerBlock task={task} canEdit={canManager} />
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('members.title')}
        </Title>
        {rolesError && (
          <Text size="sm" c="red">
            {t('members.rolesFailed')}
          </Text>
        )}
        <Stack
          gap={0}
          component="ul"
          m={0}
          p={0}
          aria-label={t('members.title')}
          style={{ listStyle: 'none' }}
        >
          {rows.map((m) => {
            const name = m.name || m.email || t('members.unknownPerson');
            return (
              <Stack
                key={m.key}
                component="li"
                gap={6}
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="sm" wrap="nowrap">
                  <Avatar size="md" radius="xl" color="initials" src={avatarOf(m.user)} name={name} />
                  <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                    <Text size="sm" fw={500} truncate>
                      {name}
                    </Text>
                    {m.name && m.email && (
                      <Text size="xs" c="dimmed" truncate>
                        {m.email}
                      </Text>
                    )}
                  </Stack>
                  <Group gap={4} justify="flex-end">
                    {m.pendingStatus && (
                      <Badge size="sm" variant="outline" color="yellow">
                        {m.pendingStatus}
                      </Badge>
                    )}
                    {m.roles.map((r) => (
                      <Badge key={r} size="sm" variant="light" color={r === 1 ? 'grape' : 'blue'}>
                        {roleLabel(r)}
                      </Badge>
                    ))}
                    {m.taskRole && !canRoles && (
                      <Badge size="sm" variant="filled" color="indigo">
                        {t('members.taskRoleBadge', { role: roleLabel(m.taskRole.role) })}
                      </Badge>
                    )}
                  </Group>
                </Group>
                {m.taskRole && canRoles && (
                  <Group gap="xs" wrap="nowrap" pl={46}>
                    <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                      {t('members.taskRole')}
                    </Text>
                    <Select
                      size="xs"
                      aria-label={t('members.roleOf', { name })}
                      data={roleData(m.taskRole.role)}
                      value={String(m.taskRole.role)}
                      onChange={(v) => void change(m, v)}
                      allowDeselect={false}
                      disabled={changing === m.taskRole.id}
                      w={140}
                    />
                    <Tooltip label={t('members.removeRole')}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('members.removeRoleOf', { name })}
                        onClick={() => setConfirm(m)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                )}
              </Stack>
            );
          })}
        </Stack>
        {canRoles ? (
          <AddRoleRow
            task={task}
            candidates={roleCandidates(task, taskRoles, roster)}
            roleData={roleData()}
            loading={!roleList}
          />
        ) : (
          <Text size="xs" c="dimmed">
            {t('members.readOnlyNote')}
          </Text>
        )}
      </Stack>
      <Modal
        opened={confirm !== null}
        onClose={() => setConfirm(null)}
        title={t('members.removeTitle')}
        centered
        size="sm"
        zIndex={310}
      >
        <Stack gap="lg">
          <Text size="sm">
            {confirm?.taskRole &&
              t('members.removeText', {
                name: confirm.name || confirm.email,
                role: roleLabel(confirm.taskRole.role),
              })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirm(null)} disabled={removing}>
              {t('actions.cancel')}
            </Button>
            <Button color="red" onClick={() => void remove()} loading={removing} data-autofocus>
              {t('members.removeConfirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function ManagerBlock({ task, canEdit }: { task: TaskView; canEdit: boolean }) {
  const { t } = useTranslation('tasks');
  const choices = managerChoices(task);
  const current = task.manager?.id ?? null;
  const [picked, setPicked] = useState<string | null>(current);
  const [seen, setSeen] = useState(current);
  // The manager changed (saved here or elsewhere): the select shows the new one.
  if (seen !== current) {
    setSeen(current);
    setPicked(current);
  }
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'assign' | 'clear' | null>(null);

  async function save(user: string | null, what: 'assign' | 'clear') {
    if (what === 'assign' && managerDraftError(user)) {
      setError(t('members.errors.person'));
      return;
    }
    setError(null);
    setBusy(what);
    try {
      await setTaskManager(task.id, user);
      notifySuccess(user ? t('members.managerAssigned') : t('members.managerCleared'));
    } catch (err) {
      setError(fieldError(err, 'manager') ?? null);
      notifyFailure(t('members.managerFailed'), err, t('errors.generic'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t('members.manager')}
      </Title>
      <Paper withBorder p="sm" radius="md">
        <Stack gap="sm">
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <IconUserStar size={18} aria-hidden />
              <Text size="sm" c={task.manager ? undefined : 'dimmed'} truncate>
                {task.manager?.name || (task.manager ? t('members.unknownPerson') : t('members.noManager'))}
              </Text>
            </Group>
            {canEdit && task.manager && (
              <Button
                variant="subtle"
                color="gray"
                size="compact-sm"
                onClick={() => void save(null, 'clear')}
                loading={busy === 'clear'}
                disabled={busy === 'assign'}
              >
                {t('members.clear')}
              </Button>
            )}
          </Group>
          {canEdit && (
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Select
                aria-label={t('members.manager')}
                placeholder={t('members.choosePerson')}
                data={choices}
                value={picked}
                onChange={(v) => {
                  setPicked(v);
                  if (v) setError(null);
                }}
                error={error}
                searchable={choices.length > 8}
                nothingFoundMessage={t('members.nobody')}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button
                variant="light"
                onClick={() => void save(picked, 'assign')}
                loading={busy === 'assign'}
                disabled={busy === 'clear' || (picked !== null && picked === current)}
              >
                {t('members.assign')}
              </Button>
            </Group>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

function AddRoleRow({
  task,
  candidates,
  roleData,
  loading,
}: {
  task: TaskView;
  candidates: Array<{ value: string; label: string }>;
  roleData: Array<{ value: string; label: string; disabled: boolean }>;
  loading: boolean;
}) {
  const { t } = useTranslation('tasks');
  const [user, setUser] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [errors, setErrors] = useState<{ person?: string; role?: string }>({});
  const [busy, setBusy] = useState(false);

  async function add() {
    const found = roleDraftErrors({ user, role: role === null ? null : (Number(role) as RoleId) });
    if (found.person || found.role) {
      setErrors({
        person: found.person ? t('members.errors.person') : undefined,
        role: found.role ? t('members.errors.role') : undefined,
      });
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await giveTaskRole(task.id, user!, Number(role) as RoleId);
      notifySuccess(t('members.roleAdded', { name: candidates.find((c) => c.value === user)?.label ?? '' }));
      setUser(null);
      setRole(null);
    } catch (err) {
      setErrors({ person: fieldError(err, 'user'), role: fieldError(err, 'role') });
      notifyFailure(t('members.addFailed'), err, t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper withBorder p="sm" radius="md" mt="xs">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          {t('members.addTitle')}
        </Text>
        <Group gap="xs" align="flex-start" wrap="wrap">
          <Select
            label={t('members.person')}
            placeholder={candidates.length ? t('members.choosePerson') : t('members.nobody')}
            data={candidates}
            value={user}
            onChange={(v) => {
              setUser(v);
              if (v) setErrors((e) => ({ ...e, person: undefined }));
            }}
            error={errors.person}
            searchable={candidates.length > 8}
            nothingFoundMessage={t('members.nobody')}
            disabled={loading || busy}
            style={{ flex: '2 1 180px', minWidth: 0 }}
          />
          <Select
            label={t('members.role')}
            placeholder={t('members.chooseRole')}
            data={roleData}
            value={role}
            onChange={(v) => {
              setRole(v);
              if (v) setErrors((e) => ({ ...e, role: undefined }));
            }}
            error={errors.role}
            disabled={busy}
            style={{ flex: '1 1 150px', minWidth: 0 }}
          />
          <Button onClick={() => void add()} loading={busy} mt={25} style={{ flex: '0 0 auto' }}>
            {t('members.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
