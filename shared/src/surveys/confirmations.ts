/**
 * Survey confirmations and the caller's affiliation (spec 002 §7 "AI and surveys": POST
 * /survey/confirmation/send, PUT /survey/confirmation/send/{id}, GET /survey/affiliation; the spec gives
 * them no behaviour, so the design is ours: decisions D77, docs/api/surveys.md).
 *
 * - A signed-in person who answered a survey (and holds the response's access token) asks for a
 *   confirmation: a record tying the response to their account, and an e-mail to their account's
 *   address with a link holding a one-time code. Opening the link (signed in as that person) confirms.
 * - Status: `pending` (mailed, waiting for the link), `confirmed`, or `expired` (pending past its
 *   `expiresAt`; computed on read, never stored). A resend, like an invitation's, is only for a pending
 *   or expired confirmation: it makes a new code (the old link stops working) and a new expiry.
 * - One confirmation per response. Sending and resending count against the person's limit per minute.
 * - The affiliation: the person's confirmations, newest first, and the affiliate they came through —
 *   the survey of their earliest confirmed confirmation (its code is the affiliate id of
 *   GET /survey/config and GET /business-plan-survey).
 */
import * as z from 'zod/mini';
import { canResend, expiredWhenDue } from '../groups/invitations.ts';
import type { SurveyKind } from './surveys.ts';

export const SURVEY_CONFIRMATION_LIMITS = {
  /** How long a mailed link works. */
  expiresHours: 48,
  /** Sends and resends one person may ask for in a minute (429 past it). */
  sendsPerMinute: 5,
  /** Confirmations one person keeps (and the affiliation lists). */
  maxPerPerson: 100,
} as const;

export const SURVEY_CONFIRMATION_STATUSES = ['pending', 'confirmed', 'expired'] as const;
export type SurveyConfirmationStatus = (typeof SURVEY_CONFIRMATION_STATUSES)[number];
/** What is stored; `expired` is only ever computed. */
export type StoredConfirmationStatus = Exclude<SurveyConfirmationStatus, 'expired'>;

export const SURVEY_CONFIRMATION_MESSAGES = {
  tokenRequired: 'The access token of your answers is missing.',
  codeRequired: 'The confirmation code is missing.',
  already: 'These answers have a confirmation already; send it again from there.',
  tooMany: `You can keep at most ${SURVEY_CONFIRMATION_LIMITS.maxPerPerson} confirmations.`,
  notResendable: 'Only a pending or expired confirmation can be sent again.',
  expired: 'This confirmation link has expired. Send it again to get a new one.',
  changed: 'This confirmation changed meanwhile. Reload and try again.',
  noEmail: 'Your account has no e-mail address to send the confirmation to.',
  wrongCode: 'This confirmation link is not valid any more. Use the newest e-mail.',
} as const;

/** A confirmation id: `sc-` and 16 URL-safe characters. */
export const SURVEY_CONFIRMATION_ID_PATTERN = /^sc-[A-Za-z0-9_-]{16}$/;

/** The status as shown: a pending confirmation past its expiry is expired (the invitations' rule). */
export const effectiveConfirmationStatus = (
  stored: StoredConfirmationStatus,
  expiresAt: string,
  now: Date,
): SurveyConfirmationStatus => expiredWhenDue(stored, expiresAt, now);

/** Sent again only while pending or expired: the invitations' resend rule itself (D85). */
export const canResendConfirmation: (status: SurveyConfirmationStatus) => boolean = canResend;

/** POST /survey/confirmation/send {token}: the access token the answers' submission gave. */
export const sendConfirmationInput = z.strictObject({
  token: z
    .string({ error: SURVEY_CONFIRMATION_MESSAGES.tokenRequired })
    .check(z.minLength(1, SURVEY_CONFIRMATION_MESSAGES.tokenRequired), z.maxLength(200)),
});
export type SendConfirmationInput = z.infer<typeof sendConfirmationInput>;

/** PUT /survey/confirmation/send/{id}: `resend`, or `confirm` with the code from the e-mail. */
export const updateConfirmationInput = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('resend') }),
  z.strictObject({
    action: z.literal('confirm'),
    code: z
      .string({ error: SURVEY_CONFIRMATION_MESSAGES.codeRequired })
      .check(z.minLength(1, SURVEY_CONFIRMATION_MESSAGES.codeRequired), z.maxLength(100)),
  }),
]);
export type UpdateConfirmationInput = z.infer<typeof updateConfirmationInput>;

/** A confirmation as its owner sees it. */
export interface SurveyConfirmationView {
  id: string;
  survey: { id: string; title: string; kind: SurveyKind };
  email: string;
  status: SurveyConfirmationStatus;
  sentAt: string;
  expiresAt: string;
  confirmedAt: string | null;
  sendCount: number;
}

/** GET /survey/affiliation. */
export interface SurveyAffiliationView {
  /** The survey of the earliest confirmed confirmation, or null. */
  affiliate: { id: string; title: string; kind: SurveyKind } | null;
  confirmations: SurveyConfirmationView[];
}

/** The affiliate: the survey of the earliest confirmed confirmation (the list is newest first). */
export function affiliateOf(confirmations: SurveyConfirmationView[]): SurveyAffiliationView['affiliate'] {
  const confirmed = confirmations.filter((c) => c.status === 'confirmed' && c.confirmedAt);
  if (!confirmed.length) return null;
  const first = confirmed.reduce((a, b) => ((b.confirmedAt ?? '') < (a.confirmedAt ?? '') ? b : a));
  return first.survey;
}
