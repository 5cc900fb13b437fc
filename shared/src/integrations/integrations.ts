/**
 * Calendar integrations (spec 002 §2 Integrations screen, §3 integration connection, §4, §7
 * "Integrations"; issue 18 item 6; decisions D70): the providers, what a connection is on the wire and
 * the inputs of the calls. A connection is one signed-in calendar account (Google, Microsoft, or a
 * CalDAV server such as Apple's or a self-hosted one); a calendar link ties one of its calendars to a
 * group, from a start date, in a direction.
 */
import * as z from 'zod/mini';
import { entityId } from '../api/limits.ts';

/** Sign-in providers (OAuth 2.0 with PKCE) and CalDAV (server URL, user name, app password). */
export const OAUTH_PROVIDERS = ['google', 'azure'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];
export const INTEGRATION_PROVIDERS = [...OAUTH_PROVIDERS, 'caldav'] as const;
export type IntegrationProvider = (typeof INTEGRATION_PROVIDERS)[number];
export const isOAuthProvider = (p: string): p is OAuthProvider =>
  (OAUTH_PROVIDERS as readonly string[]).includes(p);

export const SYNC_DIRECTIONS = ['import', 'export', 'both'] as const;
export type SyncDirection = (typeof SYNC_DIRECTIONS)[number];

/** active: syncing; broken: the provider refused our credentials (expired or revoked): reconnect. */
export const CONNECTION_STATUSES = ['active', 'broken'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Limits: calendars linked per connection, connections per person, events read per page and per run. */
export const MAX_LINKS_PER_CONNECTION = 10;
export const MAX_CONNECTIONS = 10;
export const SYNC_PAGE_SIZE = 100;
export const SYNC_MAX_PAGES = 10;
/** The OAuth state lives this long (the person is on the provider's page meanwhile). */
export const OAUTH_STATE_TTL_SECONDS = 600;

export const INTEGRATION_MESSAGES = {
  wrongState: 'This sign-in link is not valid any more. Start connecting again.',
  unknownProvider: 'Choose Google, Microsoft or CalDAV.',
  providerRefused: 'The calendar provider refused the sign-in. Try connecting again.',
  caldavRefused: 'The CalDAV server refused the user name or password.',
  caldavUnreachable: 'The CalDAV server could not be reached at this address.',
  unknownCalendar: 'Choose one of the calendars of this connection.',
  broken: 'This connection stopped working. Reconnect it.',
  tooManyLinks: `A connection links at most ${MAX_LINKS_PER_CONNECTION} calendars.`,
  tooManyConnections: `You can have at most ${MAX_CONNECTIONS} calendar connections.`,
} as const;

export const providerParam = z.enum(INTEGRATION_PROVIDERS, { error: INTEGRATION_MESSAGES.unknownProvider });
export const oauthProviderParam = z.enum(OAUTH_PROVIDERS, { error: INTEGRATION_MESSAGES.unknownProvider });

/** POST /integration/initialize/{google|azure}/: what the provider sent back to /callback/{provider}. */
export const oauthInitializeInput = z.strictObject({
  code: z.string().check(z.minLength(1, 'The sign-in code is missing.'), z.maxLength(4096)),
  state: z.string().check(z.minLength(1, INTEGRATION_MESSAGES.wrongState), z.maxLength(200)),
});

/** POST /integration/initialize/caldav/: the server and an app password (never the account password). */
export const caldavInitializeInput = z.strictObject({
  serverUrl: z
    .url({ protocol: /^https?$/, error: 'Give the CalDAV server address (http or https).' })
    .check(z.maxLength(500)),
  username: z.string().check(z.trim(), z.minLength(1, 'Give the user name.'), z.maxLength(200)),
  password: z.string().check(z.minLength(1, 'Give the app password.'), z.maxLength(500)),
});

/** POST /integration/connect/{provider}/ (spec 002 §7): a calendar of a connection to sync with a group. */
export const connectCalendarInput = z.strictObject({
  /** The connection (from initialize). */
  integration: entityId,
  calendar: z.string().check(z.minLength(1, INTEGRATION_MESSAGES.unknownCalendar), z.maxLength(1000)),
  startDate: z.iso.date({ error: 'Give the start date as YYYY-MM-DD.' }),
  group: entityId,
  direction: z.enum(SYNC_DIRECTIONS, { error: 'Choose import, export or both.' }),
});
export type ConnectCalendarInput = z.infer<typeof connectCalendarInput>;

export interface CalendarChoice {
  id: string;
  name: string;
}

export interface CalendarLinkView {
  id: string;
  calendar: string;
  calendarName: string;
  startDate: string;
  group: string;
  direction: SyncDirection;
  lastSyncAt: string | null;
}

/** A connection as the API answers it (camelCase inside; snake_case on the wire). */
export interface IntegrationView {
  id: string;
  provider: IntegrationProvider;
  /** The account (e-mail or CalDAV user name) the connection signed in as. */
  account: string;
  status: ConnectionStatus;
  calendars: CalendarChoice[];
  links: CalendarLinkView[];
  createdAt: string;
}

export const PROVIDER_NAMES: Record<IntegrationProvider, string> = {
  google: 'Google Calendar',
  azure: 'Microsoft Outlook',
  caldav: 'CalDAV (Apple, self-hosted)',
};
