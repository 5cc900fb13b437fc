/**
 * Time blocks (spec 001 §3, §7): the windows in which the header switches to a group or category.
 * List, add, edit and delete. Mounted at /calendar/time-blocks.
 */
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { TimeBlockView } from '@tandem/shared/time/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { DateTime } from '../../../lib/time/luxon.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { userFormats } from '../../calendar/utils/formats.ts';
import { useCategories } from '../../categories/api/list-categories.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { isArchived } from '../../groups/utils/group-state.ts';
import { createTimeBlock, deleteTimeBlock, updateTimeBlock, useTimeBlocks } from '../api/time-blocks.ts';
import { BlockForm } from '../components/block-form.tsx';
import { type BlockFormValues, blockBody, emptyBlockForm, formFromBlock } from '../utils/block-form.ts';
import { repeatFromRule } from '../utils/repeat.ts';

export default function TimeBlocksPage() {
  const { t } = useTranslation('routines');
  const { data: blocks, error, isLoading, mutate } = useTimeBlocks();
  const { data: groupList } = useGroups();
  const { data: categories } = useCategories();
  const { data: config } = useUserConfig();
  const [editing, setEditing] = useState<TimeBlockView | null>(null);
  const [formKey, setFormKey] = useState(0);
  const zone = config?.timezone || browserZone();
  const f = userFormats(config?.timeFormatOption, config?.dateFormatOption);
  const groups = (groupList?.results ?? []).filter((g) => !isArchived(g));
  const cats = categories ?? [];

  const save = async (values: BlockFormValues, id?: string) => {
    try {
      if (id) await updateTimeBlock(id, blockBody(values));
      else await createTimeBlock(blockBody(values));
      notifySuccess(t('blocks.saved'));
      if (id) setEditing(null);
      else setFormKey((k) => k + 1);
    } catch (err) {
      notifyError(t('blocks.failed'), errorText(err, t('errors.generic')));
      throw err;
    }
  };

  const remove = async (id: string) => {
    try {
      await deleteTimeBlock(id);
      notifySuccess(t('blocks.deleted'));
    } catch (err) {
      notifyError(t('blocks.deleteFailed'), errorText(err, t('errors.generic')));
    }
  };

  const targetName = (b: TimeBlockView) =>
    b.group
      ? (groups.find((g) => g.id === b.group)?.title ?? '—')
      : (cats.find((c) => c.id === b.groupCategory)?.title ?? '—');

  const when = (b: TimeBlockView) => {
    const s = DateTime.fromISO(b.startDate, { zone: b.timezone });
    return `${s.toFormat(f.date)} ${s.toFormat(f.time)} – ${s.plus({ minutes: b.duration }).toFormat(f.time)}`;
  };

  return (
    <Stack gap="md" maw={900}>
      <Title order={1} fz="h2">
        {t('blocks.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('blocks.intro')}
      </Text>
      <Paper withBorder p="md">
        {config && groupList ? (
          <BlockForm
            key={formKey}
            initial={emptyBlockForm(zone, new Date(), groups[0]?.id ?? '')}
            groups={groups}
            categories={cats}
            submitLabel={t('blocks.add')}
            onSubmit={(v) => save(v).catch(() => {})}
          />
        ) : (
          <Loader size="sm" />
        )}
      </Paper>
      {error && !blocks ? (
        <Alert color="red" variant="light" title={t('loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
            {t('retry')}
          </Button>
        </Alert>
      ) : isLoading && !blocks ? (
        <Loader size="sm" />
      ) : (blocks?.results.length ?? 0) === 0 ? (
        <Text c="dimmed">{t('blocks.empty')}</Text>
      ) : (
        <Paper
          withBorder
          p="sm"
          component="ul"
          style={{ listStyle: 'none', margin: 0 }}
          aria-label={t('blocks.title')}
        >
          <Stack gap="xs">
            {blocks!.results.map((b) => (
              <Group key={b.id} component="li" justify="space-between" wrap="wrap" gap="sm">
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text fw={500}>{targetName(b)}</Text>
                    {b.active && (
                      <Badge size="xs" color="grape" variant="light">
                        {t('blocks.active')}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {when(b)} · {t(`blocks.repeats.${repeatFromRule(b.recurRule)}`)} · {b.timezone}
                  </Text>
                </Stack>
                <Group gap="xs">
                  <Button size="xs" variant="default" onClick={() => setEditing(b)}>
                    {t('blocks.edit')}
                  </Button>
                  <Button size="xs" variant="light" color="red" onClick={() => void remove(b.id)}>
                    {t('blocks.delete')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={t('blocks.editTitle')}
        size="lg"
      >
        {editing && (
          <BlockForm
            initial={formFromBlock(editing)}
            groups={groups}
            categories={cats}
            submitLabel={t('blocks.save')}
            onSubmit={(v) => save(v, editing.id).catch(() => {})}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
