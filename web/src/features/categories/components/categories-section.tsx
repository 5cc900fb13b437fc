import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { CategoryView, GroupView } from '@tandem/shared/groups/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmDialog } from '../../groups/components/confirm-dialog.tsx';
import { GroupMark } from '../../groups/components/group-mark.tsx';
import { notifyFailure } from '../../groups/utils/failure.ts';
import { deleteCategory } from '../api/delete-category.ts';
import { useCategories } from '../api/list-categories.ts';
import { CategoryFormModal } from './category-form-modal.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; category: CategoryView } | null;

/** Group categories (spec 001 §3, §7): named selections of groups, offered by the header's selector. */
export function CategoriesSection({ groups }: { groups: readonly GroupView[] }) {
  const { t } = useTranslation('groups');
  const { data, error, isLoading } = useCategories();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<CategoryView | null>(null);
  const [busy, setBusy] = useState(false);

  const groupTitles = (c: CategoryView) =>
    c.categoryGroups.map((id) => groups.find((g) => g.id === id)?.title).filter((x): x is string => !!x);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteCategory(deleting.id);
      notifySuccess(t('categories.deleted', { title: deleting.title }));
      setDeleting(null);
    } catch (err) {
      notifyFailure(t('categories.deleteFailed'), err, t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={2} fz="h4">
            {t('categories.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('categories.help')}
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} />}
          onClick={() => setEditing({ kind: 'new' })}
        >
          {t('categories.new')}
        </Button>
      </Group>
      {error && !data ? (
        <Alert color="red">{errorText(error, t('errors.generic'))}</Alert>
      ) : isLoading || !data ? (
        <Skeleton height={52} />
      ) : data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('categories.empty')}
        </Text>
      ) : (
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <Stack
            component="ul"
            aria-label={t('categories.title')}
            gap={0}
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {data.map((c) => {
              const titles = groupTitles(c);
              return (
                <Box
                  component="li"
                  key={c.id}
                  aria-label={c.title}
                  py="xs"
                  px="sm"
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                >
                  <Group gap="sm" wrap="nowrap">
                    <GroupMark color={c.metadata.color} icon={c.metadata.icon} size={28} />
                    <Box style={{ flex: 1, minWidth: 0 }}>
                      <Text fw={600} size="sm" truncate>
                        {c.title}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {titles.length === 0 ? t('categories.noGroups') : titles.join(', ')}
                      </Text>
                    </Box>
                    <Tooltip label={t('categories.edit')} withinPortal>
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={t('categories.editOf', { title: c.title })}
                        onClick={() => setEditing({ kind: 'edit', category: c })}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t('categories.delete')} withinPortal>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('categories.deleteOf', { title: c.title })}
                        onClick={() => setDeleting(c)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Box>
              );
            })}
          </Stack>
        </Paper>
      )}

      <CategoryFormModal
        opened={editing !== null}
        category={editing?.kind === 'edit' ? editing.category : null}
        groups={groups}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('categories.deleteTitle')}
        confirmLabel={t('categories.delete')}
        busy={busy}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        {t('categories.deleteText', { title: deleting?.title ?? '' })}
      </ConfirmDialog>
    </Stack>
  );
}
