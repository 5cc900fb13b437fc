/**
 * Local stand-ins for Google Calendar and Microsoft Graph (decisions D70): small HTTP servers on the
 * stack's origin (under /_local/google and /_local/azure) that answer the documented shapes the
 * integration uses — the authorisation page (which consents at once and sends the browser back with a
 * code), the token endpoint (authorization_code with PKCE S256, refresh_token; invalid_grant once a
 * token is revoked or expired), Google's revoke endpoint, calendarList / events with syncToken,
 * nextPageToken and 410 for an expired token, and Graph's /me, /me/calendars and calendarView/delta
 * with nextLink / deltaLink and `@removed`. The stack points GOOGLE_* and AZURE_* at them. A Graph
 * series keeps its patternedRecurrence as written (times given in any zone the platform knows are kept
 * in UTC); calendarView/delta reports it as an occurrence naming its seriesMasterId, and
 * GET /me/events/{id} answers the seriesMaster with its recurrence, as Graph does (D75).
 *
 * Tests and people drive them through /_local/{provider}/control/: list a calendar's events, make an
 * event "in the provider", revoke an account's tokens or expire them, expire sync tokens.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { instantOfWall } from '@tandem/shared/time/zone-times';

type Provider = 'google' | 'azure';
export const CALENDAR_PROVIDER_CLIENT = { id: 'tandem-local', secret: 'tandem-local-secret' };
const PAGE = 100;

interface StoredEvent {
  id: string;
  calendarId: string;
  seq: number;
  deleted: boolean;
  summary: string;
  description: string;
  start: { dateTime?: string; date?: string; timeZone?: string };
  end: { dateTime?: string; date?: string; timeZone?: string };
  isAllDay: boolean;
  recurrence?: string[];
  /** Graph's patternedRecurrence, kept as written. */
  graphRecurrence?: Record<string, unknown> | null;
}
interface Calendar {
  id: string;
  name: string;
  account: string;
  primary: boolean;
}
interface Grant {
  account: string;
  revoked: boolean;
  /** Replaced by a newer refresh token (Microsoft rotates them); still valid until it expires. */
  superseded?: boolean;
}

export interface ProviderWorld {
  seq: number;
  calendars: Map<string, Calendar>;
  events: Map<string, StoredEvent>;
  codes: Map<string, { account: string; challenge: string; redirectUri: string; scope: string }>;
  refresh: Map<string, Grant>;
  access: Map<string, { account: string; expiresAt: number }>;
  /** Sync tokens issued before this sequence number answer 410. */
  syncFloor: number;
  /** Every request to the calendar API, for tests to inspect (path and method). */
  calls: Array<{ method: string; path: string }>;
}

const newWorld = (): ProviderWorld => ({
  seq: 0,
  calendars: new Map(),
  events: new Map(),
  codes: new Map(),
  refresh: new Map(),
  access: new Map(),
  syncFloor: 0,
  calls: [],
});

const id = () => randomBytes(12).toString('hex');

function send(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    ...headers,
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function ensureAccount(w: ProviderWorld, provider: Provider, account: string) {
  if ([...w.calendars.values()].some((c) => c.account === account)) return;
  const primaryId =
    provider === 'google' ? account : `AAMk-${createHash('sha1').update(account).digest('hex').slice(0, 16)}`;
  w.calendars.set(primaryId, {
    id: primaryId,
    name: provider === 'google' ? account : 'Calendar',
    account,
    primary: true,
  });
  const workId = provider === 'google' ? `work-${id()}@group.calendar.google.com` : `AAMk-work-${id()}`;
  w.calendars.set(workId, { id: workId, name: 'Work', account, primary: false });
}

const etagOf = (e: StoredEvent) => `"${e.seq}"`;

function googleView(e: StoredEvent) {
  if (e.deleted) return { kind: 'calendar#event', id: e.id, status: 'cancelled', etag: etagOf(e) };
  return {
    kind: 'calendar#event',
    id: e.id,
    etag: etagOf(e),
    status: 'confirmed',
    summary: e.summary,
    description: e.description,
    start: e.start,
    end: e.end,
    ...(e.recurrence ? { recurrence: e.recurrence } : {}),
  };
}

/** Graph answers times in UTC without an offset when asked with Prefer: outlook.timezone="UTC". */
const graphTime = (t: { dateTime?: string; date?: string }) => ({
  dateTime: new Date(t.dateTime ?? `${t.date}T00:00:00Z`).toISOString().replace('Z', '0000'),
  timeZone: 'UTC',
});
/** An event as GET /me/events/{id} answers it: a series is its seriesMaster with its recurrence. */
function graphView(e: StoredEvent) {
  if (e.deleted) return { id: e.id, '@removed': { reason: 'deleted' } };
  return {
    id: e.id,
    changeKey: etagOf(e),
    type: e.graphRecurrence ? 'seriesMaster' : 'singleInstance',
    subject: e.summary,
    bodyPreview: e.description,
    isAllDay: e.isAllDay,
    start: graphTime(e.start),
    end: graphTime(e.end),
    ...(e.graphRecurrence ? { recurrence: e.graphRecurrence } : {}),
  };
}

/** As calendarView/delta reports it: a series by its (first) occurrence, naming the master. */
function deltaView(e: StoredEvent) {
  if (!e.graphRecurrence) return graphView(e);
  const occurrence = `${e.id}_occ`;
  if (e.deleted) return { id: occurrence, '@removed': { reason: 'deleted' } };
  return {
    id: occurrence,
    changeKey: etagOf(e),
    type: 'occurrence',
    seriesMasterId: e.id,
    start: graphTime(e.start),
    end: graphTime(e.end),
  };
}

/** Graph's dateTime in its timeZone (IANA or UTC) as an instant. */
function graphInstant(v: { dateTime?: string; timeZone?: string }): string | undefined {
  if (!v.dateTime) return undefined;
  if (/[zZ]|[+-]\d\d:\d\d$/.test(v.dateTime)) return new Date(v.dateTime).toISOString();
  const floating = Date.parse(`${v.dateTime}Z`);
  const zone = v.timeZone ?? 'UTC';
  return new Date(zone === 'UTC' ? floating : instantOfWall(floating, zone, floating)).toISOString();
}

function fromGoogle(body: Record<string, unknown>): Partial<StoredEvent> {
  const start = (body.start ?? {}) as StoredEvent['start'];
  return {
    summary: String(body.summary ?? ''),
    description: String(body.description ?? ''),
    start,
    end: (body.end ?? start) as StoredEvent['end'],
    isAllDay: !start.dateTime,
    ...(Array.isArray(body.recurrence) ? { recurrence: body.recurrence as string[] } : {}),
  };
}
function fromGraph(body: Record<string, unknown>): Partial<StoredEvent> {
  const t = (x: unknown) => ({
    dateTime: graphInstant((x ?? {}) as { dateTime?: string; timeZone?: string }),
  });
  const b = (body.body ?? {}) as { content?: string };
  return {
    summary: String(body.subject ?? ''),
    description: String(b.content ?? ''),
    start: t(body.start),
    end: t(body.end),
    isAllDay: Boolean(body.isAllDay),
    ...('recurrence' in body ? { graphRecurrence: body.recurrence as StoredEvent['graphRecurrence'] } : {}),
  };
}

export interface CalendarProviders {
  /** The gateway's extra handler for /_local/google/… and /_local/azure/…. */
  handler(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** The environment that points the integration at the stand-ins. */
  env: Record<string, string>;
  worlds: Record<Provider, ProviderWorld>;
}

export function calendarProviders(origin: string): CalendarProviders {
  const worlds: Record<Provider, ProviderWorld> = { google: newWorld(), azure: newWorld() };
  const base = (p: Provider) => `${origin}/_local/${p}`;

  function bearer(w: ProviderWorld, req: IncomingMessage): string | null {
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const a = token ? w.access.get(token) : undefined;
    return a &&
      a.expiresAt > Date.now() &&
      ![...w.refresh.values()].every((g) => g.account !== a.account || g.revoked)
      ? a.account
      : null;
  }

  function authorize(p: Provider, url: URL, res: ServerResponse) {
    const w = worlds[p];
    const q = url.searchParams;
    const redirect = q.get('redirect_uri') ?? '';
    const scope = q.get('scope') ?? '';
    const problems = [
      q.get('client_id') !== CALENDAR_PROVIDER_CLIENT.id && 'client_id',
      q.get('response_type') !== 'code' && 'response_type',
      q.get('code_challenge_method') !== 'S256' && 'code_challenge_method',
      !q.get('code_challenge') && 'code_challenge',
      !q.get('state') && 'state',
      !/calendar/i.test(scope) && 'scope (calendar)',
      p === 'google' && q.get('access_type') !== 'offline' && 'access_type=offline',
      p === 'azure' && !scope.split(' ').includes('offline_access') && 'scope (offline_access)',
    ].filter(Boolean);
    if (problems.length)
      return send(res, 400, { error: 'invalid_request', error_description: problems.join(', ') });
    const account =
      q.get('login_hint') ?? `person-${id().slice(0, 6)}@${p === 'google' ? 'gmail.test' : 'outlook.test'}`;
    ensureAccount(w, p, account);
    const code = id();
    w.codes.set(code, { account, challenge: q.get('code_challenge')!, redirectUri: redirect, scope });
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    back.searchParams.set('state', q.get('state')!);
    // The consent is given at once: the browser goes straight back to the app.
    return send(res, 302, undefined, { location: back.toString() });
  }

  async function token(p: Provider, req: IncomingMessage, res: ServerResponse) {
    const w = worlds[p];
    const form = new URLSearchParams(await readBody(req));
    if (
      form.get('client_id') !== CALENDAR_PROVIDER_CLIENT.id ||
      form.get('client_secret') !== CALENDAR_PROVIDER_CLIENT.secret
    )
      return send(res, 401, { error: 'invalid_client' });
    const grant = form.get('grant_type');
    let account: string;
    let refreshToken: string | undefined;
    if (grant === 'authorization_code') {
      const c = w.codes.get(form.get('code') ?? '');
      w.codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!c || c.redirectUri !== form.get('redirect_uri'))
        return send(res, 400, { error: 'invalid_grant', error_description: 'Unknown or used code.' });
      if (createHash('sha256').update(verifier).digest('base64url') !== c.challenge)
        return send(res, 400, { error: 'invalid_grant', error_description: 'PKCE verification failed.' });
      account = c.account;
      refreshToken = `rt-${id()}`;
      w.refresh.set(refreshToken, { account, revoked: false });
    } else if (grant === 'refresh_token') {
      const g = w.refresh.get(form.get('refresh_token') ?? '');
      if (!g || g.revoked)
        return send(res, 400, {
          error: 'invalid_grant',
          error_description: 'Token has been expired or revoked.',
        });
      account = g.account;
      // Microsoft's identity platform answers a refresh with a new refresh token, to be used from
      // then on; the used one still works until its own lifetime ends (/control/expire-superseded).
      if (p === 'azure') {
        g.superseded = true;
        refreshToken = `rt-${id()}`;
        w.refresh.set(refreshToken, { account, revoked: false });
      }
    } else return send(res, 400, { error: 'unsupported_grant_type' });
    const accessToken = `at-${id()}`;
    w.access.set(accessToken, { account, expiresAt: Date.now() + 3_600_000 });
    return send(res, 200, {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 3600,
      scope: p === 'google' ? 'https://www.googleapis.com/auth/calendar' : 'Calendars.ReadWrite',
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    });
  }

  function ownCalendar(w: ProviderWorld, account: string, calendarId: string) {
    const c = w.calendars.get(calendarId);
    return c && c.account === account ? c : null;
  }

  function change(w: ProviderWorld, e: StoredEvent) {
    w.seq++;
    e.seq = w.seq;
    w.events.set(e.id, e);
  }

  function create(w: ProviderWorld, calendarId: string, fields: Partial<StoredEvent>): StoredEvent {
    const e = {
      id: id(),
      calendarId,
      seq: 0,
      deleted: false,
      summary: '',
      description: '',
      start: {},
      end: {},
      isAllDay: false,
      ...fields,
    } as StoredEvent;
    change(w, e);
    return e;
  }

  /** Changes after `since` (sequence), a page at `offset`. */
  function changesOf(
    w: ProviderWorld,
    calendarId: string,
    since: number | null,
    from: number | null,
    offset: number,
  ) {
    const all = [...w.events.values()]
      .filter((e) => e.calendarId === calendarId && (since === null ? !e.deleted : e.seq > since))
      .filter(
        (e) =>
          since !== null ||
          from === null ||
          Date.parse(e.end.dateTime ?? `${e.end.date}T00:00:00Z`) >= from ||
          e.recurrence ||
          e.graphRecurrence,
      )
      .sort((a, b) => a.seq - b.seq);
    return { page: all.slice(offset, offset + PAGE), more: offset + PAGE < all.length };
  }

  async function google(url: URL, path: string, req: IncomingMessage, res: ServerResponse) {
    const w = worlds.google;
    w.calls.push({ method: req.method ?? 'GET', path });
    const account = bearer(w, req);
    if (!account) return send(res, 401, { error: { code: 401, message: 'Invalid Credentials' } });
    if (path === '/users/me/calendarList')
      return send(res, 200, {
        kind: 'calendar#calendarList',
        items: [...w.calendars.values()]
          .filter((c) => c.account === account)
          .map((c) => ({ id: c.id, summary: c.name, primary: c.primary })),
      });
    const m = /^\/calendars\/([^/]+)\/events(?:\/([^/]+))?$/.exec(path);
    const cal = m && ownCalendar(w, account, decodeURIComponent(m[1]!));
    if (!m || !cal) return send(res, 404, { error: { code: 404, message: 'Not Found' } });
    const eventId = m[2] && decodeURIComponent(m[2]);
    if (req.method === 'GET' && !eventId) {
      const q = url.searchParams;
      const syncToken = q.get('syncToken');
      const since = syncToken ? Number(syncToken.replace(/^s/, '')) : null;
      if (since !== null && (Number.isNaN(since) || since < w.syncFloor))
        return send(res, 410, {
          error: { code: 410, message: 'Sync token is no longer valid, a full sync is required.' },
        });
      const offset = Number(q.get('pageToken') ?? 0);
      const timeMin = q.get('timeMin');
      const { page, more } = changesOf(w, cal.id, since, timeMin ? Date.parse(timeMin) : null, offset);
      return send(res, 200, {
        kind: 'calendar#events',
        items: page.map(googleView),
        ...(more ? { nextPageToken: String(offset + PAGE) } : { nextSyncToken: `s${w.seq}` }),
      });
    }
    if (req.method === 'POST' && !eventId) {
      const e = create(w, cal.id, fromGoogle(JSON.parse(await readBody(req))));
      return send(res, 200, googleView(e));
    }
    const e = eventId ? w.events.get(eventId) : undefined;
    if (!e || e.calendarId !== cal.id || e.deleted)
      return send(res, e?.deleted ? 410 : 404, { error: { code: 404, message: 'Not Found' } });
    if (req.method === 'PUT') {
      Object.assign(e, fromGoogle(JSON.parse(await readBody(req))));
      change(w, e);
      return send(res, 200, googleView(e));
    }
    if (req.method === 'DELETE') {
      e.deleted = true;
      change(w, e);
      return send(res, 204);
    }
    return send(res, 200, googleView(e));
  }

  async function graph(url: URL, path: string, req: IncomingMessage, res: ServerResponse) {
    const w = worlds.azure;
    w.calls.push({ method: req.method ?? 'GET', path });
    const account = bearer(w, req);
    if (!account)
      return send(res, 401, {
        error: { code: 'InvalidAuthenticationToken', message: 'Access token is empty or invalid.' },
      });
    if (path === '/me') return send(res, 200, { mail: account, userPrincipalName: account });
    if (path === '/me/calendars')
      return send(res, 200, {
        value: [...w.calendars.values()]
          .filter((c) => c.account === account)
          .map((c) => ({ id: c.id, name: c.name })),
      });
    const delta = /^\/me\/calendars\/([^/]+)\/calendarView\/delta$/.exec(path);
    if (delta && req.method === 'GET') {
      const cal = ownCalendar(w, account, decodeURIComponent(delta[1]!));
      if (!cal) return send(res, 404, { error: { code: 'ErrorItemNotFound' } });
      const q = url.searchParams;
      const deltaToken = q.get('$deltatoken');
      const since = deltaToken === null ? null : Number(deltaToken);
      if (since !== null && (Number.isNaN(since) || since < w.syncFloor))
        return send(res, 410, {
          error: { code: 'SyncStateNotFound', message: 'The sync state was not found.' },
        });
      const offset = Number(q.get('$skiptoken') ?? 0);
      const from = q.get('startDateTime');
      const { page, more } = changesOf(w, cal.id, since, from ? Date.parse(from) : null, offset);
      const self = `${base('azure')}/graph/v1.0/me/calendars/${encodeURIComponent(cal.id)}/calendarView/delta`;
      const keep = new URLSearchParams(q);
      keep.delete('$skiptoken');
      keep.delete('$deltatoken');
      return send(res, 200, {
        value: page.map(deltaView),
        ...(more
          ? {
              '@odata.nextLink': `${self}?${keep}&$skiptoken=${offset + PAGE}${since === null ? '' : `&$deltatoken=${since}`}`,
            }
          : { '@odata.deltaLink': `${self}?$deltatoken=${w.seq}` }),
      });
    }
    const createIn = /^\/me\/calendars\/([^/]+)\/events$/.exec(path);
    if (createIn && req.method === 'POST') {
      const cal = ownCalendar(w, account, decodeURIComponent(createIn[1]!));
      if (!cal) return send(res, 404, { error: { code: 'ErrorItemNotFound' } });
      return send(res, 201, graphView(create(w, cal.id, fromGraph(JSON.parse(await readBody(req))))));
    }
    const one = /^\/me\/events\/([^/]+)$/.exec(path);
    const e = one ? w.events.get(decodeURIComponent(one[1]!)) : undefined;
    if (!e || e.deleted || w.calendars.get(e.calendarId)?.account !== account)
      return send(res, 404, { error: { code: 'ErrorItemNotFound' } });
    if (req.method === 'PATCH') {
      Object.assign(e, fromGraph(JSON.parse(await readBody(req))));
      change(w, e);
      return send(res, 200, graphView(e));
    }
    if (req.method === 'DELETE') {
      e.deleted = true;
      change(w, e);
      return send(res, 204);
    }
    return send(res, 200, graphView(e));
  }

  async function control(p: Provider, path: string, req: IncomingMessage, res: ServerResponse) {
    const w = worlds[p];
    const body = req.method === 'POST' ? JSON.parse((await readBody(req)) || '{}') : {};
    if (path === '/control/calendars' && req.method === 'GET')
      return send(res, 200, [...w.calendars.values()]);
    const events = /^\/control\/calendars\/([^/]+)\/events$/.exec(path);
    if (events) {
      const calendarId = decodeURIComponent(events[1]!);
      if (!w.calendars.has(calendarId)) return send(res, 404, { error: 'no such calendar' });
      if (req.method === 'POST') {
        const fields = p === 'google' ? fromGoogle(body) : fromGraph(body);
        return send(
          res,
          201,
          p === 'google'
            ? googleView(create(w, calendarId, fields))
            : graphView(create(w, calendarId, fields)),
        );
      }
      return send(
        res,
        200,
        [...w.events.values()]
          .filter((e) => e.calendarId === calendarId && !e.deleted)
          .map((e) => (p === 'google' ? googleView(e) : graphView(e))),
      );
    }
    const del = /^\/control\/events\/([^/]+)$/.exec(path);
    if (del && req.method === 'DELETE') {
      const e = w.events.get(decodeURIComponent(del[1]!));
      if (!e) return send(res, 404, {});
      e.deleted = true;
      change(w, e);
      return send(res, 204);
    }
    if (path === '/control/revoke' && req.method === 'POST') {
      // The person withdrew the app's access (or the token expired): every token of the account stops.
      for (const g of w.refresh.values()) if (g.account === body.account) g.revoked = true;
      for (const [t, a] of w.access) if (a.account === body.account) w.access.delete(t);
      return send(res, 204);
    }
    if (path === '/control/expire-superseded' && req.method === 'POST') {
      // The lifetime of every refresh token replaced by a newer one ends.
      for (const g of w.refresh.values()) if (g.superseded) g.revoked = true;
      return send(res, 204);
    }
    if (path === '/control/tokens' && req.method === 'GET') {
      const account = new URL(req.url ?? '/', 'http://x').searchParams.get('account');
      return send(
        res,
        200,
        [...w.refresh.values()].filter((g) => g.account === account).map((g) => ({ revoked: g.revoked })),
      );
    }
    if (path === '/control/expire-sync-tokens' && req.method === 'POST') {
      w.syncFloor = w.seq + 1;
      return send(res, 204);
    }
    return send(res, 404, { error: 'unknown control' });
  }

  return {
    worlds,
    env: {
      GOOGLE_AUTH_URL: `${base('google')}/auth`,
      GOOGLE_TOKEN_URL: `${base('google')}/token`,
      GOOGLE_REVOKE_URL: `${base('google')}/revoke`,
      GOOGLE_CALENDAR_API_URL: `${base('google')}/calendar/v3`,
      GOOGLE_CLIENT_ID: CALENDAR_PROVIDER_CLIENT.id,
      GOOGLE_CLIENT_SECRET: CALENDAR_PROVIDER_CLIENT.secret,
      AZURE_AUTH_URL: `${base('azure')}/auth`,
      AZURE_TOKEN_URL: `${base('azure')}/token`,
      AZURE_GRAPH_URL: `${base('azure')}/graph/v1.0`,
      AZURE_CLIENT_ID: CALENDAR_PROVIDER_CLIENT.id,
      AZURE_CLIENT_SECRET: CALENDAR_PROVIDER_CLIENT.secret,
    },
    async handler(req, res) {
      const url = new URL(req.url ?? '/', origin);
      const m = /^\/_local\/(google|azure)(\/.*)$/.exec(url.pathname);
      if (!m) return false;
      const p = m[1] as Provider;
      const path = m[2]!;
      try {
        if (path === '/auth' && req.method === 'GET') authorize(p, url, res);
        else if (path === '/token' && req.method === 'POST') await token(p, req, res);
        else if (p === 'google' && path === '/revoke' && req.method === 'POST') {
          const form = new URLSearchParams(await readBody(req));
          const g = worlds.google.refresh.get(form.get('token') ?? '');
          if (!g) send(res, 400, { error: 'invalid_token' });
          else {
            g.revoked = true;
            send(res, 200, {});
          }
        } else if (path.startsWith('/control/')) await control(p, path, req, res);
        else if (p === 'google' && path.startsWith('/calendar/v3/'))
          await google(url, path.slice('/calendar/v3'.length), req, res);
        else if (p === 'azure' && path.startsWith('/graph/v1.0/'))
          await graph(url, path.slice('/graph/v1.0'.length), req, res);
        else send(res, 404, { error: 'not found' });
      } catch (e) {
        send(res, 500, { error: String(e) });
      }
      return true;
    },
  };
}
