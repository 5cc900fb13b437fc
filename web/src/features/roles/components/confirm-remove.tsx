import { Button, Group, Modal, Stack, Text } from '@mantine/core';

/** Remove with confirmation (spec 002 §2): a title, a description, ok and cancel. */
export function ConfirmRemove({
  opened,
  title,
  description,
  ok,
  cancel,
  busy,
  onConfirm,
  onCancel,
}: {
  opened: boolean;
  title: string;
  description: string;
  ok: string;
  cancel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered size="md">
      <Stack gap="lg">
        <Text size="sm">{description}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={busy} data-autofocus>
            {ok}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
