/**
 * A person's private calendar feed (issue 5, beyond the spec): an iCalendar URL with a secret token
 * that any calendar app can subscribe to, listing the occurrences of their scheduled tasks — the same
 * ones GET /task/schedule answers — from a week back to twelve weeks ahead. Only the token's SHA-256
 * is stored; making a new feed revokes the old URL, and the feed can be revoked outright.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_BASE, type OccurrenceView } from '@tandem/shared';
import { CalendarFeedEntity } from '../db/entities/calendar-feed.ts';
import { UserEntity } from '../db/entities/user.ts';
import type { Actor } from '../lib/actor.ts';
import { env } from '../lib/env.ts';
import { NotFoundError } from '../lib/errors.ts';
import { listOccurrences } from './schedules.ts';
import { getUser } from './user.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 86_400_000;

/** The feed's window: whole UTC days, a week back and twelve weeks ahead. */
export function feedWindow(now: Date) {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return {
    startDate: new Date(today - 7 * DAY_MS).toISOString(),
    endDate: new Date(today + 84 * DAY_MS).toISOString(),
  };
}

export async function createFeed(actor: Actor) {
  const user = await getUser(actor);
  const token = randomBytes(32).toString('base64url');
  await CalendarFeedEntity.create({ tokenHash: hash(token), userId: actor.userId }).go({ response: 'none' });
  if (user.feedTokenHash)
    await CalendarFeedEntity.delete({ tokenHash: user.feedTokenHash }).go({ response: 'none' });
  await UserEntity.patch({ userId: actor.userId })
    .set({ feedTokenHash: hash(token) })
    .go({ response: 'none' });
  return { url: `${env.appUrl}${API_BASE}/calendar/feed/${token}.ics` };
}

export async function revokeFeed(actor: Actor) {
  const user = await getUser(actor);
  if (!user.feedTokenHash) throw new NotFoundError('There is no calendar feed to revoke.');
  await CalendarFeedEntity.delete({ tokenHash: user.feedTokenHash }).go({ response: 'none' });
  await UserEntity.patch({ userId: actor.userId }).remove(['feedTokenHash']).go({ response: 'none' });
}

/** RFC 5545 text: backslash, semicolon, comma and newline escaped. */
const text = (s: string) =>
  s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d+/, '');
const date = (iso: string) => iso.slice(0, 10).replace(/-/g, '');

/** Lines longer than 75 octets are folded (RFC 5545 §3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let rest = line;
  let first = true;
  while (Buffer.byteLength(rest, 'utf8') > (first ? 75 : 74)) {
    let cut = first ? 75 : 74;
    while (Buffer.byteLength(rest.slice(0, cut), 'utf8') > (first ? 75 : 74)) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
    first = false;
  }
  parts.push(rest);
  return parts.join('\r\n ');
}

export function toICalendar(occurrences: OccurrenceView[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Tandem//Tasks//EN',
    'CALSCALE:GREGORIAN',
    'X-WR-CALNAME:Tandem',
  ];
  for (const o of occurrences) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${o.taskId}-${stamp(o.start)}@tandem`,
      `DTSTAMP:${stamp(now.toISOString())}`,
      ...(o.allDay
        ? [`DTSTART;VALUE=DATE:${date(o.start)}`, `DTEND;VALUE=DATE:${date(o.end)}`]
        : [`DTSTART:${stamp(o.start)}`, `DTEND:${stamp(o.end)}`]),
      `SUMMARY:${text(o.title)}`,
      ...(o.description ? [`DESCRIPTION:${text(o.description)}`] : []),
      `CATEGORIES:${text(o.group.title)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}

export async function feedFor(token: string, now = new Date()): Promise<string> {
  const feed = (await CalendarFeedEntity.get({ tokenHash: hash(token) }).go()).data;
  if (!feed) throw new NotFoundError('This calendar feed does not exist or was revoked.');
  const { results } = await listOccurrences({ userId: feed.userId, username: feed.userId }, feedWindow(now));
  return toICalendar(results, now);
}
