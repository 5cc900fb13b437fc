/**
 * The toasts' container (Mantine's Notifications with its transitions) is code the first screen
 * does without: it loads once the page's first content shows, or at once when a toast is asked for
 * before that. A toast shown earlier waits in the notifications store and appears with the container.
 */
import { useNotifications } from '@mantine/notifications';
import { type CSSProperties, lazy, Suspense } from 'react';
import { TOASTS_BOTTOM } from '../config/floating-button.ts';
import { useFirstContentShown } from '../lib/first-content.ts';

const Notifications = lazy(() => import('./toasts-container.tsx'));

export function Toasts() {
  const shown = useFirstContentShown();
  const asked = useNotifications().notifications.length > 0;
  if (!shown && !asked) return null;
  return (
    <Suspense fallback={null}>
      <Notifications
        position="bottom-right"
        style={{ '--tandem-toasts-bottom': `${TOASTS_BOTTOM}px` } as CSSProperties}
      />
    </Suspense>
  );
}
