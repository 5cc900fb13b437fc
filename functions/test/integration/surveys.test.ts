/**
 * Surveys through the stack's gateway (decisions D69): the owner makes one, anyone takes it by its
 * code without signing in, the access token shows the response's status, the owner reads the results
 * summary; bad input writes nothing; someone else's survey, an unknown code or token is 404. Also the
 * public survey and AI routes are limited per IP (a gateway of this file's own with low limits).
 */
import { tmpdir } from 'node:os';
import { AI_MESSAGES } from '@tandem/shared/ai/ai';
import { SURVEY_LIMITS, SURVEY_MESSAGES } from '@tandem/shared/surveys/surveys';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '../../../scripts/src/local/gateway/index.ts';
import { env, person, publicApi } from './support.ts';

const QUESTIONS = [
  { type: 'text', prompt: 'What should we keep?', max_length: 50 },
  { type: 'single', prompt: 'How was the week?', options: ['Good', 'Bad'], required: true },
  { type: 'multiple', prompt: 'Which tools help?', options: ['Mail', 'Chat', 'Calls'] },
  { type: 'scale', prompt: 'Workload', min: 1, max: 5, min_label: 'Light', max_label: 'Heavy' },
];

let owner: Awaited<ReturnType<typeof person>>;
let other: Awaited<ReturnType<typeof person>>;
beforeAll(async () => {
  [owner, other] = await Promise.all([person('Surveyor'), person('Other')]);
});

async function newSurvey(extra: object = {}) {
  const r = await owner.api.post('/survey', { title: 'Weekly check-in', questions: QUESTIONS, ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: string; questions: Array<{ id: string }> };
}

describe('surveys', () => {
  it('the owner makes a survey with a public code and numbered questions', async () => {
    const s = await newSurvey({ intro: 'Two minutes.' });
    expect(s.id).toMatch(/^sv-[A-Za-z0-9_-]{16}$/);
    expect(s.questions.map((q) => q.id)).toEqual(['q1', 'q2', 'q3', 'q4']);
    const list = await owner.api.get('/survey');
    expect(list.body.results.map((x: { id: string }) => x.id)).toContain(s.id);
    expect((await other.api.get('/survey')).body.results.map((x: { id: string }) => x.id)).not.toContain(
      s.id,
    );
  });

  it('anyone takes it by its code; the token shows the status; the owner sees the summary', async () => {
    const s = await newSurvey({ confirmation: 'Thanks, team!' });
    const config = await publicApi().get(`/survey/config?affiliate_id=${s.id}`);
    expect(config.status).toBe(200);
    expect(config.body).toMatchObject({ id: s.id, title: 'Weekly check-in', intro: '' });
    expect(config.body).not.toHaveProperty('response_count');

    const answers = [
      { question_id: 'q1', value: 'Stand-ups' },
      { question_id: 'q2', value: 'Good' },
      { question_id: 'q3', value: ['Chat', 'Mail'] },
      { question_id: 'q4', value: 4 },
    ];
    const sent = await publicApi().post('/survey/confirmation', {
      survey: s.id,
      email: 'Ann@Example.com',
      answers,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.confirmation).toBe('Thanks, team!');
    const second = await publicApi().post('/survey/confirmation', {
      survey: s.id,
      answers: [
        { question_id: 'q2', value: 'Bad' },
        { question_id: 'q4', value: 2 },
      ],
    });
    expect(second.status).toBe(201);

    const status = await publicApi().post('/survey/confirmation/request', { token: sent.body.access_token });
    expect(status.status).toBe(200);
    expect(status.body).toMatchObject({
      survey: { id: s.id, title: 'Weekly check-in' },
      status: 'received',
      answers: [
        { prompt: 'What should we keep?', value: 'Stand-ups' },
        { prompt: 'How was the week?', value: 'Good' },
        { prompt: 'Which tools help?', value: 'Mail, Chat' },
        { prompt: 'Workload', value: '4' },
      ],
    });
    // A token with a wrong secret, or another response's id, shows nothing.
    const [code, id] = (sent.body.access_token as string).split('.');
    expect(
      (await publicApi().post('/survey/confirmation/request', { token: `${code}.${id}.wrong` })).status,
    ).toBe(404);
    expect((await publicApi().post('/survey/confirmation/request', { token: 'nonsense' })).status).toBe(404);
    const empty = await publicApi().post('/survey/confirmation/request', { token: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.fallback_message).toBe(SURVEY_MESSAGES.noAccessToken);

    const results = await owner.api.get(`/survey/${s.id}`);
    expect(results.status).toBe(200);
    expect(results.body.response_count).toBe(2);
    expect(results.body.responses[0].email).toBe('');
    expect(results.body.responses[1].email).toBe('ann@example.com');
    expect(results.body.summary).toEqual({
      responses: 2,
      questions: [
        { question_id: 'q1', type: 'text', answered: 1, latest: ['Stand-ups'] },
        {
          question_id: 'q2',
          type: 'single',
          answered: 2,
          counts: [
            { option: 'Good', count: 1 },
            { option: 'Bad', count: 1 },
          ],
        },
        {
          question_id: 'q3',
          type: 'multiple',
          answered: 1,
          counts: [
            { option: 'Mail', count: 1 },
            { option: 'Chat', count: 1 },
            { option: 'Calls', count: 0 },
          ],
        },
        {
          question_id: 'q4',
          type: 'scale',
          answered: 2,
          mean: 3,
          counts: [1, 2, 3, 4, 5].map((value) => ({ value, count: value === 2 || value === 4 ? 1 : 0 })),
        },
      ],
    });
  });

  it('bad answers are refused with the question’s message and write nothing', async () => {
    const s = await newSurvey();
    const send = (answers: unknown[]) => publicApi().post('/survey/confirmation', { survey: s.id, answers });
    const missing = await send([{ question_id: 'q1', value: 'x' }]);
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ q2: SURVEY_MESSAGES.answerRequired });
    const wrong = await send([
      { question_id: 'q2', value: 'Great' },
      { question_id: 'q1', value: 'x'.repeat(51) },
      { question_id: 'q4', value: 9 },
    ]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({
      q1: SURVEY_MESSAGES.answerTooLong,
      q2: SURVEY_MESSAGES.answerNotAnOption,
      q4: SURVEY_MESSAGES.answerScale,
    });
    const huge = await send([{ question_id: 'q1', value: 'x'.repeat(SURVEY_LIMITS.textAnswerChars * 10) }]);
    expect(huge.status).toBe(400);
    expect((await owner.api.get(`/survey/${s.id}`)).body.response_count).toBe(0);
    // An unknown or malformed code is 404 / 400.
    expect((await publicApi().get('/survey/config?affiliate_id=sv-AAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await publicApi().get('/survey/config')).status).toBe(400);
    const unknown = await publicApi().post('/survey/confirmation', {
      survey: 'sv-AAAAAAAAAAAAAAAA',
      answers: [],
    });
    expect(unknown.status).toBe(404);
  });

  it('refuses a bad survey: no title, no questions, a choice without options, a bad scale', async () => {
    const bad = [
      { title: '  ', questions: QUESTIONS },
      { title: 'x', questions: [] },
      { title: 'x', questions: [{ type: 'single', prompt: 'p', options: ['only'] }] },
      { title: 'x', questions: [{ type: 'scale', prompt: 'p', min: 3, max: 2 }] },
      { title: 'x', questions: [{ type: 'text', prompt: 'p' }], extra: 1 },
    ];
    const before = (await owner.api.get('/survey')).body.results.length;
    for (const body of bad) expect((await owner.api.post('/survey', body)).status).toBe(400);
    expect((await owner.api.get('/survey')).body.results.length).toBe(before);
  });

  it('someone else’s survey is 404; deleting removes it with its responses', async () => {
    const s = await newSurvey();
    expect((await other.api.get(`/survey/${s.id}`)).status).toBe(404);
    expect((await other.api.delete(`/survey/${s.id}`)).status).toBe(404);
    const sent = await publicApi().post('/survey/confirmation', {
      survey: s.id,
      answers: [{ question_id: 'q2', value: 'Good' }],
    });
    expect((await owner.api.delete(`/survey/${s.id}`)).status).toBe(204);
    expect((await owner.api.get(`/survey/${s.id}`)).status).toBe(404);
    expect((await publicApi().get(`/survey/config?affiliate_id=${s.id}`)).status).toBe(404);
    expect(
      (await publicApi().post('/survey/confirmation/request', { token: sent.body.access_token })).status,
    ).toBe(404);
  });
});

describe('public limits', () => {
  let gateway: Gateway;
  beforeAll(async () => {
    const { startGateway } = await import('../../../scripts/src/local/gateway/index.ts');
    const generous = { rate: 1000, burst: 1000 };
    gateway = await startGateway({
      port: 0,
      webDistDir: tmpdir(),
      throttle: {
        perUser: generous,
        publicPerIp: { rate: 0.1, burst: 3 },
        perFeedToken: generous,
        httpStage: generous,
        publicRoute: generous,
        webSocketStage: generous,
      },
      runtimeConfig: {
        apiUrl: 'http://localhost/api/v1',
        wsUrl: 'ws://localhost/ws',
        buildVersion: 'test',
        cognito: {
          region: 'us-east-1',
          userPoolId: env.COGNITO_USER_POOL_ID,
          clientId: env.COGNITO_CLIENT_ID,
        },
      },
      jwt: { issuer: env.COGNITO_ISSUER!, clientId: env.COGNITO_CLIENT_ID, jwksUri: env.COGNITO_JWKS_URI! },
      extraHandlers: [],
    });
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('limits survey answers and AI generation per IP: 429', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${gateway.url}/api/v1${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // An empty prompt is refused before any AI is asked.
    const empty = await post('/ai-services/generate/public/', { prompt: '  ' });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { fallback_message: string }).fallback_message).toBe(
      AI_MESSAGES.promptRequired,
    );
    const huge = await post('/ai-services/generate/public/', { prompt: 'x'.repeat(100_000) });
    expect(huge.status).toBe(400);
    expect((await post('/survey/confirmation', { survey: 'sv-AAAAAAAAAAAAAAAA', answers: [] })).status).toBe(
      404,
    );
    const limited = await post('/ai-services/generate/public/', { prompt: 'Plan a launch' });
    expect(limited.status).toBe(429);
    expect((await post('/survey/confirmation', { survey: 'sv-AAAAAAAAAAAAAAAA', answers: [] })).status).toBe(
      429,
    );
  });
});
