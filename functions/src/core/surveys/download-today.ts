/**
 * The Today list as an iCalendar file (spec 002 §2 /download-today; decisions D69), written by the
 * calendar feed's writer (core/calendar/icalendar.ts): a scheduled task is its schedule's event (a
 * series stays one event with its rule); any other task is an all-day event on today's date in the
 * person's zone. The list is the Today panel's (priority group 0), up to MAX_TODAY_EXPORT tasks.
 */
import { cursorOf } from '@tandem/shared/api/pagination';
import type { TaskView } from '@tandem/shared/tasks/views';
import { dayOfInstant, floatingMs, instantOfWall } from '@tandem/shared/time/zone-times';
import type { Actor } from '../../lib/actor.ts';
import { type FeedEvent, toICalendar } from '../calendar/icalendar.ts';
import { listTasks } from '../tasks/tasks.ts';

/** Most tasks one file holds (a Today list is far shorter). */
export const MAX_TODAY_EXPORT = 500;
const PAGE = 100;

export async function todayTasks(actor: Actor, zone: string, now = new Date()): Promise<TaskView[]> {
  const out: TaskView[] = [];
  let cursor: string | undefined;
  for (let page = 1; out.length < MAX_TODAY_EXPORT; page++) {
    const r = await listTasks(actor, { priorityGroup: 0, page, size: PAGE, cursor }, zone, now);
    out.push(...(r.results as TaskView[]));
    const next = cursorOf(r.next);
    if (!r.next || (!next && r.results.length < PAGE)) break;
    cursor = next ?? undefined;
  }
  return out.slice(0, MAX_TODAY_EXPORT);
}

export function todayEvents(tasks: TaskView[], zone: string, now: Date): FeedEvent[] {
  const day = dayOfInstant(now.toISOString(), zone)!;
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const midnight = new Date(
    instantOfWall(floatingMs({ year, month, day: date, hour: 0, minute: 0 }), zone),
  ).toISOString();
  return tasks.map((t) => {
    const s = t.scheduledTask;
    const due = t.dueAt ? `Due ${t.dueAt}` : '';
    return {
      taskId: t.id,
      title: t.title,
      description: [t.taskDetails?.description ?? '', due].filter(Boolean).join('\n'),
      category: t.group?.title ?? '',
      schedule: s
        ? {
            startDate: s.startDate,
            recurRule: s.recurRule,
            timezone: s.timezone,
            duration: s.duration,
            allDay: s.allDay,
            exDate: s.exDate,
            rDate: s.rDate,
          }
        : { startDate: midnight, recurRule: null, timezone: zone, duration: 1440, allDay: true },
    };
  });
}

export async function todayCalendar(
  actor: Actor,
  zone: string,
  now = new Date(),
): Promise<{ filename: string; ics: string; count: number }> {
  const tasks = await todayTasks(actor, zone, now);
  const day = dayOfInstant(now.toISOString(), zone)!;
  return {
    filename: `today-${day}.ics`,
    ics: toICalendar(todayEvents(tasks, zone, now), now),
    count: tasks.length,
  };
}
