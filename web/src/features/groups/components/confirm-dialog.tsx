import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A yes/no question over the form (remove a member, delete a group); the action button says what happens. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('groups');
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="md" zIndex={310}>
      <Stack gap="lg">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('actions.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
