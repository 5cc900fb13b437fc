/**
 * The start's first step, a small file of its own that index.html loads beside the app's code
 * (vite.config.ts, group 'boot'): it reads the runtime configuration, sets up the API client and,
 * with a stored session that is still good, asks for the first screen's data (app/first-reads.ts)
 * while the app's much larger code is still downloading. main.tsx takes over from `booted`.
 * Nothing here may import React, SWR or Mantine: they would ride into this file and hold it back.
 */
import { type FirstReads, startFirstReads } from './app/first-reads.ts';
import { type ApiDeps, configureApi } from './lib/api.ts';
import { freshStoredToken, readStoredSession } from './lib/auth/stored-session.ts';
import { loadRuntimeConfig } from './lib/config.ts';

/**
 * What the API client needs of the app beyond a stored token: the session (a token from Cognito, a
 * refresh, a lost session) and the app's state (a new build, the subscription). main.tsx binds them
 * once the app's code is here; a first read that needed them before fails, and its hook asks again.
 */
export type AppBindings = Pick<
  ApiDeps,
  'getAccessToken' | 'refreshSession' | 'onSessionLost' | 'onNewBuild' | 'onSubscriptionStatus'
>;
let app: AppBindings | null = null;
export const bindApp = (bindings: AppBindings): void => {
  app = bindings;
};
const notYet = () => new Error('The app has not started yet');

export interface Booted {
  /** The first reads, when a stored session was good enough to ask at once; else null. */
  reads: FirstReads | null;
}

async function boot(): Promise<Booted> {
  const config = await loadRuntimeConfig();
  const storedToken = () => freshStoredToken(readStoredSession(config.cognito.clientId));
  configureApi({
    apiUrl: config.apiUrl,
    buildVersion: config.buildVersion,
    // The stored token while it is good, without waiting for the app's code; else the session's.
    getAccessToken: async () => {
      const token = storedToken();
      if (token) return token;
      if (!app) throw notYet();
      return app.getAccessToken();
    },
    refreshSession: async () => {
      if (!app) throw notYet();
      await app.refreshSession();
    },
    onSessionLost: () => app?.onSessionLost(),
    onNewBuild: () => app?.onNewBuild(),
    onSubscriptionStatus: (status) => app?.onSubscriptionStatus(status),
  });
  return { reads: storedToken() ? startFirstReads(window.location) : null };
}

/** Rejects when the runtime configuration cannot be read (main.tsx then shows the boot error). */
export const booted: Promise<Booted> = boot();
// main.tsx shows a failure; a page that never gets there (no app code) has nothing to tell.
booted.catch(() => undefined);
