/** The calendar integration calls (spec 002 §7 "Integrations"; docs/api/integrations.md). */
import * as routes from '@tandem/shared/api/areas/integrations';
import type {
  CalendarLinkView,
  IntegrationProvider,
  IntegrationView,
  OAuthProvider,
  SyncDirection,
} from '@tandem/shared/integrations/integrations';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api.ts';

export const integrationsKey = ['integrations'] as const;

export async function listIntegrations(): Promise<IntegrationView[]> {
  return (await api<{ results: IntegrationView[] }>(routes.listIntegrations)).results;
}
export const useIntegrations = () => useSWR(integrationsKey, listIntegrations);
const refresh = () => mutate(integrationsKey);

/**
 * The provider's sign-in page for this person (state and PKCE are kept by the server); with a
 * connection (Reconnect), the page signs in as its account.
 */
export async function authorizationUrl(provider: OAuthProvider, integration?: string): Promise<string> {
  return (
    await api<{ url: string }>(routes.authorizeIntegration, {
      params: { provider },
      ...(integration ? { query: { integration } } : {}),
    })
  ).url;
}

/**
 * Signing in again to a connected account (Reconnect) repairs that connection and keeps its links: they
 * are synced at once, as after linking (a failure here is left to the scheduled sync).
 */
async function syncRepaired(made: IntegrationView) {
  if (made.links.length > 0)
    await api(routes.syncIntegration, { params: { id: made.id } }).catch(() => undefined);
}

export async function initializeOAuth(provider: OAuthProvider, code: string, state: string) {
  const made = await api<IntegrationView>(routes.initializeIntegration, {
    params: { provider },
    body: { code, state },
  });
  await syncRepaired(made);
  await refresh();
  return made;
}

export async function initializeCaldav(input: { serverUrl: string; username: string; password: string }) {
  const made = await api<IntegrationView>(routes.initializeIntegration, {
    params: { provider: 'caldav' },
    body: input,
  });
  await syncRepaired(made);
  await refresh();
  return made;
}

export async function connectCalendar(
  provider: IntegrationProvider,
  input: {
    integration: string;
    calendar: string;
    startDate: string;
    group: string;
    direction: SyncDirection;
  },
): Promise<CalendarLinkView> {
  const link = await api<CalendarLinkView>(routes.connectCalendar, { params: { provider }, body: input });
  // The first sync at once, so the person sees their events and tasks on both sides.
  await api(routes.syncIntegration, { params: { id: input.integration } });
  await refresh();
  return link;
}

export async function disconnectCalendar(provider: IntegrationProvider, id: string) {
  await api(routes.disconnectCalendar, { params: { provider, id } });
  await refresh();
}

export async function removeIntegration(provider: IntegrationProvider, id: string) {
  await api(routes.deleteIntegration, { params: { provider, id } });
  await refresh();
}

export async function syncNow(id: string) {
  const result = await api<{ broken?: boolean }>(routes.syncIntegration, { params: { id } });
  await refresh();
  return result;
}
