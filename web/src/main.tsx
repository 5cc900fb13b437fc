import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { preloadSignedInStart } from './app/preload.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { BootError } from './app/routes/boot-error.tsx';
import { type Booted, bindApp, booted } from './boot.ts';
import { registerServiceWorker } from './features/push/register-service-worker.ts';
import './i18n/index.ts';
import { appState } from './lib/app-state.ts';
import { forceRefresh, getAccessToken, initSession, sessionLost, sessionStore } from './lib/auth/session.ts';

/**
 * Start: boot.ts has read /config.json, set up the API client and asked for the first reads; bind the
 * session to the client, find the session, hand the reads to the hooks, then render.
 */
async function main(): Promise<void> {
  const root = createRoot(document.getElementById('root')!);
  let boot: Booted;
  try {
    boot = await booted;
  } catch (err) {
    console.error(err);
    root.render(
      <AppProviders>
        <BootError />
      </AppProviders>,
    );
    return;
  }
  bindApp({
    getAccessToken,
    refreshSession: forceRefresh,
    onSessionLost: sessionLost,
    onNewBuild: () => appState.set({ newBuildAvailable: true }),
    onSubscriptionStatus: (status) => appState.set({ subscriptionStatus: status }),
  });
  await initSession();
  // The first reads (asked for by boot.ts while this code downloaded) go to the hooks' cache. The
  // first screen is not held for them: waiting for them drew it later (D86).
  if (sessionStore.get().status === 'signedIn') preloadSignedInStart(window.location, boot.reads);
  // A transition: React renders the first screen in slices and lets the browser in between, so
  // start-up does not hold the page still in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={createAppRouter()} />
        </AppProviders>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

void main();
