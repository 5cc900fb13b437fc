/**
 * Abuse controls of the public request page with no third-party service (decisions D68):
 *
 * - Rate limits: a fixed one-minute window per address and per link, each an item whose count one
 *   UpdateItem adds to (ADD is atomic, so racing submissions cannot both slip under the limit); the
 *   items expire after two minutes (TTL). Over the limit answers 429 with Retry-After.
 * - The form ticket: opening the page's form (GET /request-links/public/{id}) writes a ticket; a
 *   submission must bring one of the same link that is at least REQUEST_ABUSE.minSubmitMs old (a
 *   robot posts at once) and not older than a day. The submission spends it (a conditional delete),
 *   so one ticket makes one task.
 */
import { randomBytes } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { errorCodes, messages } from '@tandem/shared';
import { REQUEST_ABUSE, REQUEST_LINK_MESSAGES } from '@tandem/shared/request-links/rules';
import { documentClient } from '../../db/client.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import { HttpError, ValidationError } from '../../lib/errors.ts';

export class TooManyRequestsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, errorCodes.tooManyRequests, messages.tooManyRequests);
  }
}

/** Counts one submission in this minute's window of `key`; throws 429 past `limit`. */
async function countIn(key: string, limit: number, now: Date): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  const r = await documentClient.send(
    new UpdateCommand({
      TableName: env.tableName,
      Key: { pk: `RLRATE#${key}`, sk: `m#${minute}` },
      UpdateExpression: 'ADD #n :one SET #ttl = if_not_exists(#ttl, :ttl)',
      ExpressionAttributeNames: { '#n': 'count', '#ttl': 'ttl' },
      ExpressionAttributeValues: { ':one': 1, ':ttl': (minute + 2) * 60 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(r.Attributes?.count ?? 0);
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
  await documentClient.send(
    new PutCommand({
      TableName: env.tableName,
      Item: {
        pk: `RLFORM#${token}`,
        sk: 'form',
        linkId,
        issuedAt: now.getTime(),
        ttl: Math.floor(now.getTime() / 1000) + REQUEST_ABUSE.formTicketSeconds,
      },
    }),
  );
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
  const r = await documentClient.send(
    new GetCommand({ TableName: env.tableName, Key: { pk: `RLFORM#${token}`, sk: 'form' } }),
  );
  const t = r.Item as { linkId: string; issuedAt: number } | undefined;
  const age = t ? now.getTime() - t.issuedAt : -1;
  if (!t || t.linkId !== linkId || age > REQUEST_ABUSE.formTicketSeconds * 1000)
    throw new ValidationError({ form_token: REQUEST_LINK_MESSAGES.formExpired });
  if (soonest && age < REQUEST_ABUSE.minSubmitMs)
    throw new ValidationError({ form_token: REQUEST_LINK_MESSAGES.tooFast });
}

/** Spends the ticket; a ticket spent already (a second submission with it) is refused. */
export async function spendFormTicket(token: string): Promise<void> {
  try {
    await documentClient.send(
      new DeleteCommand({
        TableName: env.tableName,
        Key: { pk: `RLFORM#${token}`, sk: 'form' },
        ConditionExpression: 'attribute_exists(pk)',
      }),
    );
  } catch (e) {
    if (isConditionFailed(e)) throw new ValidationError({ form_token: REQUEST_LINK_MESSAGES.formExpired });
    throw e;
  }
}
