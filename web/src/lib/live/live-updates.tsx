/**
 * Live updates in the signed-in app (docs/realtime.md): one socket while the shell is mounted. A task
 * event (or one of the person's own placement, from another tab) reads again every loaded view that
 * shows tasks (Today panels, lists, the calendar, an open task: SWR keys by matcher, lib/revalidate.ts),
 * a group event the groups and rosters too, a chat event every loaded chat key. Each connection reads
 * again what may have changed unheard: at the first, since the page's first reads (the socket opens after
 * them); after a drop, while the socket was down. A quiet badge shows while the connection is down.
 * Loaded lazily by the shell, after its first paint.
 */
import { Badge, Button, Group } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import {
  isAttachmentEvent,
  isChatEvent,
  isGroupEvent,
  isMembershipEvent,
  isPlacementEvent,
  isTaskEvent,
} from '@tandem/shared/api/realtime';
import { isNotificationEvent } from '@tandem/shared/notifications/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessToken } from '../auth/session.ts';
import { getConfig } from '../config.ts';
import { type Change, revalidateAfter } from '../revalidate.ts';

/** What a socket event can make stale. */
type LiveChange = Extract<Change, 'task' | 'group' | 'member' | 'chat' | 'notification' | 'attachment'>;

import { LiveSocket, type LiveStatus } from './live-socket.ts';

/** What a connection may have missed: everything an event can make stale. */
const MISSED: LiveChange[] = ['task', 'group', 'member', 'chat', 'notification', 'attachment'];

/** Events in a burst (a tree deleted, a structure saved) are read once: within this many ms. */
const COALESCE_MS = 50;

export default function LiveUpdates() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const socketRef = useRef<LiveSocket | null>(null);

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    /** What a burst of events made stale, read once when the burst is over. */
    const stale = new Set<LiveChange>();
    const revalidate = (...kinds: LiveChange[]) => {
      for (const k of kinds) stale.add(k);
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        const kinds = [...stale];
        stale.clear();
        void revalidateAfter(...kinds);
      }, COALESCE_MS);
    };
    const socket = new LiveSocket({
      url: getConfig().wsUrl,
      getToken: getAccessToken,
      onMessage: (m) => {
        // A task's or one's own placement: the task views. A group or its roster: which groups show,
        // their rosters, and the tasks a member now sees or no longer sees. A chat's: the chat keys.
        if (isTaskEvent(m) || isPlacementEvent(m)) revalidate('task');
        else if (isGroupEvent(m)) revalidate('group', 'member', 'task');
        // One's own group order or archive (another tab): the groups, and the tasks an archive hides.
        else if (isMembershipEvent(m)) revalidate('group', 'task');
        else if (isChatEvent(m)) revalidate('chat');
        else if (isNotificationEvent(m)) revalidate('notification');
        // A task's files or video links: the open attachment tabs (a reorder being saved is held as one
        // mutation, so this read cannot undo it on screen).
        else if (isAttachmentEvent(m)) revalidate('attachment');
      },
      onStatus: setStatus,
      // Not heard before this connection (since the first reads, or while down): tasks, the groups and
      // rosters that decide which tasks show, chats, notifications, files. Only loaded keys are read.
      onConnected: () => void revalidateAfter(...MISSED),
    });
    socketRef.current = socket;
    socket.start();
    const resume = () => {
      if (document.visibilityState === 'visible') socket.resume();
    };
    window.addEventListener('online', resume);
    document.addEventListener('visibilitychange', resume);
    return () => {
      window.removeEventListener('online', resume);
      document.removeEventListener('visibilitychange', resume);
      clearTimeout(pending);
      socket.stop();
      socketRef.current = null;
    };
  }, []);

  if (status !== 'down' && status !== 'resting') return null;
  return (
    <Group
      gap={6}
      role="status"
      data-testid="live-status"
      style={{ position: 'fixed', bottom: 12, left: 12, zIndex: 150 }}
    >
      <Badge color="gray" variant="light" tt="none" fw={500} leftSection={<IconPlugConnectedX size={12} />}>
        {t(status === 'down' ? 'live.reconnecting' : 'live.offline')}
      </Badge>
      {status === 'resting' && (
        <Button size="compact-xs" variant="subtle" onClick={() => socketRef.current?.resume()}>
          {t('live.retry')}
        </Button>
      )}
    </Group>
  );
}
