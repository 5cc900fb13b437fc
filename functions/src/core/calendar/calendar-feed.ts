/**
 * A person's private calendar feed (issue 5, beyond the spec): an iCalendar URL with a secret token
 * that any calendar app can subscribe to, listing their scheduled tasks (icalendar.ts): a series as one
 * event with its rule, so the app shows the same occurrences GET /task/schedule answers, as far ahead
 * as it looks. Only the token's SHA-256 is stored; making a new feed revokes the old URL, and the feed
 * can be revoked outright.
 */
import { createHash, randomBytes } from 'node:crypto';
import { API_BASE } from '@tandem/shared';
import { occursFrom } from '@tandem/shared/time/recurrence';
import { CalendarFeedEntity } from '../../db/entities/calendar-feed.ts';
import { UserEntity } from '../../db/entities/user.ts';
import type { Actor } from '../../lib/actor.ts';
import { env } from '../../lib/env.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { scheduledTasksFor } from '../schedules/schedules.ts';
import { getUser } from '../user/user.ts';
import { type FeedEvent, toICalendar } from './icalendar.ts';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');
const DAY_MS = 86_400_000;
const FEED_GONE = 'This calendar feed does not exist or was revoked.';

export { toICalendar };

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
  // Removing the profile's token ends every token of the user, also any made concurrently (see feedFor).
  await CalendarFeedEntity.delete({ tokenHash: user.feedTokenHash }).go({ response: 'none' });
  await UserEntity.patch({ userId: actor.userId }).remove(['feedTokenHash']).go({ response: 'none' });
}

/**
 * The feed: every scheduled task of the owner that has an occurrence from a week back on — a series as
 * one event with its rule, however far it runs. A token is live only while it is the one on the owner's
 * profile (read strongly consistent): tokens made concurrently, of which only the last could be recorded
 * there, and every token once the feed is revoked, answer 404; such a leftover item is deleted on sight.
 */
export async function feedFor(token: string, now = new Date()): Promise<string> {
  const tokenHash = hash(token);
  const feed = (await CalendarFeedEntity.get({ tokenHash }).go()).data;
  const owner = feed && (await UserEntity.get({ userId: feed.userId }).go({ consistent: true })).data;
  if (!feed || owner?.feedTokenHash !== tokenHash) {
    if (feed) await CalendarFeedEntity.delete({ tokenHash }).go({ response: 'none' });
    throw new NotFoundError(FEED_GONE);
  }
  const from = feedWindow(now).startDate;
  const events: FeedEvent[] = (await scheduledTasksFor({ userId: feed.userId, username: feed.userId }))
    .filter(({ task }) => occursFrom(task.schedule, from))
    .map(({ task, group }) => ({
      taskId: task.taskId,
      title: task.title,
      description: task.description,
      category: group?.title ?? '',
      schedule: task.schedule,
    }));
  return toICalendar(events, now);
}
