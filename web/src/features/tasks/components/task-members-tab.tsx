import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconUserStar } from '@tabler/icons-react';
import type { RoleId, RoleName } from '@tandem/shared/groups/roles';
import { roleName } from '@tandem/shared/groups/roles';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useTranslation } from 'react-i18next';
import { taskMembersByUser } from '../utils/members.ts';

/**
 * The task members tab (spec 000 §2): the project manager and the members grouped by user with
 * their roles. Read-only for now: assigning a manager and managing roles come with task roles.
 */
export function TaskMembersTab({ task }: { task: TaskView }) {
  const { t } = useTranslation('tasks');
  const rows = taskMembersByUser(task);
  const roleLabel = (r: RoleId) => t(`roles.${roleName(r)}` as `roles.${RoleName}`);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('members.manager')}
        </Title>
        <Paper withBorder p="sm" radius="md">
          <Group gap="sm">
            <IconUserStar size={18} aria-hidden />
            <Text size="sm" c={task.manager ? undefined : 'dimmed'}>
              {task.manager?.name || t('members.noManager')}
            </Text>
          </Group>
        </Paper>
      </Stack>
      <Stack gap="xs">
        <Title order={3} fz="h5">
          {t('members.title')}
        </Title>
        <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((m) => (
            <Group
              key={m.key}
              component="li"
              gap="sm"
              py="xs"
              wrap="nowrap"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              <Avatar size="md" radius="xl" color="initials" name={m.name || m.email} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {m.name || m.email}
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
              </Group>
            </Group>
          ))}
        </Stack>
        <Text size="xs" c="dimmed">
          {t('members.readOnlyNote')}
        </Text>
      </Stack>
    </Stack>
  );
}
