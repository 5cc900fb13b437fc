/**
 * Tasks to events and events to task fields. A task's event is written by the one iCalendar writer
 * (core/calendar/icalendar.ts): CalDAV stores that text, and Google takes its RRULE, EXDATE and RDATE
 * lines as they are. Incoming iCalendar (CalDAV) is read here: the first VEVENT's UID, SUMMARY,
 * DESCRIPTION, DTSTART (UTC, TZID or a date), DTEND or DURATION, and RRULE.
 */
import { createHash } from 'node:crypto';
import { floatingMs, instantOfWall } from '@tandem/shared/time/zone-times';
import type { StoredSchedule } from '../access/task-access.ts';
import { toICalendar } from '../calendar/icalendar.ts';
import type { OutgoingEvent, RemoteEvent } from './provider.ts';

export interface ExportableTask {
  taskId: string;
  title: string;
  description: string;
  schedule: StoredSchedule;
}

/** What decides whether a task must be written again: its words and its schedule. */
export function taskStamp(t: ExportableTask): string {
  const s = t.schedule;
  return createHash('sha256')
    .update(
      JSON.stringify([
        t.title,
        t.description,
        s.startDate,
        s.duration,
        s.allDay,
        s.timezone,
        s.recurRule ?? null,
        s.exDate ?? [],
        s.rDate ?? [],
      ]),
    )
    .digest('base64url')
    .slice(0, 22);
}

const unfold = (text: string) => text.replace(/\r?\n[ \t]/g, '').split(/\r?\n/);

export function outgoingEvent(t: ExportableTask, now = new Date()): OutgoingEvent {
  const ical = toICalendar(
    [{ taskId: t.taskId, title: t.title, description: t.description, category: '', schedule: t.schedule }],
    now,
  );
  const recurrence = unfold(ical).filter((l) => /^(RRULE|EXDATE|RDATE)[:;]/.test(l));
  return {
    taskId: t.taskId,
    title: t.title,
    description: t.description,
    start: t.schedule.startDate,
    durationMinutes: t.schedule.allDay ? 1440 : t.schedule.duration,
    allDay: t.schedule.allDay,
    timezone: t.schedule.timezone,
    recurrence,
    ical,
  };
}

const untext = (s: string) =>
  s.replace(/\\n/gi, '\n').replace(/\\,/g, ',').replace(/\\;/g, ';').replace(/\\\\/g, '\\');

/** An iCalendar DATE or DATE-TIME value (with its TZID parameter) as an instant. */
function instantOf(value: string, params: Record<string, string>): { ms: number; allDay: boolean } | null {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T(\d{2})(\d{2})(\d{2})(Z)?)?$/.exec(value.trim());
  if (!m) return null;
  const wall = floatingMs({
    year: +m[1]!,
    month: +m[2]!,
    day: +m[3]!,
    hour: m[4] ? +m[4] : 0,
    minute: m[5] ? +m[5] : 0,
    second: m[6] ? +m[6] : 0,
  });
  if (!m[4]) return { ms: wall, allDay: true };
  if (m[7] || !params.TZID) return { ms: wall, allDay: false };
  try {
    return { ms: instantOfWall(wall, params.TZID), allDay: false };
  } catch {
    return { ms: wall, allDay: false };
  }
}

/** RFC 5545 DURATION (P1D, PT1H30M…) in minutes. */
function durationMinutes(value: string): number | null {
  const m = /^([+-])?P(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(value.trim());
  if (!m) return null;
  return (+(m[2] ?? 0) * 7 + +(m[3] ?? 0)) * 1440 + +(m[4] ?? 0) * 60 + +(m[5] ?? 0);
}

/** The first VEVENT of an iCalendar text, or null when it has none that we can read. */
export function readICalendar(text: string, etag: string, href?: string): RemoteEvent | null {
  const lines = unfold(text);
  const begin = lines.indexOf('BEGIN:VEVENT');
  if (begin < 0) return null;
  const props = new Map<string, { value: string; params: Record<string, string> }>();
  for (const line of lines.slice(begin + 1)) {
    if (line === 'END:VEVENT') break;
    const colon = line.search(/:(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    if (colon < 0) continue;
    const [name, ...paramParts] = line.slice(0, colon).split(';');
    const params: Record<string, string> = {};
    for (const p of paramParts) {
      const eq = p.indexOf('=');
      if (eq > 0) params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1).replace(/^"|"$/g, '');
    }
    const key = name!.toUpperCase();
    if (!props.has(key)) props.set(key, { value: line.slice(colon + 1), params });
  }
  const uid = props.get('UID')?.value;
  const dtstart = props.get('DTSTART');
  if (!uid || !dtstart) return null;
  const start = instantOf(dtstart.value, dtstart.params);
  if (!start) return null;
  let minutes = start.allDay ? 1440 : 60;
  const dtend = props.get('DTEND');
  const duration = props.get('DURATION');
  if (dtend) {
    const end = instantOf(dtend.value, dtend.params);
    if (end) minutes = Math.round((end.ms - start.ms) / 60_000);
  } else if (duration) {
    minutes = durationMinutes(duration.value) ?? minutes;
  }
  return {
    id: uid,
    ...(href ? { href } : {}),
    etag,
    title: untext(props.get('SUMMARY')?.value ?? '').slice(0, 500) || 'Untitled event',
    description: untext(props.get('DESCRIPTION')?.value ?? '').slice(0, 5000),
    start: new Date(start.ms).toISOString(),
    durationMinutes: Math.min(1440, Math.max(1, minutes)),
    allDay: start.allDay,
    timezone: dtstart.params.TZID ?? (start.allDay ? null : 'UTC'),
    recurRule: props.get('RRULE')?.value ?? null,
  };
}
