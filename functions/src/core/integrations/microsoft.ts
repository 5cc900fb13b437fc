/**
 * Microsoft Graph: /me, /me/calendars, calendarView/delta (incremental: the deltaLink is the token;
 * removed events come as `@removed`), events create/update/delete. Times are asked for in UTC
 * (Prefer: outlook.timezone). A series is written as Graph's patternedRecurrence, in the task's zone,
 * when its rule maps exactly (graph-recurrence.ts), else as its first occurrence; read back, the
 * occurrences calendarView/delta reports lead to their series master (one GET per series and run), taken
 * as a repeating task when Graph's pattern maps exactly to a rule (docs/decisions.md D70, D75).
 */
import type { CalendarChoice } from '@tandem/shared/integrations/integrations';
import { SYNC_MAX_PAGES, SYNC_PAGE_SIZE } from '@tandem/shared/integrations/integrations';
import { floatingOf } from '@tandem/shared/time/zone-times';
import { oauthConfig } from './config.ts';
import { fromGraphRecurrence, type PatternedRecurrence, toGraphRecurrence } from './graph-recurrence.ts';
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
  /** singleInstance, occurrence, exception or seriesMaster. */
  type?: string;
  seriesMasterId?: string;
  recurrence?: PatternedRecurrence | null;
  '@removed'?: unknown;
}

/** A zone name the platform knows (Graph may answer a Windows name, which we do not translate). */
const knownZone = (zone: string | undefined) => (zone && !Number.isNaN(floatingOf(0, zone)) ? zone : null);

/** Graph's dateTime in UTC without an offset ('2026-11-27T09:00:00.0000000'). */
const utcMs = (t: MTime) =>
  Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(t.dateTime) ? t.dateTime : `${t.dateTime}Z`);
const graphTime = (ms: number) => new Date(ms).toISOString().replace('Z', '');

function toRemote(e: MEvent): RemoteEvent | null {
  if (!e.start) return null;
  const start = utcMs(e.start);
  const end = e.end ? utcMs(e.end) : start + 3_600_000;
  if (Number.isNaN(start)) return null;
  // A series: its rule when Graph's pattern says exactly one, else its first occurrence.
  const zone = e.recurrence ? knownZone(e.recurrence.range?.recurrenceTimeZone) : null;
  const recurRule =
    e.recurrence && zone ? fromGraphRecurrence(e.recurrence, new Date(start).toISOString(), zone) : null;
  return {
    id: e.id,
    etag: e.changeKey ?? '',
    title: (e.subject ?? '').slice(0, 500) || 'Untitled event',
    description: (e.bodyPreview ?? '').slice(0, 5000),
    start: new Date(start).toISOString(),
    durationMinutes: Math.min(1440, Math.max(1, Math.round((end - start) / 60_000))),
    allDay: e.isAllDay ?? false,
    timezone: recurRule ? zone : null,
    recurRule,
  };
}

/** The task's series as Graph's recurrence, or null (one-off, or a rule Graph cannot say: first occurrence). */
export function seriesOf(e: OutgoingEvent): PatternedRecurrence | null {
  const rule = e.recurrence.find((l) => l.startsWith('RRULE:'));
  // Added or removed dates are instance edits in Graph: the series is not the same without them.
  if (!rule || e.recurrence.some((l) => !l.startsWith('RRULE:'))) return null;
  return toGraphRecurrence({ start: e.start, timezone: e.timezone, allDay: e.allDay, recurRule: rule });
}

export const toGraph = (e: OutgoingEvent) => {
  const start = Date.parse(e.start);
  const recurrence = seriesOf(e);
  const common = {
    subject: e.title,
    body: { contentType: 'text', content: e.description },
    isAllDay: e.allDay,
  };
  if (!recurrence)
    return {
      ...common,
      start: { dateTime: graphTime(start), timeZone: 'UTC' },
      end: { dateTime: graphTime(start + e.durationMinutes * 60_000), timeZone: 'UTC' },
      recurrence: null,
    };
  // A series is placed on the wall clock of its zone, so its occurrences keep their hour across DST.
  const wall = floatingOf(start, e.timezone);
  return {
    ...common,
    start: { dateTime: graphTime(wall), timeZone: e.timezone },
    end: { dateTime: graphTime(wall + e.durationMinutes * 60_000), timeZone: e.timezone },
    recurrence,
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
      // Occurrences lead to their series master, read once per run (its id is what the pair knows).
      const masters = new Set<string>();
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
          else if (e.seriesMasterId && (e.type === 'occurrence' || e.type === 'exception')) {
            if (masters.has(e.seriesMasterId) || masters.size >= SYNC_PAGE_SIZE) continue;
            masters.add(e.seriesMasterId);
            const r = await call(`${api}/me/events/${encodeURIComponent(e.seriesMasterId)}`, { headers });
            if (r.status === 404) continue;
            const remote = toRemote(ok<MEvent>(r, 200));
            if (remote) events.push(remote);
          } else {
            if (e.type === 'seriesMaster') masters.add(e.id);
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
    async goneSeries(eventIds) {
      const gone: string[] = [];
      for (const id of eventIds) {
        const r = await call(`${api}/me/events/${encodeURIComponent(id)}?$select=id`, { headers });
        if (r.status === 404) gone.push(id);
        else ok(r, 200);
      }
      return gone;
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
