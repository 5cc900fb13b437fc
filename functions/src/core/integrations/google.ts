/**
 * Google Calendar API v3: calendarList, events.list with syncToken (incremental: showDeleted; a 410
 * means the token expired and everything is read again), events.insert/update/delete.
 */
import type { CalendarChoice } from '@tandem/shared/integrations/integrations';
import { SYNC_MAX_PAGES, SYNC_PAGE_SIZE } from '@tandem/shared/integrations/integrations';
import { dayOfInstant } from '@tandem/shared/time/zone-times';
import { oauthConfig } from './config.ts';
import { call, ok } from './http.ts';
import type { CalendarClient, Changes, OutgoingEvent, RemoteEvent } from './provider.ts';

interface GTime {
  dateTime?: string;
  date?: string;
  timeZone?: string;
}
interface GEvent {
  id: string;
  etag?: string;
  status?: string;
  summary?: string;
  description?: string;
  start?: GTime;
  end?: GTime;
  recurrence?: string[];
}

const DAY_MS = 86_400_000;

function toRemote(e: GEvent): RemoteEvent | null {
  if (!e.start) return null;
  const allDay = !e.start.dateTime;
  const zone = e.start.timeZone ?? null;
  const start = allDay ? Date.parse(`${e.start.date}T00:00:00Z`) : Date.parse(e.start.dateTime!);
  const endRaw = e.end?.dateTime ?? (e.end?.date ? `${e.end.date}T00:00:00Z` : undefined);
  const end = endRaw ? Date.parse(endRaw) : start + (allDay ? DAY_MS : 3_600_000);
  if (Number.isNaN(start)) return null;
  const rule = e.recurrence?.find((l) => l.startsWith('RRULE:'));
  return {
    id: e.id,
    etag: e.etag ?? '',
    title: (e.summary ?? '').slice(0, 500) || 'Untitled event',
    description: (e.description ?? '').slice(0, 5000),
    start: new Date(start).toISOString(),
    durationMinutes: Math.min(1440, Math.max(1, Math.round((end - start) / 60_000))),
    allDay,
    timezone: zone,
    recurRule: rule ? rule.slice('RRULE:'.length) : null,
  };
}

function toGoogle(e: OutgoingEvent) {
  const startMs = Date.parse(e.start);
  const times = e.allDay
    ? {
        start: { date: dayOfInstant(e.start, e.timezone) },
        end: {
          date: new Date(Date.parse(`${dayOfInstant(e.start, e.timezone)}T00:00:00Z`) + DAY_MS)
            .toISOString()
            .slice(0, 10),
        },
      }
    : {
        start: { dateTime: new Date(startMs).toISOString(), timeZone: e.timezone },
        end: { dateTime: new Date(startMs + e.durationMinutes * 60_000).toISOString(), timeZone: e.timezone },
      };
  return {
    summary: e.title,
    description: e.description,
    ...times,
    ...(e.recurrence.length ? { recurrence: e.recurrence } : {}),
    extendedProperties: { private: { tandemTaskId: e.taskId } },
  };
}

export function googleClient(accessToken: string): CalendarClient {
  const api = oauthConfig('google').apiUrl;
  const headers = { authorization: `Bearer ${accessToken}`, accept: 'application/json' };
  const jsonHeaders = { ...headers, 'content-type': 'application/json' };
  const cal = (id: string) => `${api}/calendars/${encodeURIComponent(id)}`;
  const listCalendars = async (): Promise<Array<CalendarChoice & { primary?: boolean }>> => {
    const out: Array<CalendarChoice & { primary?: boolean }> = [];
    let pageToken: string | undefined;
    for (let page = 0; page < SYNC_MAX_PAGES; page++) {
      const url = new URL(`${api}/users/me/calendarList`);
      url.searchParams.set('maxResults', String(SYNC_PAGE_SIZE));
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const body = ok<{
        items: Array<{ id: string; summary: string; primary?: boolean }>;
        nextPageToken?: string;
      }>(await call(url.toString(), { headers }));
      for (const c of body.items ?? []) out.push({ id: c.id, name: c.summary, primary: c.primary ?? false });
      pageToken = body.nextPageToken;
      if (!pageToken) break;
    }
    return out;
  };
  return {
    async account() {
      const primary = (await listCalendars()).find((c) => c.primary);
      return primary?.id ?? 'Google account';
    },
    async listCalendars() {
      return (await listCalendars()).map(({ id, name }) => ({ id, name }));
    },
    async changes(calendar, token, startDate): Promise<Changes> {
      const events: RemoteEvent[] = [];
      const deleted: string[] = [];
      let pageToken: string | undefined;
      for (let page = 0; page < SYNC_MAX_PAGES; page++) {
        const url = new URL(`${cal(calendar)}/events`);
        url.searchParams.set('maxResults', String(SYNC_PAGE_SIZE));
        url.searchParams.set('showDeleted', 'true');
        if (token) url.searchParams.set('syncToken', token);
        else url.searchParams.set('timeMin', `${startDate}T00:00:00Z`);
        if (pageToken) url.searchParams.set('pageToken', pageToken);
        const r = await call(url.toString(), { headers });
        // 410 Gone: the sync token expired; a full read from the start date.
        if (r.status === 410) return { ...(await this.changes(calendar, undefined, startDate)), reset: true };
        const body = ok<{ items?: GEvent[]; nextPageToken?: string; nextSyncToken?: string }>(r, 200);
        for (const e of body.items ?? []) {
          if (e.status === 'cancelled') deleted.push(e.id);
          else {
            const remote = toRemote(e);
            if (remote) events.push(remote);
          }
        }
        if (body.nextSyncToken) return { events, deleted, token: body.nextSyncToken };
        pageToken = body.nextPageToken;
        if (!pageToken) return { events, deleted, token: token ?? null };
      }
      // Out of pages: what was read is applied; the same token reads the rest (idempotently) next time.
      return { events, deleted, token: null };
    },
    async put(calendar, existing, event) {
      const body = JSON.stringify(toGoogle(event));
      const r = existing
        ? await call(`${cal(calendar)}/events/${encodeURIComponent(existing.eventId)}`, {
            method: 'PUT',
            headers: jsonHeaders,
            body,
          })
        : null;
      // The event was deleted over there: made again.
      const made =
        r && r.status !== 404 && r.status !== 410
          ? ok<GEvent>(r, 200)
          : ok<GEvent>(
              await call(`${cal(calendar)}/events`, { method: 'POST', headers: jsonHeaders, body }),
              200,
              201,
            );
      return { eventId: made.id, etag: made.etag ?? '' };
    },
    async remove(calendar, ref) {
      const r = await call(`${cal(calendar)}/events/${encodeURIComponent(ref.eventId)}`, {
        method: 'DELETE',
        headers,
      });
      ok(r, 200, 204, 404, 410);
    },
  };
}
