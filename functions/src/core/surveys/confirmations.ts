/**
 * Survey confirmations and the caller's affiliation (spec 002 §7; decisions D77; the rules in
 * shared/src/surveys/confirmations.ts). A signed-in person proves a response is theirs with its access
 * token; the confirmation is mailed to their account's address; only they see or change it (anyone
 * else gets 404). Sends and resends count in a one-minute window per person (429 past the limit);
 * input that fails its checks is refused before anything is counted or written.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { canResend } from '@tandem/shared/groups/invitations';
import {
  affiliateOf,
  effectiveConfirmationStatus,
  type SendConfirmationInput,
  type StoredConfirmationStatus,
  SURVEY_CONFIRMATION_ID_PATTERN,
  SURVEY_CONFIRMATION_LIMITS,
  SURVEY_CONFIRMATION_MESSAGES,
  type SurveyAffiliationView,
  type SurveyConfirmationView,
  type UpdateConfirmationInput,
} from '@tandem/shared/surveys/confirmations';
import type { SurveyKind } from '@tandem/shared/surveys/surveys';
import { SurveyEntity, SurveyResponseEntity } from '../../db/entities/survey.ts';
import { SurveyConfirmationEntity } from '../../db/entities/survey-confirmation.ts';
import { RateWindowEntity } from '../../db/request-links.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { type Mail, sendMail } from '../../lib/mailer.ts';
import { TooManyRequestsError } from '../request-links/abuse.ts';
import { getUser } from '../user/user.ts';
import { hash, responseByToken } from './surveys.ts';

interface ConfirmationRecord {
  confirmationId: string;
  userId: string;
  surveyId: string;
  responseId: string;
  email: string;
  status: StoredConfirmationStatus;
  codeHash: string;
  sentAt: string;
  expiresAt: string;
  confirmedAt?: string;
  sendCount: number;
  createdAt: string;
}
type SurveyRef = { id: string; title: string; kind: SurveyKind };

const view = (c: ConfirmationRecord, survey: SurveyRef, now: Date): SurveyConfirmationView => ({
  id: c.confirmationId,
  survey,
  email: c.email,
  status: effectiveConfirmationStatus(c.status, c.expiresAt, now),
  sentAt: c.sentAt,
  expiresAt: c.expiresAt,
  confirmedAt: c.confirmedAt ?? null,
  sendCount: c.sendCount,
});

const expiry = (now: Date) =>
  new Date(now.getTime() + SURVEY_CONFIRMATION_LIMITS.expiresHours * 3_600_000).toISOString();

/** Counts one send in this minute's window of the person (an atomic ADD); 429 past the limit. */
async function countSend(userId: string, now: Date): Promise<void> {
  const minute = Math.floor(now.getTime() / 60_000);
  const r = await RateWindowEntity.update({ key: `survey-confirm#${userId}`, minute })
    .add({ count: 1 })
    .set({ ttl: (minute + 2) * 60 })
    .go({ response: 'updated_new' });
  if (Number(r.data.count ?? 0) > SURVEY_CONFIRMATION_LIMITS.sendsPerMinute)
    throw new TooManyRequestsError(60 - Math.floor((now.getTime() % 60_000) / 1000));
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function confirmationMail(to: string, title: string, id: string, code: string, expiresAt: string): Mail {
  const link = `${env.appUrl}/survey-confirmation/?confirmation=${id}&code=${code}`;
  const until = `${expiresAt.slice(0, 16).replace('T', ' ')} UTC`;
  return {
    to,
    subject: `Confirm your answers to “${title}”`,
    text: `You answered the survey “${title}”. Open this link to confirm your answers (it works until ${until}):\n\n${link}\n\nIf you did not ask for this, ignore this e-mail.`,
    html: `<p>You answered the survey “${esc(title)}”. Open this link to confirm your answers (it works until ${until}):</p><p><a href="${esc(link)}">Confirm my answers</a></p><p>If you did not ask for this, ignore this e-mail.</p>`,
  };
}

/** POST /survey/confirmation/send {token}: a confirmation of the token's response, mailed to the caller. */
export async function sendSurveyConfirmation(
  actor: Actor,
  input: SendConfirmationInput,
  now = new Date(),
): Promise<SurveyConfirmationView> {
  const { survey, response } = await responseByToken(input.token);
  if (response.confirmationId) throw new ConflictError(SURVEY_CONFIRMATION_MESSAGES.already);
  const mine = await SurveyConfirmationEntity.query
    .byUser({ userId: actor.userId })
    .go({ pages: 'all', attributes: ['confirmationId'] });
  if (mine.data.length >= SURVEY_CONFIRMATION_LIMITS.maxPerPerson)
    throw new ValidationError({ token: SURVEY_CONFIRMATION_MESSAGES.tooMany });
  const user = await getUser(actor);
  if (!user.email) throw new ValidationError({ token: SURVEY_CONFIRMATION_MESSAGES.noEmail });
  await countSend(actor.userId, now);
  const code = randomBytes(24).toString('base64url');
  const record: ConfirmationRecord = {
    confirmationId: `sc-${randomBytes(12).toString('base64url')}`,
    userId: actor.userId,
    surveyId: survey.surveyId,
    responseId: response.responseId,
    email: user.email,
    status: 'pending',
    codeHash: hash(code),
    sentAt: now.toISOString(),
    expiresAt: expiry(now),
    sendCount: 1,
    createdAt: now.toISOString(),
  };
  // The answers take the confirmation's id first, on the condition they have none: of two sends racing
  // for the same answers one wins; a failed write of the record gives the answers back.
  try {
    await SurveyResponseEntity.patch({ surveyId: survey.surveyId, responseId: response.responseId })
      .set({ confirmationId: record.confirmationId })
      .where((a, op) => op.notExists(a.confirmationId))
      .go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw new ConflictError(SURVEY_CONFIRMATION_MESSAGES.already);
    throw e;
  }
  try {
    await SurveyConfirmationEntity.create(record).go({ response: 'none' });
  } catch (e) {
    await SurveyResponseEntity.patch({ surveyId: survey.surveyId, responseId: response.responseId })
      .remove(['confirmationId'])
      .go({ response: 'none' })
      .catch(() => undefined);
    throw e;
  }
  await sendMail(confirmationMail(record.email, survey.title, record.confirmationId, code, record.expiresAt));
  return view(record, { id: survey.surveyId, title: survey.title, kind: survey.kind ?? 'general' }, now);
}

async function ownConfirmation(actor: Actor, id: string): Promise<ConfirmationRecord> {
  const c = SURVEY_CONFIRMATION_ID_PATTERN.test(id)
    ? (await SurveyConfirmationEntity.get({ confirmationId: id }).go()).data
    : null;
  if (!c || c.userId !== actor.userId) throw new NotFoundError();
  return c;
}

async function surveyRef(surveyId: string): Promise<SurveyRef> {
  const s = (await SurveyEntity.get({ surveyId }).go()).data;
  // A deleted survey keeps its confirmations readable by their owner.
  return s
    ? { id: surveyId, title: s.title, kind: s.kind ?? 'general' }
    : { id: surveyId, title: '', kind: 'general' };
}

/**
 * PUT /survey/confirmation/send/{id}: `resend` (a pending or expired one: a new code and expiry, the old
 * link stops working) or `confirm` with the mailed code (a confirmed one stays confirmed).
 */
export async function updateSurveyConfirmation(
  actor: Actor,
  id: string,
  input: UpdateConfirmationInput,
  now = new Date(),
): Promise<SurveyConfirmationView> {
  const c = await ownConfirmation(actor, id);
  const status = effectiveConfirmationStatus(c.status, c.expiresAt, now);
  let next: ConfirmationRecord;
  let code: string | null = null;
  if (input.action === 'resend') {
    if (!canResend(status)) throw new ValidationError({ action: SURVEY_CONFIRMATION_MESSAGES.notResendable });
    await countSend(actor.userId, now);
    code = randomBytes(24).toString('base64url');
    next = {
      ...c,
      status: 'pending',
      codeHash: hash(code),
      sentAt: now.toISOString(),
      expiresAt: expiry(now),
      sendCount: c.sendCount + 1,
    };
  } else {
    if (status === 'confirmed') return view(c, await surveyRef(c.surveyId), now);
    const given = Buffer.from(hash(input.code));
    if (given.length !== c.codeHash.length || !timingSafeEqual(given, Buffer.from(c.codeHash)))
      throw new ValidationError({ code: SURVEY_CONFIRMATION_MESSAGES.wrongCode });
    if (status === 'expired') throw new ValidationError({ code: SURVEY_CONFIRMATION_MESSAGES.expired });
    next = { ...c, status: 'confirmed', confirmedAt: now.toISOString() };
  }
  try {
    // Against what was read: a resend or confirm that raced this one loses with 409.
    await SurveyConfirmationEntity.patch({ confirmationId: c.confirmationId })
      .set({
        status: next.status,
        codeHash: next.codeHash,
        sentAt: next.sentAt,
        expiresAt: next.expiresAt,
        sendCount: next.sendCount,
        ...(next.confirmedAt ? { confirmedAt: next.confirmedAt } : {}),
      })
      .where((a, op) => `${op.eq(a.sendCount, c.sendCount)} AND ${op.eq(a.status, c.status)}`)
      .go({ response: 'none' });
  } catch (e) {
    if (isConditionFailed(e)) throw new ConflictError(SURVEY_CONFIRMATION_MESSAGES.changed);
    throw e;
  }
  const survey = await surveyRef(c.surveyId);
  if (code)
    await sendMail(confirmationMail(next.email, survey.title, next.confirmationId, code, next.expiresAt));
  return view(next, survey, now);
}

/** GET /survey/affiliation: the caller's confirmations (newest first) and the affiliate they came through. */
export async function surveyAffiliation(actor: Actor, now = new Date()): Promise<SurveyAffiliationView> {
  const r = await SurveyConfirmationEntity.query
    .byUser({ userId: actor.userId })
    .go({ order: 'desc', limit: SURVEY_CONFIRMATION_LIMITS.maxPerPerson });
  const records = r.data;
  if (!records.length) return { affiliate: null, confirmations: [] };
  const ids = [...new Set(records.map((c) => c.surveyId))];
  const surveys = await SurveyEntity.get(ids.map((surveyId) => ({ surveyId }))).go();
  const byId = new Map(
    surveys.data.map((s) => [
      s.surveyId,
      { id: s.surveyId, title: s.title, kind: s.kind ?? 'general' } as SurveyRef,
    ]),
  );
  const confirmations = records.map((c) =>
    view(c, byId.get(c.surveyId) ?? { id: c.surveyId, title: '', kind: 'general' }, now),
  );
  return { affiliate: affiliateOf(confirmations), confirmations };
}
