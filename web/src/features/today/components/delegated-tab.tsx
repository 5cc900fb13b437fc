import {
  Avatar,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { ROLES } from '@tandem/shared/groups/roles';
import { TASK_STATUS } from '@tandem/shared/tasks/constants';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { useAssignedTasks } from '../../delegation/api/delegation.ts';
import {
  type AssigneeGroup,
  type DelegatedEntry,
  groupByAssignee,
  matchesAssignee,
} from '../../delegation/utils/delegated.ts';
import { DueDateBadge } from '../../tasks/components/due-date-badge.tsx';
import { StatusBadge } from '../../tasks/components/status-badge.tsx';
import { PanelHeading } from './panel-heading.tsx';
import '../../../i18n/with-later-texts.ts';

type InvitationStatus = 'pending' | 'refused' | 'expired' | 'on-hold' | 'accepted';

/**
 * Delegated (spec 001 §2): the tasks the caller gave to others, one collapsible group per assignee
 * (people invited by e-mail who have not joined yet are grouped under their e-mail, marked Pending).
 * `?assignee=<user id or e-mail>` opens that person's group alone and brings it into view. A task
 * opens in the task modal.
 */
export function DelegatedTab({ now, onOpenTask }: { now: Date; onOpenTask: (task: TaskView) => void }) {
  const { t } = useTranslation('today');
  const [params] = useSearchParams();
  const assignee = params.get('assignee');
  const { data: me } = useAuthUser();
  const [pages, setPages] = useState(1);
  const { data, error, isLoading } = useAssignedTasks(pages);
  const [open, setOpen] = useState<Record<string, boolean>>({});
  const scrolled = useRef<string | null>(null);

  const groups = data ? groupByAssignee(data.results, me?.id) : [];
  const isOpen = (g: AssigneeGroup) => open[g.key] ?? (assignee ? matchesAssignee(g, assignee) : true);
  const target = assignee ? groups.find((g) => matchesAssignee(g, assignee))?.key : undefined;

  // The linked group comes into view once, when it is there.
  useEffect(() => {
    if (!target || scrolled.current === target) return;
    scrolled.current = target;
    requestAnimationFrame(() =>
      document.getElementById(groupDomId(target))?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
    );
  }, [target]);

  if (!data && !error)
    return (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={44} />
        <Skeleton height={44} />
      </Stack>
    );
  if (error && !data)
    return (
      <Text c="red" py="md">
        {t('delegated.loadFailed')}
      </Text>
    );
  if (groups.length === 0)
    return (
      <Text c="dimmed" py="md">
        {t('delegated.empty')}
      </Text>
    );

  return (
    <Stack gap="sm">
      {groups.map((g) => (
        <AssigneePanel
          key={g.key}
          group={g}
          now={now}
          expanded={isOpen(g)}
          highlighted={g.key === target}
          onToggle={() => setOpen((o) => ({ ...o, [g.key]: !isOpen(g) }))}
          onOpenTask={onOpenTask}
        />
      ))}
      {data && data.count > data.results.length && (
        <Group justify="center">
          <Button variant="subtle" onClick={() => setPages((p) => p + 1)} loading={isLoading}>
            {t('delegated.showMore')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

const groupDomId = (key: string) => `delegated-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;

function AssigneePanel({
  group,
  now,
  expanded,
  highlighted,
  onToggle,
  onOpenTask,
}: {
  group: AssigneeGroup;
  now: Date;
  expanded: boolean;
  highlighted: boolean;
  onToggle: () => void;
  onOpenTask: (task: TaskView) => void;
}) {
  const { t } = useTranslation('today');
  const bodyId = useId();
  const name = group.name || group.email;
  const count = group.entries.length;
  const avatar =
    group.entries.flatMap((e) => e.task.taskAssignees).find((a) => a.user && a.user === group.userId)
      ?.avatar ?? null;
  return (
    <Paper
      component="section"
      id={groupDomId(group.key)}
      aria-label={name}
      withBorder
      radius="md"
      style={{
        overflow: 'hidden',
        scrollMarginTop: 72,
        outline: highlighted ? '2px solid var(--mantine-primary-color-filled)' : undefined,
        outlineOffset: -1,
      }}
    >
      <PanelHeading expanded={expanded} onToggle={onToggle} bodyId={bodyId} gap="sm">
        <Avatar size="sm" radius="xl" color="initials" src={avatar} name={name} aria-hidden />
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text span fw={700} size="sm" truncate display="block">
            {name}
          </Text>
          {group.name && group.email && (
            <Text span size="xs" c="dimmed" fw={400} truncate display="block">
              {group.email}
            </Text>
          )}
        </Box>
        {group.pending && (
          <Tooltip label={t('delegated.pendingHint')} withinPortal>
            <Badge size="sm" variant="outline" color="yellow">
              {t('delegated.pending')}
            </Badge>
          </Tooltip>
        )}
        <Badge variant="light" color="gray" size="sm">
          <span aria-hidden>{count}</span>
          <VisuallyHidden>{t('delegated.count', { count })}</VisuallyHidden>
        </Badge>
      </PanelHeading>
      <Collapse expanded={expanded} id={bodyId} keepMounted={false}>
        <Box component="ul" m={0} p={0} aria-label={name}>
          {group.entries.map((entry) => (
            <DelegatedRow key={entry.task.id} entry={entry} now={now} onOpenTask={onOpenTask} />
          ))}
        </Box>
      </Collapse>
    </Paper>
  );
}

function DelegatedRow({
  entry,
  now,
  onOpenTask,
}: {
  entry: DelegatedEntry;
  now: Date;
  onOpenTask: (task: TaskView) => void;
}) {
  const { t } = useTranslation('today');
  const { task, role, invitation } = entry;
  const done = task.status.id === TASK_STATUS.done;
  const status = (invitation ?? 'pending') as InvitationStatus;
  return (
    <Box
      component="li"
      px="sm"
      py={6}
      style={{ listStyle: 'none', borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Group gap={6} wrap="wrap" align="center">
        <UnstyledButton
          onClick={() => onOpenTask(task)}
          aria-label={t('delegated.open', { title: task.title })}
          style={{ minWidth: 0, flex: '1 1 180px' }}
        >
          <Text
            size="sm"
            fw={500}
            td={done ? 'line-through' : undefined}
            c={done ? 'dimmed' : undefined}
            style={{ overflowWrap: 'anywhere' }}
          >
            {task.title}
          </Text>
        </UnstyledButton>
        <Group gap={6} wrap="wrap" justify="flex-end" style={{ marginLeft: 'auto' }}>
          {invitation !== null && (
            <Badge size="sm" variant="outline" color={status === 'refused' ? 'red' : 'yellow'}>
              {t(`delegated.status.${status}`, { defaultValue: invitation })}
            </Badge>
          )}
          {task.delegationType === 'IC' && (
            <Tooltip label={t('delegated.individualHint')} withinPortal>
              <Badge size="sm" variant="light" color="grape">
                {t('delegated.individual')}
              </Badge>
            </Tooltip>
          )}
          <Badge size="sm" variant="light" color={role === ROLES.standard ? 'gray' : 'blue'}>
            {t('delegated.role', { role: role === ROLES.standard ? t('roles.standard') : t('roles.editor') })}
          </Badge>
          <StatusBadge status={task.status} />
          {task.dueAt && !done && <DueDateBadge dueAt={task.dueAt} now={now} />}
        </Group>
      </Group>
    </Box>
  );
}
