import { Button, Group, Text } from '@mantine/core';

/** The body of an Undo toast (lib/notify.ts notifyUndo): the message and its Undo button. */
export function UndoMessage({
  message,
  label,
  onUndo,
}: {
  message: string;
  label: string;
  onUndo: () => void;
}) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{message}</Text>
      <Button size="compact-sm" variant="light" onClick={onUndo}>
        {label}
      </Button>
    </Group>
  );
}
