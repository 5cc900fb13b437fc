/**
 * Client state that is not server data: whether a newer build is deployed, the subscription
 * status last reported by a refused call (spec 001 §7: a 400 whose detail has current_status),
 * and whether the notification pane is open.
 */
import { createStore, useStore } from './store.ts';

export interface AppState {
  newBuildAvailable: boolean;
  subscriptionStatus: string | null;
  notificationsOpen: boolean;
}

export const appState = createStore<AppState>({
  newBuildAvailable: false,
  subscriptionStatus: null,
  notificationsOpen: false,
});

export const useAppState = <S>(select: (s: AppState) => S): S => useStore(appState, select);
