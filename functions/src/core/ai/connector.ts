/**
 * The AI connector (ARCHITECTURE §7): one interface, two kinds, chosen by configuration.
 *
 * - An OpenAI-compatible endpoint: AI_ENDPOINT (the API's base, e.g. https://api.example.com/v1; the
 *   connector posts to `${AI_ENDPOINT}/chat/completions`), AI_MODEL, and AI_API_KEY when it needs one.
 * - Amazon Bedrock (in AWS): AI_PROVIDER=bedrock and AI_MODEL (a model or inference profile id); it
 *   calls the Converse API with the function's own role.
 *
 * With neither, every call answers 503 with a clear message. Answers are bounded in time (AI_TIMEOUT_MS,
 * 25 s by default, under API Gateway's 30 s).
 */
import {
  BedrockRuntimeClient,
  ConverseCommand,
  type ConverseCommandOutput,
} from '@aws-sdk/client-bedrock-runtime';
import { AI_MESSAGES } from '@tandem/shared/ai/ai';
import { errorCodes } from '@tandem/shared/api/errors';
import { HttpError } from '../../lib/errors.ts';
import { logger } from '../../lib/logger.ts';

export interface GenerateRequest {
  prompt: string;
  system?: string;
  maxTokens: number;
  temperature: number;
}

export interface AiConnector {
  readonly kind: 'openai' | 'bedrock';
  generate(req: GenerateRequest): Promise<string>;
}

export class AiUnavailableError extends HttpError {
  constructor(message: string = AI_MESSAGES.notConfigured) {
    super(503, errorCodes.serviceUnavailable, message);
  }
}
/** The model answered, but not with something usable (502). */
export class AiBadAnswerError extends HttpError {
  constructor(message: string = AI_MESSAGES.badAnswer) {
    super(502, 'ai.bad-answer', message);
  }
}

const timeoutMs = () => Number(process.env.AI_TIMEOUT_MS) || 25_000;

/** Any endpoint speaking the chat-completions protocol. */
export function openAiConnector(endpoint: string, model: string, apiKey?: string): AiConnector {
  const url = `${endpoint.replace(/\/+$/, '')}/chat/completions`;
  return {
    kind: 'openai',
    async generate({ prompt, system, maxTokens, temperature }) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({
            model,
            messages: [
              ...(system ? [{ role: 'system', content: system }] : []),
              { role: 'user', content: prompt },
            ],
            max_tokens: maxTokens,
            temperature,
          }),
          signal: AbortSignal.timeout(timeoutMs()),
        });
      } catch (e) {
        logger.warn('ai endpoint unreachable', { error: String(e) });
        throw new AiUnavailableError(AI_MESSAGES.unreachable);
      }
      if (!res.ok) {
        logger.warn('ai endpoint refused', { status: res.status });
        throw res.status === 429 || res.status >= 500
          ? new AiUnavailableError(AI_MESSAGES.unreachable)
          : new AiBadAnswerError('The AI service refused the request.');
      }
      const data = (await res.json().catch(() => null)) as {
        choices?: Array<{ message?: { content?: unknown } }>;
      } | null;
      const content = data?.choices?.[0]?.message?.content;
      if (typeof content !== 'string') throw new AiBadAnswerError('The AI service gave no answer.');
      return content;
    },
  };
}

/** Amazon Bedrock's Converse API. */
export function bedrockConnector(model: string): AiConnector {
  return {
    kind: 'bedrock',
    async generate({ prompt, system, maxTokens, temperature }) {
      const client = new BedrockRuntimeClient({});
      let out: ConverseCommandOutput;
      try {
        out = await client.send(
          new ConverseCommand({
            modelId: model,
            messages: [{ role: 'user', content: [{ text: prompt }] }],
            ...(system ? { system: [{ text: system }] } : {}),
            inferenceConfig: { maxTokens, temperature },
          }),
          { abortSignal: AbortSignal.timeout(timeoutMs()) },
        );
      } catch (e) {
        const name = (e as { name?: string }).name ?? '';
        logger.warn('bedrock failed', { error: name });
        if (name === 'ValidationException') throw new AiBadAnswerError('The AI service refused the request.');
        throw new AiUnavailableError(AI_MESSAGES.unreachable);
      }
      const text = out.output?.message?.content
        ?.map((c) => ('text' in c && typeof c.text === 'string' ? c.text : ''))
        .join('');
      if (!text) throw new AiBadAnswerError('The AI service gave no answer.');
      return text;
    },
  };
}

/**
 * The connector the configuration names, or null when none is configured. `name` is the request's
 * connector field: 'openai' or 'bedrock' picks that kind when it is configured; anything else, or
 * nothing, takes the configured one.
 */
export function configuredConnector(name?: string): AiConnector | null {
  const model = process.env.AI_MODEL ?? '';
  const endpoint = process.env.AI_ENDPOINT ?? '';
  const openai =
    endpoint && model ? openAiConnector(endpoint, model, process.env.AI_API_KEY || undefined) : null;
  const bedrock = process.env.AI_PROVIDER === 'bedrock' && model ? bedrockConnector(model) : null;
  if (name === 'openai') return openai;
  if (name === 'bedrock') return bedrock;
  return openai ?? bedrock;
}

export function requireConnector(name?: string): AiConnector {
  const c = configuredConnector(name);
  if (!c) throw new AiUnavailableError();
  return c;
}
