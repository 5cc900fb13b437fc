/**
 * The one path for telling people (issue 12 item 6; decisions D39): a caller says what happened and
 * to whom; this decides, by each person's settings for that kind (channelsFor in @tandem/shared),
 * which channels carry it, and delivers:
 *
 * - in-app: a notification item (notifications.ts). Its insert travels the table's stream to the
 *   consumer, which posts a `notification` event to the person's sockets (streams/notification-events.ts);
 * - e-mail: the mailer, with the text the caller builds (the caller knows its links and words);
 * - push: queued through push-channel.ts for the person's devices, sent by the stream consumer.
 *
 * Someone named by e-mail only is looked up by address; without an account they have no settings
 * and no inbox in the app: they get the e-mail. The due-today reminder, delegation (by assignment
 * and by e-mail invitation), group and meeting invitations and chat messages (template new_message,
 * as a digest: digest.ts) come through here.
 */
import {
  channelsFor,
  mergeNotificationSettings,
  type NotificationChannel,
  type NotificationSubject,
  type NotificationTemplate,
  notificationLink,
} from '@tandem/shared';
import { UserEntity } from '../../db/entities/user.ts';
import { logger } from '../../lib/logger.ts';
import { type Mail, sendMail } from '../../lib/mailer.ts';
import type { UserRecord } from '../access/users.ts';
import { addToDigest } from './digest.ts';
import { makeNotification } from './notifications.ts';
import { pushSender } from './push-channel.ts';

/** A person to tell: by account (id, or the record when the caller has it), or by e-mail address. */
export type Recipient = { userId: string; user?: UserRecord } | { email: string };

export interface Telling {
  template: NotificationTemplate;
  /** What it is about: the notification links there. */
  subject: NotificationSubject;
  /** The words of the in-app text (taskTitle, byName…) and the ids it links to (taskId, groupId). */
  variables: Record<string, string | number>;
  to: readonly Recipient[];
  /** The e-mail to this address (the person's record when they have an account), or null for none. */
  mail?: (email: string, user: UserRecord | null) => Mail | null;
  /** The push's words; without it, push is not offered. */
  push?: { title: string; body: string };
  /** A stable key of the event (a stream record's id): telling again with it makes no second notification. */
  key?: string;
  /**
   * For a digest template (new_message): how many events this telling counts. The person's one unread
   * notification of the subject is updated in place (digest.ts); e-mail and push go only when a new
   * digest begins. Needs `key`.
   */
  digest?: { count: number };
  now?: Date;
}

export interface Told {
  userId: string | null;
  email: string | null;
  /** The channels that carried it. */
  channels: NotificationChannel[];
}

type Person = { userId: string | null; email: string | null; user: UserRecord | null };

async function resolve(to: readonly Recipient[]): Promise<Person[]> {
  const ids = to.flatMap((r) => ('userId' in r && !r.user ? [r.userId] : []));
  const byId = new Map<string, UserRecord>();
  if (ids.length > 0) {
    const { data, unprocessed } = await UserEntity.get([...new Set(ids)].map((userId) => ({ userId }))).go();
    if (unprocessed.length > 0) throw new Error('DynamoDB left user reads unprocessed');
    for (const u of data) byId.set(u.userId, u);
  }
  return Promise.all(
    to.map(async (r): Promise<Person> => {
      if ('userId' in r) {
        const user = r.user ?? byId.get(r.userId) ?? null;
        return { userId: r.userId, email: user?.email ?? null, user };
      }
      const email = r.email.toLowerCase();
      const { data } = await UserEntity.query.byEmail({ email }).go({ limit: 1 });
      const user = (data[0] as UserRecord | undefined) ?? null;
      return { userId: user?.userId ?? null, email, user };
    }),
  );
}

/** Tells each person by the channels their settings choose for the kind; answers what went where. */
export async function tell(t: Telling): Promise<Told[]> {
  const now = t.now ?? new Date();
  const people = await resolve(t.to);
  return Promise.all(
    people.map(async (p): Promise<Told> => {
      const mail = p.email && t.mail ? t.mail(p.email, p.user) : null;
      const wanted = channelsFor(
        t.template,
        p.user ? { settings: mergeNotificationSettings(p.user.config?.notifications) } : null,
        mail !== null,
      );
      const used: NotificationChannel[] = [];
      let notificationId: string | null = null;
      if (t.digest && p.userId) {
        const d = await addToDigest(
          p.userId,
          t.template,
          t.subject,
          t.variables,
          t.digest.count,
          t.key ?? `${now.getTime()}`,
          now,
          wanted.has('inApp'),
        );
        if (!d.counted) return { userId: p.userId, email: p.email, channels: [] };
        if (wanted.has('inApp')) used.push('inApp');
        // Counted into a digest already told: the notification changed; no e-mail or push again.
        if (!d.created) return { userId: p.userId, email: p.email, channels: used };
        notificationId = d.id;
      } else if (wanted.has('inApp') && p.userId) {
        const made = await makeNotification(p.userId, t.template, t.subject, t.variables, now, t.key);
        // Told before (the same event again, at least once): no second e-mail or push either.
        if (!made.created) return { userId: p.userId, email: p.email, channels: [] };
        notificationId = made.id;
        used.push('inApp');
      }
      if (wanted.has('email') && mail) {
        await sendMail(mail);
        used.push('email');
      }
      if (wanted.has('push') && p.userId && t.push) {
        try {
          const queued = await pushSender(p.userId, {
            notificationId,
            template: t.template,
            ...t.push,
            url: notificationLink({ templateName: t.template, variables: t.variables }),
          });
          if (queued) used.push('push');
        } catch (e) {
          // A push is a courtesy: the notification and the e-mail stand without it.
          logger.warn('push not sent', { template: t.template, error: String(e) });
        }
      }
      return { userId: p.userId, email: p.email, channels: used };
    }),
  );
}
