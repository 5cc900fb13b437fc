/**
 * For the AI onboarding tests: the HTTP API served from this test worker, with the AI connector
 * pointed at a local chat-completions server (scripts/src/local/ai/fake-chat.ts). The shared stack runs
 * with no AI configured (the authorization matrix expects 503 there); this API talks to the same
 * DynamoDB Local and Cognito as the stack (stack-env.ts gave this worker its environment), so what it
 * writes the stack reads.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FakeChat, startFakeChat } from '../local/ai/fake-chat.ts';

export interface AiApi {
  /** The API's origin; calls go to `${url}/api/v1/...`. */
  url: string;
  chat: FakeChat;
  stop(): Promise<void>;
}

export async function startAiApi(env: Record<string, string>): Promise<AiApi> {
  const chat = await startFakeChat();
  process.env.AI_ENDPOINT = chat.url;
  process.env.AI_MODEL = 'onboarding-test';
  const { createHttpApi } = await import('../local/gateway/http-api.ts');
  const api = createHttpApi({
    jwt: { issuer: env.COGNITO_ISSUER!, clientId: env.COGNITO_CLIENT_ID!, jwksUri: env.COGNITO_JWKS_URI! },
  });
  const server: Server = createServer((req, res) => {
    void api(req, res, new URL(req.url ?? '/', 'http://localhost'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chat,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await chat.stop();
      delete process.env.AI_ENDPOINT;
      delete process.env.AI_MODEL;
    },
  };
}
