import { Badge, Box, Card, Grid, Group, NavLink, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useRecentChats } from '../api/chat.ts';
import { ChatPanel } from '../components/chat-panel.tsx';
import '../../../i18n/with-later-texts.ts';

/**
 * /chat (spec 001 §2): the person's chats with a message in the last day, newest first, each marked
 * while it has something unread; the chosen one (?task=) opens beside the list.
 */
export default function ChatPage() {
  const { t } = useTranslation();
  const { data, isLoading } = useRecentChats();
  const [params, setParams] = useSearchParams();
  const chats = data?.results ?? [];
  const selected = params.get('task') ?? chats[0]?.id ?? null;

  return (
    <Stack gap="md">
      <Title order={2}>{t('chat.title')}</Title>
      <Grid>
        <Grid.Col span={{ base: 12, sm: 4 }}>
          <Card withBorder padding="xs">
            {!isLoading && chats.length === 0 && (
              <Text c="dimmed" size="sm" p="sm">
                {t('chat.noChats')}
              </Text>
            )}
            <Box
              component="ul"
              aria-label={t('chat.list')}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {chats.map((c) => (
                <li key={c.id}>
                  <NavLink
                    component="button"
                    type="button"
                    data-testid="chat-list-item"
                    data-unread={c.hasUnread || undefined}
                    active={c.id === selected}
                    label={
                      <Text size="sm" fw={c.hasUnread ? 700 : 400} truncate>
                        {c.attachedObject.title}
                      </Text>
                    }
                    rightSection={
                      c.hasUnread ? (
                        <Badge size="xs" color="red" variant="filled">
                          {t('chat.new')}
                        </Badge>
                      ) : null
                    }
                    onClick={() => setParams({ task: c.id })}
                  />
                </li>
              ))}
            </Box>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8 }}>
          {selected ? (
            <Card withBorder>
              <ChatPanel key={selected} taskId={selected} height="calc(100dvh - 320px)" />
            </Card>
          ) : (
            <Group justify="center" p="xl">
              <Text c="dimmed">{t('chat.pick')}</Text>
            </Group>
          )}
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
