/**
 * AI onboarding (decisions D69) through a local chat-completions server: the suggestion asks the model
 * with the onboarding instruction and answers bounded groups and tasks; accepting the (edited)
 * suggestions creates the groups and their tasks, which the stack then lists. Bad input writes nothing.
 */
import { ONBOARDING_LIMITS, ONBOARDING_MESSAGES } from '@tandem/shared/surveys/ai-onboarding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AiApi, startAiApi } from '../../../scripts/src/testing/ai-onboarding-api.ts';
import { apiClient } from '../../../scripts/src/testing/users.ts';
import { env, person } from './support.ts';

let ai: AiApi;
beforeAll(async () => {
  ai = await startAiApi(env);
});
afterAll(async () => {
  await ai?.stop();
});

describe('AI onboarding', () => {
  it('suggests groups and first tasks from the description, through the model', async () => {
    const me = await person('Baker');
    const r = await apiClient(ai.url, me.accessToken).post('/ai-onboarding/suggestions', {
      description: 'Bakery owner with two shops',
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.groups).toEqual([
      { title: 'Bakery clients', tasks: ['Call new clients', 'Send invoices'] },
      { title: 'Bakery admin', tasks: ['Sort the inbox'] },
    ]);
    const asked = ai.chat.requests.at(-1)!.body;
    expect(asked.messages[0]).toMatchObject({ role: 'system' });
    expect(asked.messages[0]!.content).toContain('"groups"');
    expect(asked.messages.at(-1)).toEqual({ role: 'user', content: 'Bakery owner with two shops' });
    expect(asked.max_tokens).toBe(ONBOARDING_LIMITS.answerTokens);
  });

  it('a blank or huge description is refused without asking the model', async () => {
    const me = await person('Blank');
    const api = apiClient(ai.url, me.accessToken);
    const before = ai.chat.requests.length;
    const blank = await api.post('/ai-onboarding/suggestions', { description: '   ' });
    expect(blank.status).toBe(400);
    expect(blank.body.fallback_message).toBe(ONBOARDING_MESSAGES.descriptionRequired);
    const huge = await api.post('/ai-onboarding/suggestions', { description: 'x'.repeat(1_000_000) });
    expect([400, 413]).toContain(huge.status);
    expect(ai.chat.requests.length).toBe(before);
  });

  it('accepting creates the kept groups and tasks; the stack lists them', async () => {
    const me = await person('Keeper');
    const r = await me.api.post('/ai-onboarding/accept', {
      groups: [
        { title: 'Shop floor', tasks: ['Order flour', 'Fix the oven'] },
        { title: 'Accounts', tasks: [] },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.groups.map((g: { title: string }) => g.title)).toEqual(['Shop floor', 'Accounts']);
    const groups = (await me.api.get('/group/member')).body.results as Array<{ id: string; title: string }>;
    const floor = groups.find((g) => g.title === 'Shop floor')!;
    expect(floor).toBeDefined();
    expect(groups.some((g) => g.title === 'Accounts')).toBe(true);
    const tasks = await me.api.get(`/task?group=${floor.id}`);
    expect(tasks.body.results.map((t: { title: string }) => t.title).sort()).toEqual([
      'Fix the oven',
      'Order flour',
    ]);
  });

  it('refuses bad accepted input and writes nothing', async () => {
    const me = await person('Refused');
    const before = (await me.api.get('/group/member')).body.results.length;
    const bad = [
      { groups: [] },
      { groups: [{ title: ' ', tasks: [] }] },
      { groups: [{ title: 'A', tasks: Array.from({ length: ONBOARDING_LIMITS.maxTasks + 1 }, () => 't') }] },
      {
        groups: Array.from({ length: ONBOARDING_LIMITS.maxGroups + 1 }, (_, i) => ({
          title: `G${i}`,
          tasks: [],
        })),
      },
      { groups: [{ title: 'A', tasks: [' '] }] },
    ];
    for (const body of bad) expect((await me.api.post('/ai-onboarding/accept', body)).status).toBe(400);
    expect((await me.api.get('/group/member')).body.results.length).toBe(before);
  });
});
