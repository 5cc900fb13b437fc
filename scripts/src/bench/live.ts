/**
 * Live updates (issue 12): the time from A's write to the event on B's socket, through the real
 * path — the API write, DynamoDB Local's stream, the stack's stream runner (polling every 100 ms),
 * the consumer, the @connections post, B's WebSocket. Timed from the moment A's PATCH is answered
 * (the write is in the table), and from the moment it was sent. Then the consumer's DynamoDB
 * requests for a batch of 1 and of 100 task changes, counted; the same for group renames, for a
 * person's own placement moves and for a batch mixing all three (D41); and a group rename's time to
 * the other member's socket.
 */
import WebSocket from 'ws';
import { waitForMail } from '../local/mail/wait-for-mail.ts';
import { groupRenameRecords, placementMoveRecords, taskChangeRecords } from '../testing/stream-records.ts';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { record } from './report.ts';
import { fmt, median, percentile } from './stats.ts';

interface Counter {
  count: number;
  byCommand: Record<string, number>;
}

export async function benchLive(
  env: StackEnv,
  url: string,
  counter: Counter,
  /** The stack's stream runner: resolves once every write so far is handed to the consumer. */
  drained: () => Promise<void>,
  events = 200,
) {
  const a = await createUser(env, { firstName: 'Ada' });
  const b = await createUser(env, { firstName: 'Bo' });
  const apiA = apiClient(url, a.accessToken);
  const group = (await apiA.post('/user/group', { title: 'Live bench' })).body.id as string;
  const since = new Date();
  await apiA.post('/group/member/invitation', { group, email: b.email, role: 5 });
  const invite = await waitForMail(url, { to: b.email, subjectIncludes: 'invited you', since });
  const key = /accept-invite\?key=([A-Za-z0-9_-]+)/.exec(invite.text)![1]!;
  await apiClient(url).post('/group/member/invitation/request', { key, action: 1 });
  const task = (await apiA.post('/task', { title: 'Live 0', group })).body.results[0].id as string;

  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/ws?token=${encodeURIComponent(b.accessToken)}`);
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let waiting: { version: number; resolve: (at: number) => void } | undefined;
  let waitingGroup: ((at: number) => void) | undefined;
  ws.on('message', (data) => {
    const m = JSON.parse(String(data)) as {
      type?: string;
      task_id?: string;
      group_id?: string;
      version?: number;
    };
    if (m.task_id === task && waiting && m.version === waiting.version) waiting.resolve(performance.now());
    if (m.type === 'group_changed' && m.group_id === group) waitingGroup?.(performance.now());
  });

  const fromAnswer: number[] = [];
  const fromSend: number[] = [];
  for (let i = 1; i <= events; i++) {
    const heard = new Promise<number>((resolve) => {
      waiting = { version: i + 1, resolve };
    });
    const sent = performance.now();
    const r = await apiA.patch(`/task/${task}`, { title: `Live ${i}` });
    const answered = performance.now();
    if (r.status !== 200) throw new Error(`PATCH answered ${r.status}`);
    const at = await heard;
    fromAnswer.push(at - answered);
    fromSend.push(at - sent);
  }
  // A group renamed: its time to the other member's socket (fewer: each rename is a roster read and write).
  const groupEvents = Math.max(10, Math.round(events / 4));
  const groupFromAnswer: number[] = [];
  for (let i = 1; i <= groupEvents; i++) {
    const heard = new Promise<number>((resolve) => {
      waitingGroup = resolve;
    });
    const r = await apiA.patch(`/user/group/${group}`, { title: `Live bench ${i}` });
    const answered = performance.now();
    if (r.status !== 200) throw new Error(`group PATCH answered ${r.status}`);
    groupFromAnswer.push((await heard) - answered);
  }
  // The runner's last batches are done before the consumer's requests are counted alone.
  await drained();

  // The consumer's reads for a batch: the same task change given 1 and 100 times.
  const { handler } = await import('@tandem/functions/streams/live');
  const change = await taskChangeRecords(task);
  const requests: Record<number, number> = {};
  for (const size of [1, 100]) {
    counter.count = 0;
    counter.byCommand = {};
    await handler({ Records: Array.from({ length: size }, (_, i) => change(i + 1)) });
    requests[size] = counter.count;
  }
  // The same for group renames, placement moves and a batch of 100 mixing the three kinds.
  const groupChange = await groupRenameRecords(group);
  const placementChange = await placementMoveRecords(a.userId, task);
  const perKind: Record<string, number> = {};
  const kinds: Array<[string, (n: number) => ReturnType<typeof change>]> = [
    ['group', groupChange],
    ['placement', placementChange],
    ['mixed', (n) => [change, groupChange, placementChange][n % 3]!(n)],
  ];
  for (const [kind, make] of kinds) {
    for (const size of [1, 100]) {
      counter.count = 0;
      counter.byCommand = {};
      await handler({ Records: Array.from({ length: size }, (_, i) => make(i + 1)) });
      perKind[`${kind}:${size}`] = counter.count;
    }
  }
  ws.close();

  const p50 = median(fromAnswer);
  const p95 = percentile(fromAnswer, 95);
  console.log(`\nLive updates: A's write → B's socket, ${events} events (ms)`);
  console.log(
    `  from the write's answer: p50 ${fmt(p50)}  p95 ${fmt(p95)}  max ${fmt(Math.max(...fromAnswer))}`,
  );
  console.log(
    `  from sending the write:  p50 ${fmt(median(fromSend))}  p95 ${fmt(percentile(fromSend, 95))}`,
  );
  console.log(
    `  consumer DynamoDB requests: ${requests[1]} for 1 change, ${requests[100]} for a batch of 100`,
  );
  console.log(
    `  group rename → other member's socket, ${groupEvents} events: p50 ${fmt(median(groupFromAnswer))}  p95 ${fmt(percentile(groupFromAnswer, 95))}`,
  );
  for (const kind of ['group', 'placement', 'mixed'])
    console.log(
      `  consumer DynamoDB requests, ${kind}: ${perKind[`${kind}:1`]} for 1 record, ${perKind[`${kind}:100`]} for 100`,
    );
  record({
    figure: `write → other person's socket, p95 (${events} events)`,
    now: `${fmt(p95)} ms`,
    target: '≤ 100 ms',
    baseline: 'none (no live updates)',
    met: p95 <= 100,
  });
  record({
    figure: 'consumer DynamoDB requests per batch (1 / 100 changes)',
    now: `${requests[1]} / ${requests[100]}`,
    target: 'constant',
    baseline: '—',
    met: requests[1] === requests[100],
  });
  // A batch reads the presence items once, and the tasks' groups once when it holds task changes.
  const byBatch = Object.values(perKind);
  record({
    figure: 'consumer DynamoDB requests per batch, groups / placements / mixed (1 / 100 records)',
    now: ['group', 'placement', 'mixed'].map((k) => `${perKind[`${k}:1`]}/${perKind[`${k}:100`]}`).join(', '),
    target: '≤ 2 whatever the size',
    baseline: '—',
    met: byBatch.every((n) => n <= 2),
  });
}
