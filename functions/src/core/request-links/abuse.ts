/**
 * Abuse controls of the public request page with no third-party service (decisions D68):
 *
 * - Rate limits: a fixed one-minute window per address and per link, each an item whose count one
 *   UpdateItem adds to (ADD is atomic, so racing submissions cannot both slip under the limit); the
 *   items expire after two minutes (TTL; db/request-links.ts). Over the limit answers 429 with Retry-After.
 * - The form ticket: opening the page's form (GET /request-links/public/{id}) writes a ticket; a
 *   submission must bring one of the same link that is at least REQUEST_ABUSE.minSubmitMs old (a
 *   robot posts at once) and not older than a day. The submission spends it (a conditional delete),
 *   so one ticket makes one task.
 */
import { randomBytes } from 'node:crypto';
import { errorCodes, messages } from '@tandem/shared';
import { REQUEST_ABUSE, REQUEST_LINK_MESSAGES } from '@tandem/shared/request-links/constants';
import { FormTicketEntity, RateWindowEntity } from '../../db/request-links.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { HttpError, ValidationError } from '../../lib/errors.ts';

export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, errorCodes.tooManyRequests, messages.tooManyRequests);
  }
}

/** Counts one submission in this minute's window of `key` (an atomic ADD); throws 429 past `limit`. */
async function countIn(key: string, limit: number, now: Date): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  const r = await RateWindowEntity.update({ key, minute })
    .add({ count: 1 })
    .set({ ttl: (minute + 2) * 60 })
    .go({ response: 'updated_new' });
  const count = Number(r.data.count ?? 0);
  if (count > limit) throw new TooManyRequestsError(60 - Math.floor((now.getTime() % 60_000) / 1000));
}

/** Per address and per link (both counted, whichever is over answers 429). */
export async function rateLimit(ip: string, linkId: string, now = new Date()): Promise<void> {
  await Promise.all([
    countIn(`ip#${ip}`, REQUEST_ABUSE.perIpPerMinute, now),
    countIn(`link#${linkId}`, REQUEST_ABUSE.perLinkPerMinute, now),
  ]);
}

/** A new form ticket for the link (its id is what the page sends back as form_token). */
export async function issueFormTicket(linkId: string, now = new Date()): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await FormTicketEntity.create({
    token,
    linkId,
    issuedAt: now.getTime(),
    ttl: Math.floor(now.getTime() / 1000) + REQUEST_ABUSE.formTicketSeconds,
  }).go({ response: 'none' });
  return token;
}

/**
 * The ticket, checked for this link and its age (without spending it). `soonest: false` skips the
 * minimum time (a voice note's upload starts as soon as the form opens).
 */
export async function checkFormTicket(
  token: string,
  linkId: string,
  now = new Date(),
  soonest = true,
): Promise<void> {
  const t = token.length <= 64 ? (await FormTicketEntity.get({ token }).go()).data : null;
  const age = t ? now.getTime() - t.issuedAt : -1;
  if (!t || t.linkId !== linkId || age > REQUEST_ABUSE.formTicketSeconds * 1000)
    throw new ValidationError({ form_token: REQUEST_LINK_MESSAGES.formExpired });
  if (soonest && age < REQUEST_ABUSE.minSubmitMs)
    throw new ValidationError({ form_token: REQUEST_LINK_MESSAGES.tooFast });
}

/** Spends the ticket; a ticket spent already (a second submission with it) is refused. */
export async function spendFormTicket(token: string): Promise<void> {
  try {
    await FormTicketEntity.remove({ token }).go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw new ValidationError({ form_token: REQUEST_LINK_MESSAGES.formExpired });
    throw e;
  }
}
