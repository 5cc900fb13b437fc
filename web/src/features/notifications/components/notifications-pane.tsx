import { Drawer, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appState, useAppState } from '../../../lib/app-state.ts';

/** The notification pane (spec 001 §2): opened from the sidebar, tabs Unread and Read. */
export default function NotificationsPane() {
  const { t } = useTranslation();
  const opened = useAppState((s) => s.notificationsOpen);
  const [tab, setTab] = useState<string | null>('unread');
  return (
    <Drawer
      opened={opened}
      onClose={() => appState.set({ notificationsOpen: false })}
      position="right"
      title={t('notifications.title')}
      size="md"
    >
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="unread">{t('notifications.unread')}</Tabs.Tab>
          <Tabs.Tab value="read">{t('notifications.read')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="unread" pt="md">
          <Text c="dimmed">{t('notifications.emptyUnread')}</Text>
        </Tabs.Panel>
        <Tabs.Panel value="read" pt="md">
          <Text c="dimmed">{t('notifications.emptyRead')}</Text>
        </Tabs.Panel>
      </Tabs>
    </Drawer>
  );
}
