import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { FIRST_READS_WAIT_MS, preloadSignedInStart } from './app/preload.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { BootError } from './app/routes/boot-error.tsx';
import { registerServiceWorker } from './features/push/register-service-worker.ts';
import './i18n/index.ts';
import { configureApi } from './lib/api.ts';
import { appState } from './lib/app-state.ts';
import { forceRefresh, getAccessToken, initSession, sessionLost, sessionStore } from './lib/auth/session.ts';
import { loadRuntimeConfig } from './lib/config.ts';
import { warmIntl } from './lib/time/warm-intl.ts';

/** Start: read /config.json, set up Cognito and the API client, find the session, then render. */
async function main(): Promise<void> {
  warmIntl();
  const root = createRoot(document.getElementById('root')!);
  let config: Awaited<ReturnType<typeof loadRuntimeConfig>>;
  try {
    config = await loadRuntimeConfig();
  } catch (err) {
    console.error(err);
    root.render(
      <AppProviders>
        <BootError />
      </AppProviders>,
    );
    return;
  }
  configureApi({
    apiUrl: config.apiUrl,
    buildVersion: config.buildVersion,
    getAccessToken,
    refreshSession: forceRefresh,
    onSessionLost: sessionLost,
    onNewBuild: () => appState.set({ newBuildAvailable: true }),
    onSubscriptionStatus: (status) => appState.set({ subscriptionStatus: status }),
  });
  await initSession();
  // The first reads and Today's code start now; the first render waits for the reads' answers (or
  // FIRST_READS_WAIT_MS), so it draws them at once instead of drawing the page twice (app/preload.ts).
  if (sessionStore.get().status === 'signedIn')
    await Promise.race([preloadSignedInStart(window.location), delay(FIRST_READS_WAIT_MS)]);
  const router = createAppRouter();
  // A page drawn in the HTML (the sign-in page, D97) stays until the app can draw that page itself:
  // its first draw would otherwise be the empty route while the page's code loads, over the form.
  if (document.querySelector('#root[data-page-html]')) await routerReady(router);
  // A transition: React renders the first screen in slices and lets the browser in between, so
  // start-up does not hold the page still in one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
  registerServiceWorker();
}

/** Resolves once the router has loaded the code of the first address's routes. */
const routerReady = (router: ReturnType<typeof createAppRouter>) =>
  new Promise<void>((done) => {
    if (router.state.initialized) return done();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      done();
    });
  });

const delay = (ms: number) => new Promise<void>((done) => setTimeout(done, ms));

void main();
