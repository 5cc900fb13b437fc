/**
 * Microsoft Graph: /me, /me/calendars, calendarView/delta (incremental: the deltaLink is the token;
 * removed events come as `@removed`), events create/update/delete. Times are asked for in UTC
 * (Prefer: outlook.timezone). A series is written as its first occurrence (Graph's recurrence is a
 * pattern object, not an RRULE; see docs/decisions.md D70).
 */
import type { CalendarChoice } from '@tandem/shared/integrations/integrations';
import { SYNC_MAX_PAGES, SYNC_PAGE_SIZE } from '@tandem/shared/integrations/integrations';
import { oauthConfig } from './config.ts';
import { call, ok } from './http.ts';
import type { CalendarClient, Changes, OutgoingEvent, RemoteEvent } from './provider.ts';

interface MTime {
  dateTime: string;
  timeZone?: string;
}
interface MEvent {
  id: string;
  changeKey?: string;
  subject?: string;
  bodyPreview?: string;
  isAllDay?: boolean;
  start?: MTime;
  end?: MTime;
  '@removed'?: unknown;
}

/** Graph's dateTime in UTC without an offset ('2026-11-27T09:00:00.0000000'). */
const utcMs = (t: MTime) =>
  Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`);
const graphTime = (ms: number) => new Date(ms).toISOString().replace('Z', '');

function toRemote(e: MEvent): RemoteEvent | null {
  if (!e.start) return null;
  const start = utcMs(e.start);
  const end = e.end ? utcMs(e.end) : start + 3_600_000;
  if (Number.isNaN(start)) return null;
  return {
    id: e.id,
    etag: e.changeKey ?? '',
    title: (e.subject ?? '').slice(0, 500) || 'Untitled event',
    description: (e.bodyPreview ?? '').slice(0, 5000),
    start: new Date(start).toISOString(),
    durationMinutes: Math.min(1440, Math.max(1, Math.round((end - start) / 60_000))),
    allDay: e.isAllDay ?? false,
    timezone: null,
    recurRule: null,
  };
}

const toGraph = (e: OutgoingEvent) => {
  const start = Date.parse(e.start);
  return {
    subject: e.title,
    body: { contentType: 'text', content: e.description },
    isAllDay: e.allDay,
    start: { dateTime: graphTime(start), timeZone: 'UTC' },
    end: { dateTime: graphTime(start + e.durationMinutes * 60_000), timeZone: 'UTC' },
  };
};

export function microsoftClient(accessToken: string): CalendarClient {
  const api = oauthConfig('azure').apiUrl;
  const headers = {
    authorization: `Bearer ${accessToken}`,
    accept: 'application/json',
    prefer: `outlook.timezone="UTC", odata.maxpagesize=${SYNC_PAGE_SIZE}`,
  };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const cal = (id: string) => `${api}/me/calendars/${encodeURIComponent(id)}`;
  return {
    async account() {
      const me = ok<{ mail?: string; userPrincipalName?: string }>(await call(`${api}/me`, { headers }), 200);
      return me.mail ?? me.userPrincipalName ?? 'Microsoft account';
    },
    async listCalendars(): Promise<CalendarChoice[]> {
      const out: CalendarChoice[] = [];
      let url: string | undefined = `${api}/me/calendars?$top=${SYNC_PAGE_SIZE}`;
      for (let page = 0; url && page < SYNC_MAX_PAGES; page++) {
        const body: { value: Array<{ id: string; name: string }>; '@odata.nextLink'?: string } = ok(
          await call(url, { headers }),
          200,
        );
        for (const c of body.value ?? []) out.push({ id: c.id, name: c.name });
        url = body['@odata.nextLink'];
      }
      return out;
    },
    async changes(calendar, token, startDate): Promise<Changes> {
      const events: RemoteEvent[] = [];
      const deleted: string[] = [];
      // Links come from the provider; only ones on its own origin are followed.
      const origin = new URL(api).origin;
      let url: string | undefined =
        token && new URL(token).origin === origin
          ? token
          : `${cal(calendar)}/calendarView/delta?startDateTime=${startDate}T00:00:00Z&endDateTime=${new Date(Date.parse(startDate) + 2 * 366 * 86_400_000).toISOString()}`;
      for (let page = 0; url && page < SYNC_MAX_PAGES; page++) {
        const r = await call(url, { headers });
        // 410: the delta link expired; read everything again.
        if (r.status === 410) return { ...(await this.changes(calendar, undefined, startDate)), reset: true };
        const body: { value?: MEvent[]; '@odata.nextLink'?: string; '@odata.deltaLink'?: string } = ok(
          r,
          200,
        );
        for (const e of body.value ?? []) {
          if (e['@removed']) deleted.push(e.id);
          else {
            const remote = toRemote(e);
            if (remote) events.push(remote);
          }
        }
        if (body['@odata.deltaLink']) return { events, deleted, token: body['@odata.deltaLink'] };
        url = body['@odata.nextLink'];
        if (url && new URL(url).origin !== origin) break;
      }
      return { events, deleted, token: null };
    },
    async put(calendar, existing, event) {
      const body = JSON.stringify(toGraph(event));
      const r = existing
        ? await call(`${api}/me/events/${encodeURIComponent(existing.eventId)}`, {
            method: 'PATCH',
            headers: jsonHeaders,
            body,
          })
        : null;
      const made =
        r && r.status !== 404
          ? ok<MEvent>(r, 200)
          : ok<MEvent>(
              await call(`${cal(calendar)}/events`, { method: 'POST', headers: jsonHeaders, body }),
              201,
              200,
            );
      return { eventId: made.id, etag: made.changeKey ?? '' };
    },
    async remove(_calendar, ref) {
      ok(
        await call(`${api}/me/events/${encodeURIComponent(ref.eventId)}`, { method: 'DELETE', headers }),
        204,
        200,
        404,
      );
    },
  };
}
