/**
 * The survey calls of 002 §7 with no given behaviour (decisions D77), through the stack's gateway:
 * an affiliate's business planning survey by its code; a confirmation of one's answers mailed to one's
 * account, confirmed from the mail's link, resent only while pending or expired, only by its owner
 * (404 to anyone else), limited per person per minute; the affiliation; bad input writes nothing.
 */
import {
  SURVEY_CONFIRMATION_LIMITS,
  SURVEY_CONFIRMATION_MESSAGES,
} from '@tandem/shared/surveys/confirmations';
import { SURVEY_LIMITS, SURVEY_MESSAGES } from '@tandem/shared/surveys/surveys';
import { beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../../../scripts/src/local/mail/wait-for-mail.ts';
import { SurveyEntity } from '../../src/db/entities/survey.ts';
import { SurveyConfirmationEntity } from '../../src/db/entities/survey-confirmation.ts';
import { person, publicApi, stack } from './support.ts';

type Person = Awaited<ReturnType<typeof person>>;
const QUESTIONS = [
  { type: 'single', prompt: 'Where are you?', options: ['Planning', 'Running'], required: true },
];

let owner: Person;
beforeAll(async () => {
  owner = await person('Affiliate');
});

async function newSurvey(kind?: string) {
  const r = await owner.api.post('/survey', {
    title: 'Plan check',
    questions: QUESTIONS,
    ...(kind ? { kind } : {}),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; kind: string };
}

/** Answers a fresh survey of the owner's without signing in: the response's access token. */
async function answered(kind?: string) {
  const s = await newSurvey(kind);
  const r = await publicApi().post('/survey/confirmation', {
    survey: s.id,
    answers: [{ question_id: 'q1', value: 'Planning' }],
  });
  expect(r.status).toBe(201);
  return { survey: s, token: r.body.access_token as string };
}

/** The id and code of the newest confirmation link mailed to `email` since `since`. */
async function linkIn(email: string, since: Date) {
  const mail = await waitForMail(stack.url, { to: email, subjectIncludes: 'Confirm your answers', since });
  const m = /survey-confirmation\/\?confirmation=(sc-[A-Za-z0-9_-]{16})&code=([A-Za-z0-9_-]+)/.exec(
    mail.text,
  );
  if (!m?.[1] || !m[2]) throw new Error(`No confirmation link in ${mail.text}`);
  return { id: m[1], code: m[2] };
}

const awayFromMinuteEdge = async () => {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 30_000) await new Promise((ok) => setTimeout(ok, left + 250));
};

describe('GET /business-plan-survey', () => {
  it('answers an affiliate’s business planning survey by its code, publicly', async () => {
    const s = await newSurvey('business-plan');
    expect(s.kind).toBe('business-plan');
    const r = await publicApi().get(`/business-plan-survey?affiliate_id=${s.id}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: s.id, title: 'Plan check', kind: 'business-plan' });
    expect(r.body).not.toHaveProperty('response_count');
  });

  it('is 404 for an unknown code, another kind of survey and a survey that takes no more answers', async () => {
    const general = await newSurvey();
    expect(general.kind).toBe('general');
    const unknown = await publicApi().get('/business-plan-survey?affiliate_id=sv-AAAAAAAAAAAAAAAA');
    expect(unknown.status).toBe(404);
    expect(unknown.body.fallback_message).toBe(SURVEY_MESSAGES.noBusinessPlanSurvey);
    expect((await publicApi().get(`/business-plan-survey?affiliate_id=${general.id}`)).status).toBe(404);
    // The general survey is still there to take by /survey/config.
    expect((await publicApi().get(`/survey/config?affiliate_id=${general.id}`)).status).toBe(200);

    const full = await newSurvey('business-plan');
    await SurveyEntity.patch({ surveyId: full.id }).set({ responseCount: SURVEY_LIMITS.maxResponses }).go();
    expect((await publicApi().get(`/business-plan-survey?affiliate_id=${full.id}`)).status).toBe(404);
  });

  it('refuses a missing code and a bad kind', async () => {
    const r = await publicApi().get('/business-plan-survey');
    expect(r.status).toBe(400);
    expect(r.body.fallback_message).toBe(SURVEY_MESSAGES.codeRequired);
    const bad = await owner.api.post('/survey', { title: 'X', questions: QUESTIONS, kind: 'secret' });
    expect(bad.status).toBe(400);
  });
});

describe('survey confirmations and the affiliation', () => {
  it('an empty affiliation for someone with no confirmations', async () => {
    const p = await person('Newcomer');
    const r = await p.api.get('/survey/affiliation');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ affiliate: null, confirmations: [] });
  });

  it('sends to the account’s address; the link confirms; the affiliation names the affiliate', async () => {
    const p = await person('Taker');
    const { survey, token } = await answered('business-plan');
    const since = new Date();
    const sent = await p.api.post('/survey/confirmation/send', { token });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({
      survey: { id: survey.id, title: 'Plan check', kind: 'business-plan' },
      email: p.email,
      status: 'pending',
      send_count: 1,
      confirmed_at: null,
    });
    expect(sent.body.id).toMatch(/^sc-/);
    const link = await linkIn(p.email, since);
    expect(link.id).toBe(sent.body.id);

    const pending = await p.api.get('/survey/affiliation');
    expect(pending.body.affiliate).toBeNull();
    expect(pending.body.confirmations).toMatchObject([{ id: link.id, status: 'pending' }]);

    const done = await p.api.put(`/survey/confirmation/send/${link.id}`, {
      action: 'confirm',
      code: link.code,
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.status).toBe('confirmed');
    expect(done.body.confirmed_at).toEqual(expect.any(String));
    // Confirming again changes nothing.
    const again = await p.api.put(`/survey/confirmation/send/${link.id}`, {
      action: 'confirm',
      code: link.code,
    });
    expect(again.body.confirmed_at).toBe(done.body.confirmed_at);

    const aff = await p.api.get('/survey/affiliation');
    expect(aff.body.affiliate).toEqual({ id: survey.id, title: 'Plan check', kind: 'business-plan' });
    expect(aff.body.confirmations).toMatchObject([{ id: link.id, status: 'confirmed' }]);

    // One confirmation per set of answers, whoever asks.
    const twice = await p.api.post('/survey/confirmation/send', { token });
    expect(twice.status).toBe(409);
    expect(twice.body.fallback_message).toBe(SURVEY_CONFIRMATION_MESSAGES.already);
  });

  it('sends racing for the same answers make one confirmation', async () => {
    const p = await person('Racer');
    const { token } = await answered();
    const all = await Promise.all([1, 2, 3].map(() => p.api.post('/survey/confirmation/send', { token })));
    expect(all.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    expect((await p.api.get('/survey/affiliation')).body.confirmations).toHaveLength(1);
  });

  it('only its owner sees or changes a confirmation: 404 to anyone else, nothing changed', async () => {
    const [p, other] = await Promise.all([person('Mine'), person('Nosy')]);
    const { token } = await answered();
    const since = new Date();
    const sent = await p.api.post('/survey/confirmation/send', { token });
    const link = await linkIn(p.email, since);
    for (const body of [{ action: 'confirm', code: link.code }, { action: 'resend' }]) {
      const r = await other.api.put(`/survey/confirmation/send/${sent.body.id}`, body);
      expect(r.status).toBe(404);
    }
    expect((await other.api.get('/survey/affiliation')).body.confirmations).toEqual([]);
    const mine = await p.api.get('/survey/affiliation');
    expect(mine.body.confirmations).toMatchObject([{ id: sent.body.id, status: 'pending', send_count: 1 }]);
    expect(
      (await p.api.put('/survey/confirmation/send/sc-AAAAAAAAAAAAAAAA', { action: 'resend' })).status,
    ).toBe(404);
  });

  it('resends only while pending or expired; a resend makes the old link stop working', async () => {
    const p = await person('Resender');
    const { token } = await answered();
    const t0 = new Date();
    const sent = await p.api.post('/survey/confirmation/send', { token });
    const first = await linkIn(p.email, t0);
    await new Promise((ok) => setTimeout(ok, 5));
    const t1 = new Date();
    const resent = await p.api.put(`/survey/confirmation/send/${sent.body.id}`, { action: 'resend' });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body).toMatchObject({ status: 'pending', send_count: 2 });
    const second = await linkIn(p.email, t1);
    expect(second.code).not.toBe(first.code);

    const old = await p.api.put(`/survey/confirmation/send/${sent.body.id}`, {
      action: 'confirm',
      code: first.code,
    });
    expect(old.status).toBe(400);
    expect(old.body.errors.code).toBe(SURVEY_CONFIRMATION_MESSAGES.wrongCode);

    // Expired: past its expiry it reads as expired, its link is refused, a resend renews it.
    await SurveyConfirmationEntity.patch({ confirmationId: sent.body.id })
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .go();
    expect((await p.api.get('/survey/affiliation')).body.confirmations[0].status).toBe('expired');
    const late = await p.api.put(`/survey/confirmation/send/${sent.body.id}`, {
      action: 'confirm',
      code: second.code,
    });
    expect(late.status).toBe(400);
    expect(late.body.errors.code).toBe(SURVEY_CONFIRMATION_MESSAGES.expired);
    const t2 = new Date();
    const renewed = await p.api.put(`/survey/confirmation/send/${sent.body.id}`, { action: 'resend' });
    expect(renewed.body).toMatchObject({ status: 'pending', send_count: 3 });
    const third = await linkIn(p.email, t2);
    const ok = await p.api.put(`/survey/confirmation/send/${sent.body.id}`, {
      action: 'confirm',
      code: third.code,
    });
    expect(ok.body.status).toBe('confirmed');

    const confirmed = await p.api.put(`/survey/confirmation/send/${sent.body.id}`, { action: 'resend' });
    expect(confirmed.status).toBe(400);
    expect(confirmed.body.errors.action).toBe(SURVEY_CONFIRMATION_MESSAGES.notResendable);
  });

  it('refuses bad input with the API’s error body and writes nothing', async () => {
    const p = await person('Careless');
    const { token } = await answered();
    const bad: Array<[unknown, number]> = [
      [{}, 400],
      [{ token: '' }, 400],
      [{ token: 'x'.repeat(201) }, 400],
      [{ token, extra: 1 }, 400],
      [{ token: 42 }, 400],
      [{ token: 'sv-AAAAAAAAAAAAAAAA.eA.secret' }, 404],
      [{ token: `${token.slice(0, -2)}xx` }, 404],
    ];
    for (const [body, status] of bad) {
      const r = await p.api.post('/survey/confirmation/send', body);
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(r.body).toHaveProperty('fallback_message');
    }
    const empty = await p.api.post('/survey/confirmation/send', { token: '' });
    expect(empty.body.fallback_message).toBe(SURVEY_CONFIRMATION_MESSAGES.tokenRequired);
    expect((await p.api.get('/survey/affiliation')).body).toEqual({ affiliate: null, confirmations: [] });

    const sent = await p.api.post('/survey/confirmation/send', { token });
    expect(sent.status).toBe(201);
    for (const body of [{}, { action: 'explode' }, { action: 'confirm' }, { action: 'confirm', code: '' }]) {
      const r = await p.api.put(`/survey/confirmation/send/${sent.body.id}`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await p.api.get('/survey/affiliation')).body.confirmations).toMatchObject([
      { id: sent.body.id, status: 'pending', send_count: 1 },
    ]);
  });

  it(`limits sends and resends to ${SURVEY_CONFIRMATION_LIMITS.sendsPerMinute} a minute per person: 429`, async () => {
    const p = await person('Hasty');
    const { token } = await answered();
    await awayFromMinuteEdge();
    const sent = await p.api.post('/survey/confirmation/send', { token });
    expect(sent.status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < SURVEY_CONFIRMATION_LIMITS.sendsPerMinute; i++) {
      const r = await p.api.put(`/survey/confirmation/send/${sent.body.id}`, { action: 'resend' });
      statuses.push(r.status);
      if (r.status === 429) expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // The refused resend changed nothing; someone else is not limited by it.
    expect((await p.api.get('/survey/affiliation')).body.confirmations[0].send_count).toBe(5);
    const other = await person('Patient');
    const theirs = await answered();
    expect((await other.api.post('/survey/confirmation/send', { token: theirs.token })).status).toBe(201);
  });
});
