/** The rules of survey confirmations and the affiliation (decisions D77). */
import { describe, expect, it } from 'vitest';
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
