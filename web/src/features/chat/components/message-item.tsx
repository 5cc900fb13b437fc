import { ActionIcon, Avatar, Box, Button, Group, Menu, Text, Textarea } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { CHAT_RULES, chatTime, type MessageView } from '@tandem/shared/chat/chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shownName } from '../utils/sender-name.ts';
import { MessageText } from './message-text.tsx';
import '../../../i18n/with-later-texts.ts';

/** One message: author, time in the person's date format, text; edit and delete on one's own only. */
export function MessageItem({
  message,
  own,
  dateFormat,
  timeZone,
  onEdit,
  onDelete,
}: {
  message: MessageView;
  own: boolean;
  dateFormat: 'day_first' | 'month_first';
  timeZone?: string;
  onEdit: (text: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const deleted = message.deletedAt !== null;
  const name = shownName(message.userName, t('chat.someone'));

  const save = async () => {
    const text = editing?.trim();
    if (!text) return;
    if (await onEdit(text)) setEditing(null);
  };

  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" data-testid="chat-message" data-own={own || undefined}>
      <Avatar size={32} src={message.userAvatar} name={name} color="initials" alt={name} />
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate>
            {name}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {chatTime(message.createdAt, dateFormat, timeZone)}
            {message.updatedAt && !deleted ? ` · ${t('chat.edited')}` : ''}
          </Text>
          {own && !deleted && editing === null && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" color="gray" size="sm" ml="auto" aria-label={t('chat.actions')}>
                  <IconDots size={14} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => setEditing(message.message)}>{t('chat.edit')}</Menu.Item>
                <Menu.Item color="red" onClick={onDelete}>
                  {t('chat.delete')}
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
        {editing !== null ? (
          <Box mt={4}>
            <Textarea
              autosize
              minRows={1}
              maxRows={5}
              maxLength={CHAT_RULES.maxMessageLength}
              aria-label={t('chat.editLabel')}
              value={editing}
              onChange={(e) => setEditing(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && !e.shiftKey) {
                  e.preventDefault();
                  void save();
                } else if (e.key === 'Escape') setEditing(null);
              }}
            />
            <Group gap="xs" mt={4}>
              <Button size="compact-xs" onClick={() => void save()} disabled={!editing.trim()}>
                {t('chat.save')}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => setEditing(null)}>
                {t('chat.cancel')}
              </Button>
            </Group>
          </Box>
        ) : (
          <MessageText text={message.message} deleted={deleted} />
        )}
      </Box>
    </Group>
  );
}
