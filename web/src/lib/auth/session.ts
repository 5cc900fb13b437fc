/**
 * The session as the app sees it (spec 001 §3, §4): signed in or signed out, and where to go
 * after sign-in. Cognito keeps the tokens; this store only says which side of the door we are on.
 */
import { mutate } from 'swr';
import { appState } from '../app-state.ts';
import { getConfig } from '../config.ts';
import { createStore, useStore } from '../store.ts';
import { freshStoredToken, readStoredSession } from './stored-session.ts';

/** The Cognito library, loaded only when the stored tokens do not do (sign-in, refresh, sign-out). */
const cognito = () => import('./cognito.ts');

export type SessionStatus = 'signedIn' | 'signedOut';

interface SessionState {
  status: SessionStatus;
  /** Set at sign-in: the page the user wanted before being sent to /login. */
  returnTo: string | null;
}

export const sessionStore = createStore<SessionState>({ status: 'signedOut', returnTo: null });

export const useSessionStatus = (): SessionStatus => useStore(sessionStore, (s) => s.status);
export const useReturnTo = (): string | null => useStore(sessionStore, (s) => s.returnTo);

/**
 * At start: is there a session on this device (refreshed if it was about to expire)? A good stored
 * access token answers at once; only a missing or expiring one asks Cognito.
 */
export async function initSession(): Promise<void> {
  const stored = readStoredSession(getConfig().cognito.clientId);
  if (freshStoredToken(stored)) {
    sessionStore.set({ status: 'signedIn' });
    return;
  }
  const session = stored
    ? await cognito()
        .then((c) => c.currentSession())
        .catch(() => null)
    : null;
  sessionStore.set({ status: session ? 'signedIn' : 'signedOut' });
}

/** A valid access token (from storage while it is good, else refreshed by Cognito). */
export async function getAccessToken(): Promise<string> {
  const token = freshStoredToken(readStoredSession(getConfig().cognito.clientId));
  return token ?? (await cognito()).getAccessToken();
}

/** Forces a refresh (after the API answered 401). */
export async function forceRefresh(): Promise<void> {
  await (await cognito()).forceRefresh();
}

export function markSignedIn(returnTo: string | null): void {
  sessionStore.set({ status: 'signedIn', returnTo });
}

/** Key prefix of everything the app itself stores; the colour scheme is a device setting and stays. */
export const STORAGE_PREFIX = 'tandem.';

function clearStoredState(): void {
  for (const storage of [localStorage, sessionStorage]) {
    for (const key of Object.keys(storage)) {
      if (key.startsWith(STORAGE_PREFIX) || key.startsWith('CognitoIdentityServiceProvider.'))
        storage.removeItem(key);
    }
  }
}

const clearSwrCache = () => mutate(() => true, undefined, { revalidate: false });

/** Sign-out (spec 001 §4): clears the user, tokens, cached data and stored state, then reloads. */
export async function signOut(): Promise<void> {
  await cognito()
    .then((c) => c.cognitoSignOut())
    .catch(() => undefined);
  await clearSwrCache();
  clearStoredState();
  appState.set({ subscriptionStatus: null });
  window.location.assign('/login');
}

/**
 * The session ended on its own ('User not logged in', refresh refused): forget it and let the
 * router send the user to /login, keeping the page they were on to come back to.
 */
export function sessionLost(): void {
  if (sessionStore.get().status === 'signedOut') return;
  void cognito()
    .then((c) => c.forgetSession())
    .catch(() => undefined);
  void clearSwrCache();
  clearStoredState();
  appState.set({ ...appState.get(), subscriptionStatus: null });
  sessionStore.set({ status: 'signedOut', returnTo: null });
}
