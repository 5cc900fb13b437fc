import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { CHAT_RULES } from '@tandem/shared/chat/chat';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../i18n/with-later-texts.ts';

/**
 * The chat input (spec 000 §5): grows from 1 to 5 rows, Enter sends, Shift+Enter is a new line, an
 * empty message is not sent. The text stays when sending fails. Typed text makes it dirty: the task
 * modal's messages tab asks before it is discarded.
 */
export function ChatInput({
  onSend,
  disabled,
  onDirtyChange,
}: {
  onSend: (text: string) => Promise<boolean>;
  disabled?: boolean;
  /** Whether leaving now would lose typed text (the messages tab asks before discarding it). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const dirty = text.trim() !== '';
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  // Gone (the tab left): nothing of it is unsaved any more.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const send = async () => {
    const message = text.trim();
    if (!message || busy) return;
    setBusy(true);
    try {
      if (await onSend(message)) setText('');
    } finally {
      setBusy(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Textarea
        style={{ flex: 1 }}
        autosize
        minRows={1}
        maxRows={5}
        maxLength={CHAT_RULES.maxMessageLength}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.inputLabel')}
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <ActionIcon
        size="lg"
        variant="filled"
        aria-label={t('chat.send')}
        onClick={() => void send()}
        disabled={disabled || !text.trim()}
        loading={busy}
      >
        <IconSend size={18} />
      </ActionIcon>
    </Group>
  );
}
