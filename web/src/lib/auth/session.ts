/**
 * The session as the app sees it (spec 001 §3, §4): signed in or signed out, and where to go
 * after sign-in. Cognito keeps the tokens; this store only says which side of the door we are on.
 */
import { mutate } from 'swr';
import { appState } from '../app-state.ts';
import { createStore, useStore } from '../store.ts';
import { cognitoSignOut, currentSession, forgetSession } from './cognito.ts';

export type SessionStatus = 'signedIn' | 'signedOut';

interface SessionState {
  status: SessionStatus;
  /** Set at sign-in: the page the user wanted before being sent to /login. */
  returnTo: string | null;
}

export const sessionStore = createStore<SessionState>({ status: 'signedOut', returnTo: null });

export const useSessionStatus = (): SessionStatus => useStore(sessionStore, (s) => s.status);
export const useReturnTo = (): string | null => useStore(sessionStore, (s) => s.returnTo);

/** At start: is there a session on this device (refreshed if it was about to expire)? */
export async function initSession(): Promise<void> {
  const session = await currentSession().catch(() => null);
  sessionStore.set({ status: session ? 'signedIn' : 'signedOut' });
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
  await cognitoSignOut().catch(() => undefined);
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
  forgetSession();
  void clearSwrCache();
  clearStoredState();
  appState.set({ ...appState.get(), subscriptionStatus: null });
  sessionStore.set({ status: 'signedOut', returnTo: null });
}
