import { Anchor, Avatar, Box, Center, Group, Loader, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { CHAT_RULES, type ChatView } from '@tandem/shared/chat/chat';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { taskPath } from '../../tasks/paths.ts';
import {
  deleteMessage,
  editMessage,
  markChatRead,
  sendMessage,
  useMessages,
  useTaskChat,
} from '../api/chat.ts';
import { shownName } from '../utils/sender-name.ts';
import { ChatInput } from './chat-input.tsx';
import { MessageItem } from './message-item.tsx';
import '../../../i18n/with-later-texts.ts';

/** The viewers' avatars in the header: the first four, then +N naming the others (spec 000 §9). */
export function ViewerAvatars({ viewers }: { viewers: ChatView['viewers'] }) {
  const { t } = useTranslation();
  const named = viewers.map((v) => ({ ...v, fullName: shownName(v.fullName, t('chat.someone')) }));
  const shown = named.slice(0, CHAT_RULES.headerAvatars);
  const rest = named.slice(shown.length);
  return (
    <Avatar.Group spacing="xs" role="group" aria-label={t('chat.viewers')}>
      {shown.map((v) => (
        <Tooltip key={v.id} label={v.fullName} withArrow openDelay={300}>
          <Avatar size={28} src={v.avatar} name={v.fullName} color="initials" alt={v.fullName} />
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Tooltip label={rest.map((v) => v.fullName).join(', ')} withArrow openDelay={300}>
          <Avatar size={28} aria-label={t('chat.moreViewers', { count: rest.length })}>
            +{rest.length}
          </Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  );
}

/**
 * A task's chat (spec 000 §2): the task's title linking to /task/{id} and its viewers' avatars, the
 * messages (older ones load as the list is scrolled to its top), and the input. While it is open, what
 * arrives is marked read.
 */
export function ChatPanel({
  taskId,
  height = 420,
  showHeader = true,
  onDirtyChange,
}: {
  taskId: string;
  height?: number | string;
  showHeader?: boolean;
  /** Whether the input holds text not sent (the messages tab asks before discarding it). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const { data: chat, error } = useTaskChat(taskId);
  const { data: me } = useAuthUser();
  const { data: config } = useUserConfig();
  const [pages, setPages] = useState(1);
  const { data: list, isLoading } = useMessages(taskId, pages);
  const viewport = useRef<HTMLDivElement>(null);
  // Where the list was before older messages came in above it, to keep the reader's place.
  const keepFrom = useRef<number | null>(null);

  // Read while open: each newer message is marked read as it arrives.
  useEffect(() => {
    if (chat?.hasUnread) void markChatRead(chat.id).catch(() => undefined);
  }, [chat?.id, chat?.hasUnread]);

  // Older messages keep the reader's place; a newer message (or the first load) scrolls to the end.
  // The list is mounted once the chat is read too, so the chat's arrival runs this again.
  const shownLast = useRef<string | undefined>(undefined);
  const mounted = chat !== undefined;
  useLayoutEffect(() => {
    const el = viewport.current;
    if (!el || !list || !mounted) return;
    const newest = list.messages.at(-1)?.id;
    if (keepFrom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFrom.current;
      keepFrom.current = null;
    } else if (newest !== shownLast.current) {
      el.scrollTop = el.scrollHeight;
    }
    shownLast.current = newest;
  }, [list, mounted]);

  const onScroll = ({ y }: { y: number }) => {
    if (y > 24 || !list?.hasOlder || isLoading || keepFrom.current !== null) return;
    keepFrom.current = viewport.current?.scrollHeight ?? 0;
    setPages((p) => p + 1);
  };

  if (error) {
    return (
      <Text c="dimmed" size="sm">
        {t('chat.unavailable')}
      </Text>
    );
  }
  if (!chat) {
    return (
      <Center h={120}>
        <Loader size="sm" />
      </Center>
    );
  }

  const fail = (e: unknown) => {
    notifyError(t('chat.failed'), errorText(e, t('chat.failed')));
    return false;
  };

  return (
    <Stack gap="sm" data-testid="chat-panel">
      {showHeader && (
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={taskPath(chat.id)} fw={600} truncate>
            {chat.attachedObject.title}
          </Anchor>
          <ViewerAvatars viewers={chat.viewers} />
        </Group>
      )}
      <ScrollArea
        h={height}
        viewportRef={viewport}
        onScrollPositionChange={onScroll}
        type="auto"
        scrollbars="y"
      >
        <Stack gap="md" pr="sm" aria-live="polite">
          {list?.hasOlder && (
            <Center>
              <Loader size="xs" />
            </Center>
          )}
          {list && list.messages.length === 0 && (
            <Text c="dimmed" size="sm" ta="center" mt="xl">
              {t('chat.empty')}
            </Text>
          )}
          {list?.messages.map((m) => (
            <MessageItem
              key={m.id}
              message={m}
              own={m.user === me?.id}
              dateFormat={config?.dateFormatOption ?? 'day_first'}
              timeZone={config?.timezone}
              onEdit={(text) =>
                editMessage(chat.id, m.id, text).then(
                  () => true,
                  (e) => fail(e),
                )
              }
              onDelete={() => void deleteMessage(chat.id, m.id).catch(fail)}
            />
          ))}
        </Stack>
      </ScrollArea>
      <Box>
        <ChatInput
          disabled={!chat.canWrite}
          onDirtyChange={onDirtyChange}
          onSend={(text) =>
            sendMessage(chat.id, text).then(
              () => true,
              (e) => fail(e),
            )
          }
        />
      </Box>
    </Stack>
  );
}
