/**
 * Live updates in the signed-in app (docs/realtime.md): one socket while the shell is mounted. A task
 * event reads again every loaded view that shows tasks (Today panels, lists, the calendar, an open
 * task: SWR keys by matcher, lib/revalidate.ts); a reconnect reads again what may have changed while
 * the socket was down. A quiet badge shows while the connection is down. Loaded lazily by the shell,
 * after its first paint.
 */
import { Badge, Button, Group } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { isTaskEvent } from '@tandem/shared/api/realtime';
import { isNotificationEvent } from '@tandem/shared/notifications/notifications';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getAccessToken } from '../auth/session.ts';
import { getConfig } from '../config.ts';
import { revalidateAfter } from '../revalidate.ts';
import { LiveSocket, type LiveStatus } from './live-socket.ts';

/** Events in a burst (a tree deleted, a structure saved) are read once: within this many ms. */
const COALESCE_MS = 50;

export default function LiveUpdates() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const socketRef = useRef<LiveSocket | null>(null);

  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | undefined;
    const revalidateTasks = () => {
      if (pending !== undefined) return;
      pending = setTimeout(() => {
        pending = undefined;
        void revalidateAfter('task');
      }, COALESCE_MS);
    };
    const socket = new LiveSocket({
      url: getConfig().wsUrl,
      getToken: getAccessToken,
      onMessage: (m) => {
        if (isTaskEvent(m)) revalidateTasks();
        else if (isNotificationEvent(m)) void revalidateAfter('notification');
      },
      onStatus: setStatus,
      // Missed while down: tasks, and the groups and rosters that decide which tasks show.
      onReconnected: () => void revalidateAfter('task', 'group', 'member', 'notification'),
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
