import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { BootError } from './app/routes/boot-error.tsx';
import './i18n/index.ts';
import { configureApi } from './lib/api.ts';
import { appState } from './lib/app-state.ts';
import { forceRefresh, getAccessToken, initCognito } from './lib/auth/cognito.ts';
import { initSession, sessionLost } from './lib/auth/session.ts';
import { loadRuntimeConfig } from './lib/config.ts';

/** Start: read /config.json, set up Cognito and the API client, find the session, then render. */
async function main(): Promise<void> {
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
  initCognito(config.cognito);
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
  root.render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={createAppRouter()} />
      </AppProviders>
    </StrictMode>,
  );
}

void main();
