import { Alert, Anchor, Button, Collapse, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconPlus } from '@tabler/icons-react';
import type { GroupView } from '@tandem/shared/groups/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { settingsPath } from '../../../config/paths.ts';
import { errorText } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { CategoriesSection } from '../../categories/components/categories-section.tsx';
import { useGroupLimits } from '../api/get-subscription-limits.ts';
import { useGroups } from '../api/list-groups.ts';
import { orderGroup } from '../api/order-groups.ts';
import { setDefaultGroup } from '../api/set-default-group.ts';
import { notifyFailure } from '../utils/failure.ts';
import { isArchived } from '../utils/group-state.ts';
import { GroupFormModal } from './group-form-modal.tsx';
import { PlainGroupList, SortableGroupList } from './group-list.tsx';
import '../../../i18n/with-later-texts.ts';

type Editing = { kind: 'new' } | { kind: 'edit'; id: string } | null;

/** Settings › Groups (spec 001 §2 activeTab=groups): the caller's groups, their order, default and categories. */
export default function GroupsTab() {
  const { t } = useTranslation('groups');
  const { data, error, isLoading } = useGroups();
  const { data: config } = useUserConfig();
  const { data: limits } = useGroupLimits();
  const [editing, setEditing] = useState<Editing>(null);
  const [showArchived, setShowArchived] = useState(false);

  const groups = data?.results ?? [];
  const active = groups.filter((g) => !isArchived(g));
  const archived = groups.filter(isArchived);
  const defaultId = config?.group ?? groups.find((g) => g.isDefault)?.id ?? null;
  const owned = limits?.results.find((r) => r.event === 'ownedGroup');
  const editingGroup = editing?.kind === 'edit' ? (groups.find((g) => g.id === editing.id) ?? null) : null;

  const move = (groupId: string, overId: string) => {
    // The order covers every group, archived ones too: the drop target's place in the whole list.
    const nextIndex = groups.findIndex((g) => g.id === overId);
    if (nextIndex === -1) return;
    orderGroup(groupId, nextIndex).catch((err) => notifyFailure(t('order.failed'), err, t('errors.generic')));
  };

  const toggleDefault = (g: GroupView) => {
    setDefaultGroup(g.id === defaultId ? null : g.id).catch((err) =>
      notifyFailure(t('list.defaultFailed'), err, t('errors.generic')),
    );
  };

  const actions = {
    defaultId,
    onToggleDefault: toggleDefault,
    onEdit: (g: GroupView) => setEditing({ kind: 'edit', id: g.id }),
  };

  return (
    <Stack gap="xl" maw={760}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <div>
            <Title order={2} fz="h4">
              {t('list.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('list.help')}
            </Text>
          </div>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })}>
            {t('list.new')}
          </Button>
        </Group>
        {owned && (
          <Text size="sm" c={owned.status === 'ok' ? 'dimmed' : 'orange'} data-testid="owned-groups-limit">
            {t('list.ownedLine', { count: owned.currentCount ?? 0, limit: owned.limit })}
            {owned.status !== 'ok' && (
              <>
                {' '}
                <Anchor component={Link} to={settingsPath('billingLicensing')} size="sm">
                  {t('list.upgrade')}
                </Anchor>
              </>
            )}
          </Text>
        )}

        {error && !data ? (
          <Alert color="red">{errorText(error, t('errors.generic'))}</Alert>
        ) : isLoading || !data ? (
          <Stack gap={6}>
            <Skeleton height={52} />
            <Skeleton height={52} />
            <Skeleton height={52} />
          </Stack>
        ) : (
          <>
            <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
              {active.length === 0 ? (
                <Text size="sm" c="dimmed" p="md">
                  {t('list.empty')}
                </Text>
              ) : (
                <SortableGroupList groups={active} onMove={move} {...actions} />
              )}
            </Paper>
            {archived.length > 0 && (
              <Stack gap="xs">
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-sm"
                  w="fit-content"
                  leftSection={showArchived ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                  aria-expanded={showArchived}
                  onClick={() => setShowArchived((s) => !s)}
                >
                  {t('list.showArchived', { count: archived.length })}
                </Button>
                <Collapse expanded={showArchived}>
                  <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
                    <PlainGroupList groups={archived} {...actions} />
                  </Paper>
                </Collapse>
              </Stack>
            )}
          </>
        )}
      </Stack>

      <CategoriesSection groups={active} />

      <GroupFormModal
        opened={editing !== null && (editing.kind === 'new' || editingGroup !== null)}
        onClose={() => setEditing(null)}
        group={editingGroup}
        groups={groups}
        onArchived={() => setShowArchived(true)}
      />
    </Stack>
  );
}
