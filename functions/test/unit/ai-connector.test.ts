/**
 * The AI connector (ARCHITECTURE §7) through the two AI handlers: none configured → 503, an empty
 * prompt → 400 'Prompt is required', an OpenAI-compatible endpoint (a local server speaking the
 * chat-completions protocol), Amazon Bedrock (aws-sdk-client-mock: no local engine), and a model
 * answer that is not a usable tree → 502.
 */
import { BedrockRuntimeClient, ConverseCommand } from '@aws-sdk/client-bedrock-runtime';
import { AI_LIMITS, AI_MESSAGES } from '@tandem/shared/ai/ai';
import type { Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeChat, startFakeChat } from '../../../scripts/src/local/ai/fake-chat.ts';
import { handler as generate } from '../../src/http/ai/generate-public.ts';
import { handler as propose } from '../../src/http/ai/propose-template.ts';
import type { HttpEvent } from '../../src/lib/http-handler.ts';

const claims = { sub: 'user-1', token_use: 'access', username: 'user-1' };

function event(path: string, body: unknown, signedIn: boolean): HttpEvent {
  return {
    version: '2.0',
    routeKey: `POST /api/v1${path}`,
    rawPath: `/api/v1${path}`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    isBase64Encoded: false,
    body: JSON.stringify(body),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: 'POST',
        path: `/api/v1${path}`,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 't',
      },
      requestId: 'r1',
      routeKey: `POST /api/v1${path}`,
      stage: '$default',
      time: '',
      timeEpoch: 0,
      authorizer: signedIn
        ? { principalId: '', integrationLatency: 0, jwt: { claims, scopes: [] } }
        : (undefined as never),
    },
  } as HttpEvent;
}

type Result = { statusCode: number; body: string };
async function call(which: 'generate' | 'propose', body: unknown) {
  const r = (which === 'generate'
    ? await generate(event('/ai-services/generate/public/', body, false), {} as Context)
    : await propose(event('/task/template/ai-proposal', body, true), {} as Context)) as unknown as Result;
  return { status: r.statusCode, body: JSON.parse(r.body || 'null') };
}

const AI_ENV = ['AI_ENDPOINT', 'AI_MODEL', 'AI_API_KEY', 'AI_PROVIDER'] as const;
const clearAi = () => {
  for (const k of AI_ENV) delete process.env[k];
};

beforeAll(() => {
  process.env.TANDEM_LOG_LEVEL = 'silent';
  process.env.TABLE_NAME ??= 'unit-test';
  clearAi();
});
afterEach(clearAi);

describe('with no AI service configured', () => {
  it('both calls answer 503 with a clear message', async () => {
    for (const which of ['generate', 'propose'] as const) {
      const r = await call(which, { prompt: 'Plan a launch' });
      expect(r.status, which).toBe(503);
      expect(r.body.fallback_message).toBe(AI_MESSAGES.notConfigured);
    }
  });

  it('an empty prompt is refused first: 400 Prompt is required', async () => {
    for (const which of ['generate', 'propose'] as const) {
      for (const prompt of ['', '   ', undefined]) {
        const r = await call(which, prompt === undefined ? {} : { prompt });
        expect(r.status, which).toBe(400);
        expect(r.body.fallback_message).toBe('Prompt is required');
      }
    }
  });

  it('the public call bounds its input: prompt length, tokens, temperature, unknown fields', async () => {
    const bad = [
      { prompt: 'x'.repeat(AI_LIMITS.promptChars + 1) },
      { prompt: 'x', max_tokens: AI_LIMITS.maxTokens + 1 },
      { prompt: 'x', max_tokens: 0 },
      { prompt: 'x', temperature: 3 },
      { prompt: 'x', extra: true },
    ];
    for (const body of bad)
      expect((await call('generate', body)).status, JSON.stringify(body).slice(0, 60)).toBe(400);
  });
});

describe('an OpenAI-compatible endpoint', () => {
  let chat: FakeChat;
  let answer: string | { status: number; body: string } | null = null;
  beforeAll(async () => {
    chat = await startFakeChat({ answer: (req) => answer ?? `echo: ${req.body.messages.at(-1)?.content}` });
  });
  afterAll(() => chat.stop());
  const configure = () => {
    process.env.AI_ENDPOINT = chat.url;
    process.env.AI_MODEL = 'local-model';
    process.env.AI_API_KEY = 'sk-local';
  };

  it('generates text with the caller’s bounds, the model and the key', async () => {
    configure();
    answer = null;
    const r = await call('generate', {
      prompt: 'Say hi',
      max_tokens: 50,
      temperature: 0.1,
      connector: 'openai',
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ text: 'echo: Say hi', connector: 'openai' });
    const sent = chat.requests.at(-1)!;
    expect(sent.authorization).toBe('Bearer sk-local');
    expect(sent.body).toMatchObject({ model: 'local-model', max_tokens: 50, temperature: 0.1 });
    expect(sent.body.messages).toEqual([{ role: 'user', content: 'Say hi' }]);
  });

  it('proposes a template tree from the model’s JSON, with levels', async () => {
    configure();
    answer =
      'Here you go:\n```json\n{"title":" Launch  plan ","children":[{"title":"Design","children":[{"title":"Sketch"}]},{"title":"Ship"}]}\n```';
    const r = await call('propose', { prompt: 'Plan a product launch' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      root: {
        title: 'Launch plan',
        level: 0,
        children: [
          { title: 'Design', level: 1, children: [{ title: 'Sketch', level: 2, children: [] }] },
          { title: 'Ship', level: 1, children: [] },
        ],
      },
      node_count: 4,
    });
    // The instruction asks for JSON.
    expect(chat.requests.at(-1)!.body.messages[0]).toMatchObject({ role: 'system' });
  });

  it('a malformed or unbounded answer is 502 with a clear message', async () => {
    configure();
    const deep = (n: number): object =>
      n === 0 ? { title: 'leaf' } : { title: `n${n}`, children: [deep(n - 1)] };
    const wide = {
      title: 'root',
      children: Array.from({ length: AI_LIMITS.maxNodes }, (_, i) => ({ title: `t${i}` })),
    };
    for (const a of [
      'I cannot help with that.',
      '{"title": "x", "children": "nope"}',
      '{"children": []}',
      '{"title": "x", "children": [{"title": ""}]}',
      JSON.stringify(deep(AI_LIMITS.maxDepth + 1)),
      JSON.stringify(wide),
    ]) {
      answer = a;
      const r = await call('propose', { prompt: 'Plan' });
      expect(r.status, a.slice(0, 40)).toBe(502);
      expect(r.body.fallback_message).toBe(AI_MESSAGES.badAnswer);
    }
    // At the bounds it is accepted.
    answer = JSON.stringify(deep(AI_LIMITS.maxDepth));
    expect((await call('propose', { prompt: 'Plan' })).status).toBe(200);
  });

  it('a service that fails or cannot be reached is 503', async () => {
    configure();
    answer = { status: 500, body: '{}' };
    expect((await call('generate', { prompt: 'x' })).status).toBe(503);
    process.env.AI_ENDPOINT = 'http://127.0.0.1:9/v1';
    const r = await call('generate', { prompt: 'x' });
    expect(r.status).toBe(503);
    expect(r.body.fallback_message).toBe(AI_MESSAGES.unreachable);
  });
});

describe('Amazon Bedrock', () => {
  const bedrock = mockClient(BedrockRuntimeClient);
  afterEach(() => bedrock.reset());
  afterAll(() => bedrock.restore());

  it('is used when configured: the Converse call with the model, the bounds and the prompt', async () => {
    process.env.AI_PROVIDER = 'bedrock';
    process.env.AI_MODEL = 'amazon.nova-lite-v1:0';
    bedrock.on(ConverseCommand).resolves({
      output: {
        message: { role: 'assistant', content: [{ text: '{"title":"Trip","children":[{"title":"Book"}]}' }] },
      },
      stopReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
      metrics: { latencyMs: 1 },
    });
    const r = await call('propose', { prompt: 'Plan a trip' });
    expect(r.status).toBe(200);
    expect(r.body.root.children).toEqual([{ title: 'Book', level: 1, children: [] }]);
    const input = bedrock.commandCalls(ConverseCommand)[0]!.args[0].input;
    expect(input.modelId).toBe('amazon.nova-lite-v1:0');
    expect(input.messages).toEqual([{ role: 'user', content: [{ text: 'Plan a trip' }] }]);
    expect(input.inferenceConfig?.maxTokens).toBe(AI_LIMITS.proposalTokens);

    const g = await call('generate', { prompt: 'Hello', connector: 'bedrock' });
    expect(g.status).toBe(200);
    expect(g.body.connector).toBe('bedrock');
  });

  it('a refused or failed call: 502 for a refusal, 503 when the service fails', async () => {
    process.env.AI_PROVIDER = 'bedrock';
    process.env.AI_MODEL = 'amazon.nova-lite-v1:0';
    bedrock
      .on(ConverseCommand)
      .rejects(Object.assign(new Error('throttled'), { name: 'ThrottlingException' }));
    expect((await call('generate', { prompt: 'x' })).status).toBe(503);
    bedrock.on(ConverseCommand).rejects(Object.assign(new Error('bad'), { name: 'ValidationException' }));
    expect((await call('generate', { prompt: 'x' })).status).toBe(502);
  });
});
