/**
 * Web Push (issue 12 item 5): sendPush's time to hand a push to the push service for a person with 1
 * and with 5 devices — the Query of their devices, the encryption and VAPID signature per device
 * (web-push), the https POSTs to the stack's push recorder — and its DynamoDB requests per push.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { apiClient, createUser, type StackEnv } from '../testing/users.ts';
import { record } from './report.ts';
import { fmt, median, percentile } from './stats.ts';

interface Counter {
  count: number;
}

function token(recorderUrl: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `${recorderUrl}/${randomUUID()}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

export async function benchPush(env: StackEnv, url: string, counter: Counter, pushes = 100) {
  const { sendPush } = await import('@tandem/functions/core/push/send');
  const recorderUrl = (env as unknown as Record<string, string>).PUSH_RECORDER_URL!;
  for (const devices of [1, 5]) {
    const user = await createUser(env, { firstName: 'Pia' });
    const api = apiClient(url, user.accessToken);
    for (let i = 0; i < devices; i++) {
      const r = await api.post('/notifications/subscription', {
        device_type: 'web',
        device_token: token(recorderUrl),
      });
      if (r.status !== 201) throw new Error(`register answered ${r.status}`);
    }
    const payload = { title: 'Due today', body: 'Water the plants', url: '/task/x', tag: 'due.today' };
    await sendPush(user.userId, payload); // the first reads the keys
    const times: number[] = [];
    const before = counter.count;
    for (let i = 0; i < pushes; i++) {
      const t = performance.now();
      const r = await sendPush(user.userId, payload);
      times.push(performance.now() - t);
      if (r.delivered !== devices) throw new Error(`delivered ${r.delivered} of ${devices}`);
    }
    const perPush = (counter.count - before) / pushes;
    console.log(
      `sendPush, ${devices} device(s): median ${fmt(median(times))} ms, p95 ${fmt(percentile(times, 95))} ms over ${pushes}; DynamoDB requests per push ${fmt(perPush, 1)}`,
    );
    record({
      figure: `sendPush to ${devices} device(s), median (${pushes} pushes)`,
      now: `${fmt(median(times))} ms`,
      target: '—',
      baseline: 'none (no push)',
      met: null,
    });
    record({
      figure: `sendPush DynamoDB requests per push (${devices} device(s))`,
      now: fmt(perPush, 1),
      target: '1',
      baseline: '—',
      met: perPush === 1,
    });
  }
}
