/** The rules of survey confirmations and the affiliation (decisions D77). */
import { describe, expect, it } from 'vitest';
import {
  canResend,
  effectiveInvitationStatus,
  expiredWhenDue,
  INVITATION_STATUSES,
} from '../src/groups/invitations.ts';
import {
  affiliateOf,
  canResendConfirmation,
  effectiveConfirmationStatus,
  SURVEY_CONFIRMATION_MESSAGES,
  type SurveyConfirmationView,
  sendConfirmationInput,
  updateConfirmationInput,
} from '../src/surveys/confirmations.ts';
import { surveyInput } from '../src/surveys/surveys.ts';

const now = new Date('2026-05-01T12:00:00Z');

describe('a confirmation’s status', () => {
  it('a pending one past its expiry reads as expired; a confirmed one never expires', () => {
    expect(effectiveConfirmationStatus('pending', '2026-05-01T12:00:01Z', now)).toBe('pending');
    expect(effectiveConfirmationStatus('pending', '2026-05-01T12:00:00Z', now)).toBe('expired');
    expect(effectiveConfirmationStatus('confirmed', '2026-04-01T00:00:00Z', now)).toBe('confirmed');
  });

  it('is sent again only while pending or expired', () => {
    expect(canResendConfirmation('pending')).toBe(true);
    expect(canResendConfirmation('expired')).toBe(true);
    expect(canResendConfirmation('confirmed')).toBe(false);
  });
});

describe('one rule for confirmations and invitations (D85)', () => {
  it('a confirmation is resent by the invitations’ own rule, not a copy of it', () => {
    expect(canResendConfirmation).toBe(canResend);
    const resendable = INVITATION_STATUSES.filter(canResend);
    expect(resendable).toEqual(['pending', 'expired']);
  });

  it('a pending one expires at the same instant, whether an invitation or a confirmation', () => {
    const expiresAt = '2026-05-01T12:00:00Z';
    const instants = ['2026-05-01T11:59:59.999Z', '2026-05-01T12:00:00Z', '2026-05-01T12:00:00.001Z'];
    for (const at of instants) {
      const when = new Date(at);
      expect(effectiveConfirmationStatus('pending', expiresAt, when)).toBe(
        effectiveInvitationStatus('pending', expiresAt, when),
      );
      expect(expiredWhenDue('pending', expiresAt, when)).toBe(
        when.getTime() < Date.parse(expiresAt) ? 'pending' : 'expired',
      );
    }
    // Only pending expires: every other status stays as stored, long after the expiry.
    const later = new Date('2027-01-01T00:00:00Z');
    for (const s of INVITATION_STATUSES.filter((s) => s !== 'pending'))
      expect(effectiveInvitationStatus(s, expiresAt, later)).toBe(s);
    expect(effectiveConfirmationStatus('confirmed', expiresAt, later)).toBe('confirmed');
  });
});

describe('the affiliate', () => {
  const c = (id: string, status: SurveyConfirmationView['status'], confirmedAt: string | null) =>
    ({
      id,
      survey: { id: `sv-${id}`, title: id, kind: 'general' },
      email: 'a@example.com',
      status,
      sentAt: '2026-04-01T00:00:00Z',
      expiresAt: '2026-04-03T00:00:00Z',
      confirmedAt,
      sendCount: 1,
    }) as SurveyConfirmationView;

  it('is the survey of the earliest confirmed confirmation, or none', () => {
    expect(affiliateOf([])).toBeNull();
    expect(affiliateOf([c('a', 'pending', null), c('b', 'expired', null)])).toBeNull();
    const list = [
      c('new', 'confirmed', '2026-04-20T00:00:00Z'),
      c('waiting', 'pending', null),
      c('first', 'confirmed', '2026-04-02T00:00:00Z'),
    ];
    expect(affiliateOf(list)?.id).toBe('sv-first');
  });
});

describe('inputs', () => {
  it('a send needs the answers’ token', () => {
    expect(sendConfirmationInput.safeParse({ token: 'sv-x.y.z' }).success).toBe(true);
    const empty = sendConfirmationInput.safeParse({ token: '' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe(SURVEY_CONFIRMATION_MESSAGES.tokenRequired);
    expect(sendConfirmationInput.safeParse({}).success).toBe(false);
    expect(sendConfirmationInput.safeParse({ token: 'x', email: 'b@example.com' }).success).toBe(false);
  });

  it('an update is a resend or a confirm with its code', () => {
    expect(updateConfirmationInput.safeParse({ action: 'resend' }).success).toBe(true);
    expect(updateConfirmationInput.safeParse({ action: 'confirm', code: 'abc' }).success).toBe(true);
    expect(updateConfirmationInput.safeParse({ action: 'confirm' }).success).toBe(false);
    expect(updateConfirmationInput.safeParse({ action: 'confirm', code: '' }).success).toBe(false);
    expect(updateConfirmationInput.safeParse({ action: 'delete' }).success).toBe(false);
  });

  it('a survey is general unless made for business planning', () => {
    const base = { title: 'T', questions: [{ type: 'text', prompt: 'Q' }] };
    expect(surveyInput.parse(base).kind).toBe('general');
    expect(surveyInput.parse({ ...base, kind: 'business-plan' }).kind).toBe('business-plan');
    expect(surveyInput.safeParse({ ...base, kind: 'other' }).success).toBe(false);
  });
});
