import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { appState } from '../../lib/app-state.ts';

/** /notifications is a pane, not a page (spec 001 §2): open it over Today. */
export function OpenNotifications() {
  useEffect(() => appState.set({ notificationsOpen: true }), []);
  return <Navigate to="/" replace />;
}
