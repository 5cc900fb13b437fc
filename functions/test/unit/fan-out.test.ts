/**
 * Bounded fan-out (docs/realtime.md, D41): however many sockets a change must reach, at most
 * MAX_PARALLEL_POSTS posts to the management API are in flight at once, and every socket still gets
 * its post. The management API has no local engine, so its client is mocked here — for the count of
 * concurrent calls only; delivery itself is tested on the local stack (live*.test.ts).
 */
import {
  ApiGatewayManagementApiClient,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { MAX_PARALLEL_POSTS } from '@tandem/shared';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';

const api = mockClient(ApiGatewayManagementApiClient);
let sendToUsers: typeof import('../../src/core/ws/connections.ts').sendToUsers;

beforeAll(async () => {
  vi.stubEnv('TABLE_NAME', 'fan-out-test');
  vi.stubEnv('WS_MANAGEMENT_ENDPOINT', 'http://127.0.0.1:1');
  ({ sendToUsers } = await import('../../src/core/ws/connections.ts'));
});
afterAll(() => {
  api.restore();
  vi.unstubAllEnvs();
});

test('a message for 1,000 people keeps at most MAX_PARALLEL_POSTS posts in flight and reaches all', async () => {
  let now = 0;
  let most = 0;
  const posted: string[] = [];
  api.on(PostToConnectionCommand).callsFake(async (input: { ConnectionId: string }) => {
    now++;
    most = Math.max(most, now);
    await new Promise((r) => setTimeout(r, 1 + (posted.length % 3)));
    posted.push(input.ConnectionId);
    now--;
    return {};
  });
  const people = Array.from({ length: 1000 }, (_, i) => `user${i}`);
  const sockets = new Map(people.map((u) => [u, [`${u}-a`]]));
  sockets.set('user0', ['user0-a', 'user0-b']);

  const delivery = await sendToUsers(people, { type: 'task_changed' }, sockets);

  expect(delivery).toEqual({ delivered: 1001, gone: 0, failures: [] });
  expect(new Set(posted).size).toBe(1001);
  expect(most).toBe(MAX_PARALLEL_POSTS);
});

test('two messages sent at once share the same cap', async () => {
  let now = 0;
  let most = 0;
  api.on(PostToConnectionCommand).callsFake(async () => {
    now++;
    most = Math.max(most, now);
    await new Promise((r) => setTimeout(r, 2));
    now--;
    return {};
  });
  const sockets = new Map(Array.from({ length: 120 }, (_, i) => [`u${i}`, [`c${i}`]]));
  const people = [...sockets.keys()];
  const [one, two] = await Promise.all([
    sendToUsers(people, { type: 'a' }, sockets),
    sendToUsers(people, { type: 'b' }, sockets),
  ]);
  expect(one.delivered + two.delivered).toBe(240);
  expect(most).toBe(MAX_PARALLEL_POSTS);
});
