/**
 * What tells the person something is unread when they are not looking at the pane (spec 002 §2):
 * the favicon switches to its badge variant, and a chime plays when an unread notification arrives
 * after the person's first interaction with the page (browsers refuse sound before one), unless the
 * setting silences it. Loads the notifications (the sidebar's dot reads the same data). Mounted by
 * the shell after its first paint.
 */
import { useEffect, useRef } from 'react';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useNotifications } from '../api/notifications.ts';
import { badgeIcon, chimeWav } from '../utils/chime.ts';

function useFirstInteraction() {
  const interacted = useRef(false);
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    window.addEventListener('pointerdown', mark, { once: true });
    window.addEventListener('keydown', mark, { once: true });
    return () => {
      window.removeEventListener('pointerdown', mark);
      window.removeEventListener('keydown', mark);
    };
  }, []);
  return interacted;
}

export default function NotificationSignals() {
  const { data } = useNotifications();
  const { data: config } = useUserConfig();
  const interacted = useFirstInteraction();
  const unread = data?.unread ?? 0;
  const silenced = config?.notifications?.silenceChime ?? false;

  // The favicon: the badge variant while something is unread, the plain icon otherwise.
  const plain = useRef<{ href: string; svg: string | null } | null>(null);
  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    let cancelled = false;
    void (async () => {
      if (!plain.current) {
        const href = link.href;
        const svg = await fetch(href)
          .then((r) => (r.ok ? r.text() : null))
          .catch(() => null);
        plain.current = { href, svg };
      }
      if (cancelled) return;
      const { href, svg } = plain.current;
      const next = unread > 0 && svg ? badgeIcon(svg) : href;
      if (link.href !== next) link.href = next;
      link.dataset.badge = unread > 0 ? 'unread' : 'none';
    })();
    return () => {
      cancelled = true;
    };
  }, [unread]);

  // The chime: when the unread ones grow (a new one arrived), not for those there at start.
  const seen = useRef<Set<string> | null>(null);
  const audio = useRef<HTMLAudioElement | null>(null);
  useEffect(() => {
    if (!data) return;
    const ids = new Set(data.results.filter((n) => !n.readAt).map((n) => n.id));
    const before = seen.current;
    seen.current = ids;
    if (!before || silenced || !interacted.current) return;
    if (![...ids].some((id) => !before.has(id))) return;
    audio.current ??= new Audio(URL.createObjectURL(chimeWav()));
    audio.current.currentTime = 0;
    void audio.current.play().catch(() => undefined);
  }, [data, silenced, interacted]);

  return null;
}
