import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRecentChats } from '../api/chat.ts';
import '../../../i18n/with-later-texts.ts';

/** The sidebar's dot beside Chat: shown while one of the person's recent chats has something unread. */
export function ChatUnreadDot() {
  const { t } = useTranslation();
  const { data } = useRecentChats();
  if (!data?.results.some((c) => c.hasUnread)) return null;
  return (
    <Box
      component="span"
      role="status"
      aria-label={t('chat.unread')}
      data-testid="chat-unread-dot"
      style={{
        width: 8,
        height: 8,
        borderRadius: 4,
        background: 'var(--mantine-color-red-6)',
        display: 'inline-block',
      }}
    />
  );
}
