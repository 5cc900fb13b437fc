import {
  Anchor,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Pagination,
  Stack,
  Tabs,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  NOTIFICATION_PANE_PAGE,
  type NotificationView,
  notificationLink,
} from '@tandem/shared/notifications/notifications';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { appState, useAppState } from '../../../lib/app-state.ts';
import { errorText, notifyError } from '../../../lib/notify.ts';
import { markRead, markReceived, useNotifications } from '../api/notifications.ts';
import { notificationText } from '../utils/text.ts';
import '../../../i18n/with-later-texts.ts';

type TabId = 'unread' | 'read';

function when(iso: string, locale: string) {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The notification pane (spec 001 §2): opened from the sidebar, tabs Unread and Read, 5 a page. */
export default function NotificationsPane() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const opened = useAppState((s) => s.notificationsOpen);
  const { data, isLoading } = useNotifications();
  const [tab, setTab] = useState<TabId>('unread');
  const [pages, setPages] = useState<Record<TabId, number>>({ unread: 1, read: 1 });
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  const lists = useMemo(() => {
    const all = data?.results ?? [];
    return { unread: all.filter((n) => !n.readAt), read: all.filter((n) => n.readAt) };
  }, [data]);
  const list = lists[tab];
  const pageCount = Math.max(1, Math.ceil(list.length / NOTIFICATION_PANE_PAGE));
  const page = Math.min(pages[tab], pageCount);
  const shown = list.slice((page - 1) * NOTIFICATION_PANE_PAGE, page * NOTIFICATION_PANE_PAGE);

  // Shown: what the open pane lists has been received.
  useEffect(() => {
    if (!opened || !data) return;
    const unreceived = data.results.filter((n) => !n.receivedAt).map((n) => n.id);
    if (unreceived.length > 0) void markReceived(unreceived).catch(() => undefined);
  }, [opened, data]);

  // A selection belongs to the tab and page it was made on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared when the tab or page changes
  useEffect(() => setSelected(new Set()), [tab, page]);

  const close = () => appState.set({ notificationsOpen: false });
  const read = async (ids: string[]) => {
    setBusy(true);
    try {
      await markRead(ids);
      setSelected(new Set());
    } catch (e) {
      notifyError(t('notifications.markRead'), errorText(e, t('errors.generic')));
    } finally {
      setBusy(false);
    }
  };
  const open = (n: NotificationView) => {
    if (!n.readAt) void markRead([n.id]).catch(() => undefined);
    close();
    navigate(notificationLink(n));
  };
  const allShownSelected = shown.length > 0 && shown.every((n) => selected.has(n.id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const body = (which: TabId) => {
    if (isLoading && !data) return <Loader size="sm" />;
    if (lists[which].length === 0)
      return (
        <Text c="dimmed">
          {t(which === 'unread' ? 'notifications.emptyUnread' : 'notifications.emptyRead')}
        </Text>
      );
    return (
      <Stack gap="sm">
        {which === 'unread' && (
          <Group justify="space-between">
            <Checkbox
              label={t('notifications.selectAll')}
              checked={allShownSelected}
              indeterminate={!allShownSelected && shown.some((n) => selected.has(n.id))}
              onChange={() => setSelected(allShownSelected ? new Set() : new Set(shown.map((n) => n.id)))}
            />
            <Button
              size="xs"
              variant="light"
              data-testid="notifications-mark-read"
              disabled={selected.size === 0}
              loading={busy}
              onClick={() => void read([...selected])}
            >
              {t('notifications.markRead')}
            </Button>
          </Group>
        )}
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((n) => (
            <Group
              key={n.id}
              component="li"
              wrap="nowrap"
              align="flex-start"
              gap="sm"
              py="xs"
              data-testid="notification-item"
              style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
            >
              {which === 'unread' && (
                <Checkbox
                  mt={2}
                  aria-label={t('notifications.select')}
                  checked={selected.has(n.id)}
                  onChange={() => toggle(n.id)}
                />
              )}
              <UnstyledButton onClick={() => open(n)} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={n.readAt ? 400 : 600} style={{ overflowWrap: 'anywhere' }}>
                  {notificationText(t, n)}
                </Text>
                {n.templateName === 'new_message' && n.variables.message !== undefined && (
                  <Text size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                    {String(n.variables.message)}
                  </Text>
                )}
                <Text size="xs" c="dimmed">
                  {when(n.createdAt, i18n.language.replace('_', '-'))}
                </Text>
              </UnstyledButton>
              {which === 'unread' && (
                <Anchor component="button" type="button" size="xs" onClick={() => void read([n.id])}>
                  {t('notifications.markOneRead')}
                </Anchor>
              )}
            </Group>
          ))}
        </Stack>
        {pageCount > 1 && (
          <Pagination
            size="sm"
            total={pageCount}
            value={page}
            onChange={(p) => setPages((s) => ({ ...s, [which]: p }))}
          />
        )}
      </Stack>
    );
  };

  return (
    <Drawer opened={opened} onClose={close} position="right" title={t('notifications.title')} size="md">
      <Tabs value={tab} onChange={(v) => setTab(v === 'read' ? 'read' : 'unread')}>
        <Tabs.List>
          <Tabs.Tab value="unread">
            {t('notifications.unread')}
            {lists.unread.length > 0 ? ` (${lists.unread.length})` : ''}
          </Tabs.Tab>
          <Tabs.Tab value="read">{t('notifications.read')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unread" pt="md">
          {body('unread')}
        </Tabs.Panel>
        <Tabs.Panel value="read" pt="md">
          {body('read')}
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
