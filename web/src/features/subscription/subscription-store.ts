/**
 * Client state of the subscription surfaces: the refusal the limit popover shows, and whether the
 * on-hold notice and the licensing banner were closed. Closing lasts for the browser session
 * (sessionStorage under the app's 'tandem.' prefix, which sign-out and a lost session clear).
 *
 * The subscription itself (package, status) and the limits are server data in the SWR cache
 * (subscriptionKey, limitsKey), which sign-out clears; the status a refused call reports is
 * appState.subscriptionStatus. When the session ends all of it is reset here too, so the next
 * person to sign in on this page starts clean.
 */
import { appState } from '../../lib/app-state.ts';
import { STORAGE_PREFIX, sessionStore } from '../../lib/auth/session.ts';
import { createStore, useStore } from '../../lib/store.ts';
import type { LimitRefusal } from './limit-refusal.ts';

const ON_HOLD_KEY = `${STORAGE_PREFIX}paywall.onHoldDismissed`;
const BANNER_KEY = `${STORAGE_PREFIX}licensingBanner.dismissed`;

function readFlag(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function writeFlag(key: string, on: boolean): void {
  try {
    if (on) sessionStorage.setItem(key, '1');
    else sessionStorage.removeItem(key);
  } catch {
    // Storage refused (private mode): the flag lasts for this page only.
  }
}

export interface SubscriptionUiState {
  refusal: LimitRefusal | null;
  onHoldDismissed: boolean;
  bannerDismissed: boolean;
}

const hasStorage = typeof sessionStorage !== 'undefined';

export const subscriptionUi = createStore<SubscriptionUiState>({
  refusal: null,
  onHoldDismissed: hasStorage && readFlag(ON_HOLD_KEY),
  bannerDismissed: hasStorage && readFlag(BANNER_KEY),
});

export const useSubscriptionUi = <S>(select: (s: SubscriptionUiState) => S): S =>
  useStore(subscriptionUi, select);

export function showRefusal(refusal: LimitRefusal): void {
  subscriptionUi.set({ refusal });
}

export function closeRefusal(): void {
  subscriptionUi.set({ refusal: null });
}

export function dismissOnHold(): void {
  writeFlag(ON_HOLD_KEY, true);
  subscriptionUi.set({ onHoldDismissed: true });
}

export function dismissBanner(): void {
  writeFlag(BANNER_KEY, true);
  subscriptionUi.set({ bannerDismissed: true });
}

/** Sign-out resets the subscription status (spec 001 §4, 002 §4). */
export function resetSubscriptionState(): void {
  writeFlag(ON_HOLD_KEY, false);
  writeFlag(BANNER_KEY, false);
  subscriptionUi.set({ refusal: null, onHoldDismissed: false, bannerDismissed: false });
  appState.set({ subscriptionStatus: null });
}

// signOut() resets appState itself and reloads; a session that ends on its own (refresh refused)
// does not, so follow the session store.
sessionStore.subscribe(() => {
  if (sessionStore.get().status === 'signedOut') resetSubscriptionState();
});
