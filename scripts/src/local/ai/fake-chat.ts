/**
 * A local stand-in for an OpenAI-compatible service: POST /v1/chat/completions answers in the
 * chat-completions shape. By default the answer is a small template tree named after the prompt (JSON,
 * as the AI builder asks for); tests pass their own `answer` to send anything else. It records every
 * request it got. Used by the AI tests and, with AI_ENDPOINT set to it, by a local stack.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatRequest {
  authorization?: string;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    max_tokens?: number;
    temperature?: number;
  };
}

export interface FakeChat {
  /** The base to set as AI_ENDPOINT (…/v1). */
  url: string;
  requests: ChatRequest[];
  stop(): Promise<void>;
}

/** The default answer: the prompt's first words as the root, three steps with one sub-step each. */
export function sampleTree(prompt: string): string {
  const title = prompt.trim().split(/\s+/).slice(0, 6).join(' ') || 'Plan';
  const steps = ['Prepare', 'Do the work', 'Review'].map((s, i) => ({
    title: `${s}`,
    children: [{ title: `Step ${i + 1}.1` }],
  }));
  return JSON.stringify({ title, children: steps });
}

/** The onboarding answer (its system prompt asks for groups): two groups named from the prompt's first word. */
export function sampleOnboarding(prompt: string): string {
  const word = prompt.trim().split(/\s+/)[0] || 'Work';
  return JSON.stringify({
    groups: [
      { title: `${word} clients`, tasks: ['Call new clients', 'Send invoices'] },
      { title: `${word} admin`, tasks: ['Sort the inbox'] },
    ],
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeChat(
  opts: { answer?: (req: ChatRequest) => string | { status: number; body: string } } = {},
): Promise<FakeChat> {
  const requests: ChatRequest[] = [];
  const server = createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    let body: ChatRequest['body'];
    try {
      body = JSON.parse(await readBody(req));
    } catch {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"error":"bad json"}');
      return;
    }
    const got: ChatRequest = { authorization: req.headers.authorization, body };
    requests.push(got);
    const user = body.messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const system = body.messages.find((m) => m.role === 'system')?.content ?? '';
    const answer = opts.answer
      ? opts.answer(got)
      : system.includes('"groups"')
        ? sampleOnboarding(user)
        : sampleTree(user);
    if (typeof answer !== 'string') {
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
