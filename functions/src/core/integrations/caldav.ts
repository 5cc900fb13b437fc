/**
 * CalDAV (RFC 4791, RFC 6578): Apple's iCloud and self-hosted servers (Radicale, Nextcloud…), with
 * HTTP Basic and an app password. Calendars are discovered with PROPFIND (current-user-principal →
 * calendar-home-set → the home's calendar collections); changes are read with the sync-collection
 * REPORT (its sync-token is the link's token) and the changed events fetched with calendar-multiget,
 * at most SYNC_PAGE_SIZE a request; a task is written with PUT of its iCalendar text. An event is
 * known by its resource path (href), which is what sync-collection reports, also for removals.
 */

import type { CalendarChoice } from '@tandem/shared/integrations/integrations';
import { SYNC_MAX_PAGES, SYNC_PAGE_SIZE } from '@tandem/shared/integrations/integrations';
import { readICalendar } from './events.ts';
import { call, ok } from './http.ts';
import {
  type CalendarClient,
  type Changes,
  CredentialsRefusedError,
  ProviderError,
  type RemoteEvent,
} from './provider.ts';

const DAV = 'xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav" xmlns:CS="http://calendarserver.org/ns/"';

const decode = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
    .replace(/&#x([0-9a-f]+);/gi, (_, n) => String.fromCharCode(Number.parseInt(n, 16)))
    .replace(/&amp;/g, '&');

/** The elements named `local` (any namespace prefix), with their inner text. */
const elements = (xml: string, local: string) =>
  [
    ...xml.matchAll(
      new RegExp(`<(?:[\\w-]+:)?${local}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:[\\w-]+:)?${local}>`, 'g'),
    ),
  ].map((m) => m[1]!);
const first = (xml: string, local: string) => elements(xml, local)[0];
const hasEmpty = (xml: string, local: string) =>
  new RegExp(`<(?:[\\w-]+:)?${local}(?:\\s[^>]*)?\\s*/>`).test(xml);

interface DavResponse {
  href: string;
  status: number | null;
  /** The props of the propstats answered 200. */
  props: string;
}

function multistatus(xml: string): DavResponse[] {
  return elements(xml, 'response').map((r) => {
    const href = decode(first(r, 'href')?.trim() ?? '');
    const okProps = elements(r, 'propstat')
      .filter((p) => / 200 /.test(first(p, 'status') ?? ''))
      .map((p) => first(p, 'prop') ?? '')
      .join('');
    // A response's own status (outside propstat): 404 for a removed member in sync-collection.
    const outer = r.replace(/<(?:[\w-]+:)?propstat[\s\S]*?<\/(?:[\w-]+:)?propstat>/g, '');
    const status = /HTTP\/\d(?:\.\d)? (\d{3})/.exec(first(outer, 'status') ?? '')?.[1];
    return { href, status: status ? Number(status) : null, props: okProps };
  });
}

export function caldavClient(serverUrl: string, username: string, password: string): CalendarClient {
  const auth = `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;
  const abs = (href: string, base = serverUrl) => new URL(href, base).toString();
  const dav = async (method: string, url: string, depth: '0' | '1', body: string) => {
    const r = await call(url, {
      method,
      headers: { authorization: auth, depth, 'content-type': 'application/xml; charset=utf-8' },
      body: `<?xml version="1.0" encoding="utf-8"?>\n${body}`,
    });
    if (r.status === 403) throw new CredentialsRefusedError('403');
    return r;
  };
  const propfind = async (url: string, depth: '0' | '1', props: string) => {
    const r = await dav('PROPFIND', url, depth, `<D:propfind ${DAV}><D:prop>${props}</D:prop></D:propfind>`);
    if (r.status !== 207) throw new ProviderError(r.status, r.text);
    return multistatus(r.text);
  };

  async function calendarHome(): Promise<string> {
    const root = await propfind(serverUrl, '0', '<D:current-user-principal/><C:calendar-home-set/>');
    const home = first(first(root[0]?.props ?? '', 'calendar-home-set') ?? '', 'href');
    if (home) return abs(decode(home.trim()));
    const principal = first(first(root[0]?.props ?? '', 'current-user-principal') ?? '', 'href');
    if (!principal) return serverUrl;
    const p = await propfind(abs(decode(principal.trim())), '0', '<C:calendar-home-set/>');
    const h = first(first(p[0]?.props ?? '', 'calendar-home-set') ?? '', 'href');
    return h ? abs(decode(h.trim())) : abs(decode(principal.trim()));
  }

  async function fetchEvents(calendar: string, hrefs: string[]): Promise<RemoteEvent[]> {
    if (hrefs.length === 0) return [];
    const body = `<C:calendar-multiget ${DAV}><D:prop><D:getetag/><C:calendar-data/></D:prop>${hrefs
      .map((h) => `<D:href>${h.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</D:href>`)
      .join('')}</C:calendar-multiget>`;
    const r = await dav('REPORT', calendar, '1', body);
    if (r.status !== 207) throw new ProviderError(r.status, r.text);
    return multistatus(r.text).flatMap((m) => {
      const data = first(m.props, 'calendar-data');
      if (!data) return [];
      const e = readICalendar(decode(data), decode(first(m.props, 'getetag') ?? '').trim(), m.href);
      // Known by its path: that is what sync-collection names when it changes or goes.
      return e ? [{ ...e, id: m.href }] : [];
    });
  }

  return {
    async account() {
      await calendarHome(); // checks the address and the password
      return `${username} @ ${new URL(serverUrl).host}`;
    },
    async listCalendars(): Promise<CalendarChoice[]> {
      const home = await calendarHome();
      const members = await propfind(home, '1', '<D:resourcetype/><D:displayname/>');
      return members
        .filter((m) => hasEmpty(first(m.props, 'resourcetype') ?? '', 'calendar'))
        .map((m) => ({
          id: abs(m.href, home),
          name:
            decode(first(m.props, 'displayname') ?? '').trim() ||
            decodeURIComponent(m.href.split('/').filter(Boolean).pop() ?? 'Calendar'),
        }));
    },
    async changes(calendar, token): Promise<Changes> {
      const r = await dav(
        'REPORT',
        calendar,
        '1',
        `<D:sync-collection ${DAV}><D:sync-token>${token ?? ''}</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>`,
      );
      // An expired token: 403/409 with valid-sync-token (RFC 6578 §3.2): read everything again.
      if (token && (r.status === 409 || (r.status === 400 && /valid-sync-token/.test(r.text))))
        return { ...(await this.changes(calendar, undefined, '')), reset: true };
      if (r.status !== 207) throw new ProviderError(r.status, r.text);
      const all = multistatus(r.text).filter((m) => m.href.endsWith('.ics'));
      const changed = all.filter((m) => m.status !== 404).map((m) => m.href);
      const deleted = all.filter((m) => m.status === 404).map((m) => m.href);
      const next = decode(
        first(
          r.text.replace(/<(?:[\w-]+:)?response[\s>][\s\S]*<\/(?:[\w-]+:)?response>/, ''),
          'sync-token',
        ) ?? '',
      ).trim();
      const limit = SYNC_PAGE_SIZE * SYNC_MAX_PAGES;
      const events: RemoteEvent[] = [];
      for (let i = 0; i < Math.min(changed.length, limit); i += SYNC_PAGE_SIZE)
        events.push(...(await fetchEvents(calendar, changed.slice(i, Math.min(i + SYNC_PAGE_SIZE, limit)))));
      // More than one run reads: the token stays, and the next run reads the rest (unchanged ones are skipped).
      return { events, deleted, token: changed.length > limit ? null : next || null };
    },
    async put(calendar, existing, event) {
      const href =
        existing?.href ??
        new URL(`${encodeURIComponent(event.taskId)}.ics`, calendar.endsWith('/') ? calendar : `${calendar}/`)
          .pathname;
      const r = await call(abs(href, calendar), {
        method: 'PUT',
        headers: { authorization: auth, 'content-type': 'text/calendar; charset=utf-8' },
        body: event.ical,
      });
      ok(r, 200, 201, 204);
      return { eventId: href, href, etag: r.headers.get('etag') ?? '' };
    },
    async remove(calendar, ref) {
      const r = await call(abs(ref.href ?? ref.eventId, calendar), {
        method: 'DELETE',
        headers: { authorization: auth },
      });
      ok(r, 200, 204, 404);
    },
  };
}
