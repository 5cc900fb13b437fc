/**
 * Calendar connections (spec 002 §2, §3, §4 "Calendar integration", §7 "Integrations"; decisions D70):
 * signing in with Google or Microsoft (state + PKCE), connecting a CalDAV server, linking calendars to
 * groups, and removing either. The sync itself is sync.ts.
 */
import { randomBytes } from 'node:crypto';
import {
  type CalendarChoice,
  type CalendarLinkView,
  type ConnectCalendarInput,
  INTEGRATION_MESSAGES,
  type IntegrationProvider,
  type IntegrationView,
  isOAuthProvider,
  MAX_CONNECTIONS,
  MAX_LINKS_PER_CONNECTION,
  OAUTH_STATE_TTL_SECONDS,
  type OAuthProvider,
} from '@tandem/shared/integrations/integrations';
import {
  CalendarLinkEntity,
  type CalendarLinkRecord,
  IntegrationEntity,
  type IntegrationRecord,
  OAuthStateEntity,
  SyncedEventEntity,
  type SyncedEventRecord,
} from '../../db/integrations.ts';
import type { Actor } from '../../lib/actor.ts';
import { chunks, MAX_BATCH_WRITE_ITEMS } from '../../lib/batches.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';
import { loadGroup, memberOf } from '../access/roster.ts';
import { isPublicAddress } from './address-guard.ts';
import { caldavClient } from './caldav.ts';
import { googleClient } from './google.ts';
import { microsoftClient } from './microsoft.ts';
import {
  authorizationUrl,
  exchangeCode,
  newState,
  newVerifier,
  refreshAccess,
  revokeToken,
} from './oauth.ts';
import { type CalendarClient, CredentialsRefusedError, ProviderError } from './provider.ts';
import { secretBox } from './secret-box.ts';

const newId = () => randomBytes(10).toString('hex');

export const linkView = (l: CalendarLinkRecord): CalendarLinkView => ({
  id: l.linkId,
  calendar: l.calendar,
  calendarName: l.calendarName,
  startDate: l.startDate,
  group: l.groupId,
  direction: l.direction as CalendarLinkView['direction'],
  lastSyncAt: l.lastSyncAt ?? null,
});

const view = (i: IntegrationRecord, links: CalendarLinkRecord[]): IntegrationView => ({
  id: i.integrationId,
  provider: i.provider as IntegrationProvider,
  account: i.account,
  status: i.status as IntegrationView['status'],
  calendars: (i.calendars ?? []).map(({ id, name }) => ({ id, name })),
  links: links.filter((l) => l.integrationId === i.integrationId).map(linkView),
  createdAt: i.createdAt ?? '',
});

/** One Query each of the person's connections and links (their partition). */
export async function listIntegrations(
  actor: Actor,
  provider?: IntegrationProvider,
): Promise<IntegrationView[]> {
  const [integrations, links] = await Promise.all([
    IntegrationEntity.query.byUser({ userId: actor.userId }).go({ pages: 'all' }),
    CalendarLinkEntity.query.byUser({ userId: actor.userId }).go({ pages: 'all' }),
  ]);
  return integrations.data
    .filter((i) => !provider || i.provider === provider)
    .sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? ''))
    .map((i) => view(i, links.data));
}

async function integrationOf(actor: Actor, provider: IntegrationProvider | null, id: string) {
  const i = (await IntegrationEntity.get({ userId: actor.userId, integrationId: id }).go()).data;
  if (!i || (provider && i.provider !== provider)) throw new NotFoundError();
  return i;
}

async function roomForOne(actor: Actor) {
  const mine = await IntegrationEntity.query.byUser({ userId: actor.userId }).go({ pages: 'all' });
  if (mine.data.length >= MAX_CONNECTIONS)
    throw new ValidationError({ provider: INTEGRATION_MESSAGES.tooManyConnections });
}

/**
 * Where to send the person: the provider's page, with a single-use state and a PKCE challenge. With
 * `integrationId` (Reconnect, D83) the page is asked to sign in as that connection's account
 * (`login_hint`); a connection not the caller's or not of this provider is 404, and nothing is kept.
 */
export async function startAuthorization(
  actor: Actor,
  provider: OAuthProvider,
  now = new Date(),
  integrationId?: string,
) {
  const loginHint = integrationId ? (await integrationOf(actor, provider, integrationId)).account : undefined;
  const state = newState();
  const verifier = newVerifier();
  await OAuthStateEntity.create({
    state,
    userId: actor.userId,
    provider,
    verifier,
    expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_SECONDS * 1000).toISOString(),
    ttl: Math.floor(now.getTime() / 1000) + OAUTH_STATE_TTL_SECONDS,
  }).go({ response: 'none' });
  return { url: authorizationUrl(provider, state, verifier, loginHint), state };
}

/** The access client of a connection: refreshes an OAuth token or opens the CalDAV password. */
export async function clientOf(i: IntegrationRecord): Promise<CalendarClient> {
  const secret = await secretBox().open(i.secret, ownerOf(i));
  if (i.provider === 'caldav')
    return caldavClient(i.serverUrl ?? '', i.account.split(' @ ')[0] ?? '', secret);
  const tokens = await refreshAccess(i.provider as OAuthProvider, secret);
  if (tokens.refreshToken && tokens.refreshToken !== secret) await keepRotated(i, tokens.refreshToken);
  return i.provider === 'google' ? googleClient(tokens.accessToken) : microsoftClient(tokens.accessToken);
}

/**
 * A provider that rotates refresh tokens (Microsoft does on every refresh) sent a new one: it is
 * sealed and kept in place of the used one, unless the connection's secret changed meanwhile (a
 * reconnect, or another run that kept its own new token).
 */
async function keepRotated(i: IntegrationRecord, refreshToken: string): Promise<void> {
  const sealed = await secretBox().seal(refreshToken, ownerOf(i));
  await IntegrationEntity.patch({ userId: i.userId, integrationId: i.integrationId })
    .set({ secret: sealed })
    .where((x, op) => op.eq(x.secret, i.secret))
    .go({ response: 'none' })
    .catch((e: unknown) => {
      if (!isConditionFailed(e)) throw e;
    });
}

const ownerOf = (i: { userId: string; integrationId: string }) => ({
  owner: i.userId,
  connection: i.integrationId,
});

const wrongState = () => new ValidationError({ state: INTEGRATION_MESSAGES.wrongState });

/**
 * The provider sent the person back with a code and the state: the state must be one this person
 * started for this provider, unexpired and unused (it is removed on first use, whatever follows);
 * the code is exchanged with the PKCE verifier for a refresh token, which is sealed and kept.
 */
export async function initializeOAuth(
  actor: Actor,
  provider: OAuthProvider,
  input: { code: string; state: string },
  now = new Date(),
): Promise<IntegrationView> {
  // Removed as it is read: a state works once, even when two requests race with it.
  const pending = (
    await OAuthStateEntity.delete({ state: input.state })
      .go({ response: 'all_old' })
      .catch(() => ({ data: null }))
  ).data;
  if (!pending || pending.userId !== actor.userId || pending.provider !== provider) throw wrongState();
  if (Date.parse(pending.expiresAt) < now.getTime()) throw wrongState();
  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode(provider, input.code, pending.verifier);
  } catch (e) {
    if (e instanceof CredentialsRefusedError || e instanceof ProviderError)
      throw new ValidationError({ code: INTEGRATION_MESSAGES.providerRefused });
    throw e;
  }
  if (!tokens.refreshToken) throw new ValidationError({ code: INTEGRATION_MESSAGES.providerRefused });
  const client =
    provider === 'google' ? googleClient(tokens.accessToken) : microsoftClient(tokens.accessToken);
  const [account, calendars] = await Promise.all([client.account(), client.listCalendars()]);
  const refreshToken = tokens.refreshToken;
  const same = await sameConnection(
    actor,
    (i) => i.provider === provider && i.account === account.slice(0, 300),
  );
  if (same) return repairIntegration(same, refreshToken, calendars);
  try {
    await roomForOne(actor);
  } catch (e) {
    // Not kept: the grant just made is given back where the provider allows it.
    await revokeToken(provider, refreshToken).catch(() => undefined);
    throw e;
  }
  const integrationId = newId();
  return saveIntegration(
    actor,
    integrationId,
    provider,
    account,
    await secretBox().seal(refreshToken, ownerOf({ userId: actor.userId, integrationId })),
    calendars,
  );
}

/** The person's connection of the same account (and server), if any: signing in again reuses it. */
async function sameConnection(actor: Actor, match: (i: IntegrationRecord) => boolean) {
  const mine = await IntegrationEntity.query.byUser({ userId: actor.userId }).go({ pages: 'all' });
  return mine.data.find(match) ?? null;
}

/**
 * Signing in again to an account already connected (Reconnect on a broken connection) repairs that
 * connection rather than making a second one: the new secret is sealed for it, its calendars are read
 * again, it is active again, and its calendar links stay (same groups, directions, synced pairs). A
 * broken connection's links have their sync state reset (their tokens are dropped, so the next sync
 * reads everything again from each link's start date; the pairs keep that from doubling anything) and
 * are marked due, so the due sync runs them within a minute.
 */
async function repairIntegration(
  i: IntegrationRecord,
  secret: string,
  calendars: CalendarChoice[],
): Promise<IntegrationView> {
  const wasBroken = i.status !== 'active';
  const sealed = await secretBox().seal(secret, ownerOf(i));
  const repaired = (
    await IntegrationEntity.patch({ userId: i.userId, integrationId: i.integrationId })
      .set({ secret: sealed, status: 'active', calendars: keptCalendars(calendars) })
      .remove(['brokenAt'])
      .go({ response: 'all_new' })
  ).data;
  const links = await CalendarLinkEntity.query
    .byUser({ userId: i.userId, integrationId: i.integrationId })
    .go({ pages: 'all' });
  if (wasBroken)
    for (const l of links.data)
      await CalendarLinkEntity.patch({ userId: l.userId, integrationId: l.integrationId, linkId: l.linkId })
        .set({ dueFlag: 'due' })
        .remove(['syncToken'])
        .go({ response: 'none' })
        // Removed meanwhile: nothing to reset.
        .catch(() => undefined);
  return view(repaired, links.data);
}

const keptCalendars = (calendars: CalendarChoice[]) =>
  calendars.slice(0, 100).map((c) => ({ id: c.id.slice(0, 1000), name: c.name.slice(0, 200) }));

async function saveIntegration(
  actor: Actor,
  integrationId: string,
  provider: IntegrationProvider,
  account: string,
  secret: string,
  calendars: CalendarChoice[],
  serverUrl?: string,
): Promise<IntegrationView> {
  const record = {
    integrationId,
    userId: actor.userId,
    provider,
    account: account.slice(0, 300),
    status: 'active',
    secret,
    calendars: keptCalendars(calendars),
    ...(serverUrl ? { serverUrl } : {}),
  };
  const made = (await IntegrationEntity.create(record).go()).data;
  return view(made, []);
}

/** CalDAV: the server is asked for the calendars with the password before anything is kept. */
export async function initializeCaldav(
  actor: Actor,
  input: { serverUrl: string; username: string; password: string },
): Promise<IntegrationView> {
  if (!(await isPublicAddress(input.serverUrl)))
    throw new ValidationError({ serverUrl: INTEGRATION_MESSAGES.caldavUnreachable });
  const client = caldavClient(input.serverUrl, input.username, input.password);
  let account: string;
  let calendars: CalendarChoice[];
  try {
    account = await client.account();
    calendars = await client.listCalendars();
  } catch (e) {
    if (e instanceof CredentialsRefusedError)
      throw new ValidationError({ password: INTEGRATION_MESSAGES.caldavRefused });
    logger.warn('caldav discovery failed', { error: String(e) });
    throw new ValidationError({ serverUrl: INTEGRATION_MESSAGES.caldavUnreachable });
  }
  const same = await sameConnection(
    actor,
    (i) => i.provider === 'caldav' && i.serverUrl === input.serverUrl && i.account === account.slice(0, 300),
  );
  if (same) return repairIntegration(same, input.password, calendars);
  await roomForOne(actor);
  const integrationId = newId();
  return saveIntegration(
    actor,
    integrationId,
    'caldav',
    account,
    await secretBox().seal(input.password, ownerOf({ userId: actor.userId, integrationId })),
    calendars,
    input.serverUrl,
  );
}

/** A calendar of the connection, to sync with a group the person belongs to. */
export async function connectCalendar(
  actor: Actor,
  provider: IntegrationProvider,
  input: ConnectCalendarInput,
): Promise<CalendarLinkView> {
  const i = await integrationOf(actor, provider, input.integration);
  if (i.status !== 'active') throw new ValidationError({ integration: INTEGRATION_MESSAGES.broken });
  const calendar = (i.calendars ?? []).find((c) => c.id === input.calendar);
  if (!calendar) throw new ValidationError({ calendar: INTEGRATION_MESSAGES.unknownCalendar });
  memberOf(await loadGroup(input.group), actor);
  const links = await CalendarLinkEntity.query
    .byUser({ userId: actor.userId, integrationId: i.integrationId })
    .go({ pages: 'all' });
  if (links.data.length >= MAX_LINKS_PER_CONNECTION)
    throw new ValidationError({ calendar: INTEGRATION_MESSAGES.tooManyLinks });
  const link = (
    await CalendarLinkEntity.create({
      linkId: newId(),
      integrationId: i.integrationId,
      userId: actor.userId,
      provider: i.provider,
      calendar: calendar.id,
      calendarName: calendar.name,
      startDate: input.startDate,
      groupId: input.group,
      direction: input.direction,
    }).go()
  ).data;
  return linkView(link);
}

/** The link's synced pairs are forgotten; the events already written stay in the calendar. */
async function dropLink(l: CalendarLinkRecord) {
  await CalendarLinkEntity.delete({ userId: l.userId, integrationId: l.integrationId, linkId: l.linkId }).go({
    response: 'none',
  });
  let cursor: string | null = null;
  do {
    const page: { data: SyncedEventRecord[]; cursor: string | null } = await SyncedEventEntity.query
      .byKey({ linkId: l.linkId })
      .go({ cursor, limit: 100 });
    const keys = page.data.map(({ linkId, key }) => ({ linkId, key }));
    for (const batch of chunks(keys, MAX_BATCH_WRITE_ITEMS)) await SyncedEventEntity.delete(batch).go();
    cursor = page.cursor;
  } while (cursor);
}

export async function disconnectCalendar(actor: Actor, provider: IntegrationProvider, linkId: string) {
  const links = await CalendarLinkEntity.query.byUser({ userId: actor.userId }).go({ pages: 'all' });
  const l = links.data.find((x) => x.linkId === linkId && x.provider === provider);
  if (!l) throw new NotFoundError();
  await dropLink(l);
}

/** Removing a connection revokes its token at the provider (Google), then forgets it and its links. */
export async function deleteIntegration(actor: Actor, provider: IntegrationProvider, id: string) {
  const i = await integrationOf(actor, provider, id);
  if (isOAuthProvider(i.provider)) {
    try {
      await revokeToken(i.provider, await secretBox().open(i.secret, ownerOf(i)));
    } catch (e) {
      // Unreachable provider: the token is forgotten anyway and cannot be used by us again.
      logger.warn('token revocation failed', { provider: i.provider, error: String(e) });
    }
  }
  const links = await CalendarLinkEntity.query
    .byUser({ userId: actor.userId, integrationId: i.integrationId })
    .go({ pages: 'all' });
  for (const l of links.data) await dropLink(l);
  await IntegrationEntity.delete({ userId: actor.userId, integrationId: i.integrationId }).go({
    response: 'none',
  });
}

export { integrationOf };
