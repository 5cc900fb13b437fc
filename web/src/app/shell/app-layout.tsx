import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { APP_HEADER_HEIGHT } from '../../config/app-header.ts';
import { paths } from '../../config/paths.ts';
import { useNormalisationDue } from '../../features/routines/hooks/use-normalisation-due.ts';
import { loadLaterNamespacesInTurn } from '../../i18n/index.ts';
import { useAppState } from '../../lib/app-state.ts';
import { useAfterFirstContent } from '../../lib/first-content.ts';
import { idle } from '../../lib/idle.ts';
import { useDisplayZone } from '../../lib/time/use-display-zone.ts';

// The pane (a drawer) loads on first open: it and its overlay engine stay off the start-up path.
const NotificationsPane = lazy(
  () => import('../../features/notifications/components/notifications-pane.tsx'),
);
// The time-block banner carries rrule (the recurrence expansion): a chunk of its own, loaded once the
// page's first content shows.
// The daily normalisation (and its sync message): a chunk of its own too, loaded on the day's first
// start only, when it is due (most starts skip it).
const DailyNormalisation = lazy(() => import('../../features/routines/components/sync-message.tsx'));
const TimeBlockBanner = lazy(() => import('../../features/time-blocks/components/time-block-banner.tsx'));
// Live updates (the socket and its status badge): a chunk of its own, started after the first paint.
const LiveUpdates = lazy(() => import('../../lib/live/live-updates.tsx'));
// The unread signals (favicon badge, chime; they load the notifications for the sidebar's dot).
const NotificationSignals = lazy(
  () => import('../../features/notifications/components/notification-signals.tsx'),
);

import { CommandHost } from '../../features/command-palette/components/command-host.tsx';
import { LicensingBanner } from '../../features/subscription/components/licensing-banner.tsx';
import { LimitPopoverHost } from '../../features/subscription/components/limit-popover-host.tsx';
import { Paywall } from '../../features/subscription/components/paywall.tsx';
import { AppHeader } from './app-header.tsx';
import { NewVersionBanner } from './new-version-banner.tsx';
import { Sidebar } from './sidebar.tsx';

/**
 * Layout of every signed-in page (spec 002 §2): header, sidebar (a drawer below 1024 px), content,
 * the licensing banner, the paywall bottom sheet and the subscription popover.
 */
export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const { pathname, search } = useLocation();
  // Today's My tasks marks its first content itself (the lists loaded); other pages at first idle.
  const afterFirstContent = useAfterFirstContent(
    pathname === paths.today && !new URLSearchParams(search).has('tab'),
  );
  // Settings are needed by most screens (formats, zone); start loading them with the shell. Times
  // are shown in the person's zone: the pages are drawn again if it differs from the computer's.
  const zone = useDisplayZone();
  const normalisationDue = useNormalisationDue();
  const paneOpened = useAppState((s) => s.notificationsOpen);
  const [paneLoaded, setPaneLoaded] = useState(false);
  if (paneOpened && !paneLoaded) setPaneLoaded(true);

  useEffect(() => {
    if (pathname) nav.close();
  }, [pathname, nav.close]);
  // The texts not in the entry (i18n/index.ts) once the first content shows, for what opens from it,
  // and the other pages' loaders (later-pages.ts), so a link in the sidebar waits for no extra step.
  useEffect(() => {
    if (!afterFirstContent) return;
    void loadLaterNamespacesInTurn(idle).catch(() => undefined);
    void import('../later-pages.ts').catch(() => undefined);
  }, [afterFirstContent]);

  return (
    <AppShell
      header={{ height: APP_HEADER_HEIGHT }}
      navbar={{ width: 240, breakpoint: 'md', collapsed: { mobile: !navOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <AppHeader navOpened={navOpened} onToggleNav={nav.toggle} />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar onNavigate={nav.close} />
      </AppShell.Navbar>
      <AppShell.Main>
        <NewVersionBanner />
        <LicensingBanner />
        <Suspense fallback={null}>
          {normalisationDue && <DailyNormalisation />}
          {afterFirstContent && <TimeBlockBanner />}
        </Suspense>
        <Outlet key={zone} />
      </AppShell.Main>
      <Paywall />
      <LimitPopoverHost />
      <CommandHost />
      {/* The live socket and the unread signals after the page's first content: the first screen does
          not wait for them (issue 10's Today budget); a reconnect reads again what it missed. */}
      {afterFirstContent && (
        <Suspense fallback={null}>
          <LiveUpdates />
          <NotificationSignals />
        </Suspense>
      )}
      {paneLoaded && (
        <Suspense fallback={null}>
          <NotificationsPane />
        </Suspense>
      )}
    </AppShell>
  );
}
