/**
 * Chat (decisions D38): the time from A's message to new_message on B's socket, through the real path —
 * POST /chat/{id}/message, DynamoDB Local's stream, the stack's stream runner, the consumer (which also
 * moves every viewer's chat entry), the @connections post, B's WebSocket. Eight people write in turn
 * (each keeps under the flood limit). Then the consumer's DynamoDB requests for a batch of 1 and of 100
 * new messages in a chat of nine viewers, counted, and the calls' own latency (GET /chat?recent_messages).
 */
import { randomUUID } from 'node:crypto';
import { marshall } from '@aws-sdk/util-dynamodb';
import { CHAT_RULES } from '@tandem/shared';
import type { DynamoDBRecord } from 'aws-lambda';
import WebSocket from 'ws';
import { waitForMail } from '../local/mail/wait-for-mail.ts';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { record } from './report.ts';
import { fmt, median, percentile } from './stats.ts';

interface Counter {
  count: number;
  byCommand: Record<string, number>;
}

export async function benchChat(
  env: StackEnv,
  url: string,
  counter: Counter,
  drained: () => Promise<void>,
  events = 200,
) {
  const a = await createUser(env, { firstName: 'Ada' });
  const b = await createUser(env, { firstName: 'Bo' });
  const writers = [
    a,
    ...(await Promise.all(Array.from({ length: 7 }, (_, i) => createUser(env, { firstName: `W${i}` })))),
  ];
  const apiA = apiClient(url, a.accessToken);
  const group = (await apiA.post('/user/group', { title: 'Chat bench' })).body.id as string;
  for (const p of [b, ...writers.slice(1)]) {
    const since = new Date();
    await apiA.post('/group/member/invitation', { group, email: p.email, role: 5 });
    const invite = await waitForMail(url, { to: p.email, subjectIncludes: 'invited you', since });
    const key = /accept-invite\?key=([A-Za-z0-9_-]+)/.exec(invite.text)![1]!;
    await apiClient(url).post('/group/member/invitation/request', { key, action: 1 });
  }
  const chat = (await apiA.post('/task', { title: 'Chat bench', group })).body.results[0].id as string;
  const apis = writers.map((w) => apiClient(url, w.accessToken));

  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(b.accessToken)}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let waiting: { id: string; resolve: (at: number) => void } | undefined;
  const early = new Map<string, number>();
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as { type?: string; id?: string };
    if (m.type !== 'new_message' || !m.id) return;
    if (waiting && m.id === waiting.id) waiting.resolve(performance.now());
    else early.set(m.id, performance.now());
  });

  const perWriter = Math.ceil(events / apis.length);
  if (perWriter > CHAT_RULES.floodMessages)
    throw new Error('more messages a writer than the flood limit allows');
  const fromAnswer: number[] = [];
  for (let i = 0; i < events; i++) {
    const sent = apis[i % apis.length]!;
    const r = await sent.post(`/chat/${chat}/message`, { message: `Message ${i}` });
    const answered = performance.now();
    if (r.status !== 201) throw new Error(`POST answered ${r.status}`);
    const id = r.body.id as string;
    const at =
      early.get(id) ??
      (await new Promise<number>((resolve) => {
        waiting = { id, resolve };
      }));
    fromAnswer.push(at - answered);
  }
  await drained();

  // The consumer's requests for a batch of new messages (the newest message, given 1 and 100 times).
  const { MessageEntity } = await import('@tandem/functions/db/entities/chat');
  const newest = (
    await MessageEntity.query.byChat({ chatId: chat }).go({ order: 'desc', limit: 1, data: 'raw' })
  ).data as unknown as { Items: Array<Record<string, unknown>> };
  const image = marshall(newest.Items[0]!, { removeUndefinedValues: true });
  const insert = (n: number): DynamoDBRecord => ({
    eventID: `record-${randomUUID()}`,
    eventName: 'INSERT',
    eventSource: 'aws:dynamodb',
    dynamodb: {
      Keys: { pk: image.pk!, sk: image.sk! } as never,
      NewImage: image as never,
      SequenceNumber: String(n),
      StreamViewType: 'NEW_AND_OLD_IMAGES',
    },
  });
  const { handler } = await import('@tandem/functions/streams/live');
  const requests: Record<number, Record<string, number>> = {};
  for (const size of [1, 100]) {
    counter.count = 0;
    counter.byCommand = {};
    await handler({ Records: Array.from({ length: size }, (_, i) => insert(i + 1)) });
    requests[size] = { ...counter.byCommand, total: counter.count };
  }
  ws.close();

  // GET /chat?recent_messages=1440 for B, and GET /chat/task/{id}: the calls' own time.
  const apiB = apiClient(url, b.accessToken);
  const time = async (path: string) => {
    const ms: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t0 = performance.now();
      const r = await apiB.get(path);
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}`);
      ms.push(performance.now() - t0);
    }
    return median(ms);
  };
  const recent = await time('/chat?recent_messages=1440');
  const one = await time(`/chat/task/${chat}`);

  const p50 = median(fromAnswer);
  const p95 = percentile(fromAnswer, 95);
  console.log(`\nChat: A's message → B's socket, ${events} messages (ms)`);
  console.log(
    `  from the POST's answer: p50 ${fmt(p50)}  p95 ${fmt(p95)}  max ${fmt(Math.max(...fromAnswer))}`,
  );
  console.log(
    `  consumer DynamoDB requests, 9 viewers: 1 message ${JSON.stringify(requests[1])}, 100 messages ${JSON.stringify(requests[100])}`,
  );
  console.log(`  GET /chat?recent_messages=1440 p50 ${fmt(recent)}  GET /chat/task/{id} p50 ${fmt(one)}`);
  record({
    figure: `message → other person's socket, p95 (${events} messages)`,
    now: `${fmt(p95)} ms`,
    target: '≤ 100 ms',
    baseline: 'none (no chat)',
    met: p95 <= 100,
  });
  record({
    figure: 'consumer DynamoDB requests per batch of new messages (1 / 100), 9 viewers',
    now: `${requests[1]!.total} / ${requests[100]!.total}`,
    target: 'constant',
    baseline: '—',
    met: requests[1]!.total === requests[100]!.total,
  });
}
