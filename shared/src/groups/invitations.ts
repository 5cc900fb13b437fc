/** Invitation states and rules (spec 000 §4, 002 §4), shared by group, delegation and attendee invitations. */
import * as z from 'zod/mini';

export const INVITATION_STATUSES = ['pending', 'expired', 'refused', 'on-hold', 'accepted'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** An invitation link works for 7 days (docs/decisions.md D6); a resend makes a new link. */
export const INVITATION_TTL_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

export const invitationExpiresAt = (sentAt: Date) =>
  new Date(sentAt.getTime() + INVITATION_TTL_DAYS * DAY_MS);

/**
 * The one rule of everything mailed with a link that expires — invitations of every kind and survey
 * confirmations (D77, D85): pending past its expiry reads as expired (never stored so); every other
 * status is final as stored.
 */
export function expiredWhenDue<S extends string>(status: S, expiresAt: string, now: Date): S | 'expired' {
  return status === 'pending' && now.getTime() >= Date.parse(expiresAt) ? 'expired' : status;
}

/** Pending past its expiry reads as expired; every other status is final as stored. */
export const effectiveInvitationStatus = (
  status: InvitationStatus,
  expiresAt: string,
  now: Date,
): InvitationStatus => expiredWhenDue(status, expiresAt, now);

/**
 * A resend (a new link and expiry, the old link stops working) is allowed only for a pending or an
 * expired one: an invitation or a survey confirmation alike (D85).
 */
export const canResend = (s: string): s is 'pending' | 'expired' => s === 'pending' || s === 'expired';

/** The pending badge counts pending, expired and refused invitees. */
export const countsForPendingBadge = (s: InvitationStatus) =>
  s === 'pending' || s === 'expired' || s === 'refused';

/** Answers to an invitation: 1 accept, 0 decline. */
export const INVITATION_ACTIONS = { decline: 0, accept: 1 } as const;

/** The simple e-mail check of spec 000 §5: text, at sign, text, dot, text. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
/** The longest address SMTP carries (RFC 5321: 254 characters in a path). */
export const MAX_EMAIL_LENGTH = 254;

/** An e-mail address as every form takes it: required, the simple check, at most 254 characters, lower case. */
export const emailAddress = z.pipe(
  z.string({ error: 'Enter an e-mail address.' }).check(
    z.trim(),
    z.minLength(1, 'Enter an e-mail address.'),
    z.maxLength(MAX_EMAIL_LENGTH, `An e-mail address has at most ${MAX_EMAIL_LENGTH} characters.`),
    z.refine((v) => EMAIL_PATTERN.test(v), 'Enter a valid e-mail address.'),
  ),
  z.transform(normaliseEmail),
);
