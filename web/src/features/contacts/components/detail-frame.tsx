/**
 * What the contact and the company details share (spec 001 §2, §8): the read that failed (the §8
 * message with a retry) or is under way, the heading with its Edit, Delete and close buttons, and the
 * delete's confirmation with its toasts.
 */
import { Button, CloseButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { contactsErrorMessage } from '../utils/errors.ts';
import { ConfirmDelete } from './confirm-delete.tsx';
import { LoadError } from './load-error.tsx';
import '../../../i18n/with-later-texts.ts';

/** A detail not read yet: the §8 message under `title` with a retry when the read failed, else the loader. */
export function DetailPending({
  error,
  title,
  onClose,
  onRetry,
}: {
  error: unknown;
  title: string;
  onClose: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation('contacts');
  if (error)
    return (
      <Stack>
        <Group justify="flex-end">
          <CloseButton aria-label={t('actions.close')} onClick={onClose} />
        </Group>
        <LoadError title={title} error={error} onRetry={onRetry} />
      </Stack>
    );
  return <Loader size="sm" aria-label={t('list.loading')} />;
}

/** The detail's heading: the name, a line under it, Edit and Delete as the role allows, close. */
export function DetailHeader({
  title,
  subtitle,
  canEdit,
  canDelete,
  onEdit,
  onDelete,
  onClose,
}: {
  title: string;
  subtitle: ReactNode;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <div style={{ minWidth: 0 }}>
        <Title order={3} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {subtitle ? (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        ) : null}
      </div>
      <Group gap={4} wrap="nowrap">
        {canEdit && (
          <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
            {t('actions.edit')}
          </Button>
        )}
        {canDelete && (
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={14} />}
            onClick={onDelete}
          >
            {t('actions.delete')}
          </Button>
        )}
        <CloseButton aria-label={t('actions.close')} onClick={onClose} />
      </Group>
    </Group>
  );
}

/** The delete's confirmation: the call, then 'Deleted' and `onDeleted`, or `failTitle` with the §8 message. */
export function ConfirmItemDelete({
  opened,
  onClose,
  title,
  name,
  failTitle,
  remove,
  onDeleted,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  name: string;
  failTitle: string;
  remove: () => Promise<void>;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('contacts');
  return (
    <ConfirmDelete
      opened={opened}
      onClose={onClose}
      title={title}
      body={t('delete.body', { name })}
      onConfirm={async () => {
        try {
          await remove();
          notifications.show({
            closeButtonProps: { 'aria-label': t('actions.close') },
            color: 'green',
            message: t('delete.done'),
          });
          onDeleted();
        } catch (err) {
          notifications.show({
            closeButtonProps: { 'aria-label': t('actions.close') },
            color: 'red',
            title: failTitle,
            message: contactsErrorMessage(err),
          });
        }
      }}
    />
  );
}
