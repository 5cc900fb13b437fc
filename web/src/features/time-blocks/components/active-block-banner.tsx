/**
 * The time-blocking banner (spec 001 §2, §4): while a block is active (checked every second, its
 * recurrence expanded in its own zone) and the header's selection differs from the block's group
 * or category, it offers to switch to the block. Loaded lazily, and only for someone who has time
 * blocks (time-block-banner.tsx): it carries rrule.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { sameIds, selectionFrom } from '@tandem/shared/tasks/selection';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useCategories } from '../../categories/api/list-categories.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { saveSelectedGroups } from '../../groups/api/save-selected-groups.ts';
import { isArchived } from '../../groups/utils/group-state.ts';
import { useTimeBlocks } from '../api/time-blocks.ts';
import { activeBlock, blockSelection } from '../utils/active-block.ts';

/** Spec 001 §9: the check runs every second. */
const CHECK_MS = 1000;

export default function ActiveBlockBanner() {
  const { t } = useTranslation('routines');
  // Loaded once, and again when the window regains focus (SWR's default).
  const { data: blocks } = useTimeBlocks({ revalidateOnFocus: true, dedupingInterval: 30_000 });
  const { data: groupList } = useGroups();
  const { data: categories } = useCategories();
  const { data: config } = useUserConfig();
  const [now, setNow] = useState(() => new Date());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const id = setInterval(() => setNow(new Date()), CHECK_MS);
    return () => clearInterval(id);
  }, []);

  if (!blocks || blocks.count === 0 || !groupList || !config) return null;
  const block = activeBlock(blocks.results, now);
  if (!block) return null;
  const groups = groupList.results.filter((g) => !isArchived(g));
  const activeIds = groups.map((g) => g.id);
  const target = blockSelection(block, activeIds, categories ?? []);
  if (!target) return null;
  // The saved selection as the shared rule reads it (groups no longer visible dropped). Compared as
  // chosen: none chosen shows every group, but it is not the block's choice, so the banner offers it.
  const current = selectionFrom(config.preferences, activeIds).groups;
  if (sameIds(current, target)) return null;

  const name = block.group
    ? groups.find((g) => g.id === block.group)?.title
    : categories?.find((c) => c.id === block.groupCategory)?.title;

  const enter = async () => {
    setSaving(true);
    try {
      await saveSelectedGroups(target);
    } catch (err) {
      notifyError(t('banner.failed'), errorText(err, t('errors.generic')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Alert role="status" variant="light" color="grape" mb="md" p="xs">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{t('banner.text', { name: name ?? '' })}</Text>
        <Button size="xs" variant="filled" color="grape" loading={saving} onClick={() => void enter()}>
          {t('banner.switch')}
        </Button>
      </Group>
    </Alert>
  );
}
