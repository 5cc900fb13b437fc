/**
 * Web Push end to end on the local stack (docs/realtime.md "Web Push"): a device registers with a
 * subscription made here the way a browser makes one (a P-256 key pair and a 16-byte secret) and
 * pointing at the stack's push recorder; sendPush delivers an aes128gcm body signed with the VAPID
 * key, which this test decrypts with the device's private key (RFC 8291) and whose signature it
 * checks (RFC 8292); a push service's 410 deletes the subscription, a 500 keeps it and is reported;
 * a malformed subscription is 400 and writes nothing.
 */
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
} from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { sendPush } from '../../src/core/push/send.ts';
import { subscriptionsOf } from '../../src/core/push/subscriptions.ts';
import { env, person, stack } from './support.ts';

interface RecordedPush {
  endpoint: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const recorderUrl = () => (env as unknown as Record<string, string>).PUSH_RECORDER_URL!;
const vapidPublicKey = () => (env as unknown as Record<string, string>).VAPID_PUBLIC_KEY!;

/** A device as a browser would make it: its keys, and the subscription JSON it hands to the app. */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  const id = randomUUID();
  return {
    id,
    ecdh,
    auth,
    token: {
      endpoint: `${recorderUrl()}/${id}`,
      expirationTime: null,
      keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    },
  };
}

async function pushesTo(id: string): Promise<RecordedPush[]> {
  const r = await fetch(`${stack.url}/_local/push.json?endpoint=${encodeURIComponent(id)}`);
  return ((await r.json()) as { pushes: RecordedPush[] }).pushes;
}

async function answerWith(id: string, status: number | null) {
  const r = await fetch(`${stack.url}/_local/push/answer`, {
    method: 'PUT',
    body: JSON.stringify({ endpoint: id, status }),
  });
  expect(r.status).toBe(204);
}

/** RFC 8291 §3.4 and RFC 8188: what the device does with a push it receives. */
function decrypt(d: ReturnType<typeof device>, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = d.ecdh.computeSecret(serverKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, d.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 2, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return plain.subarray(0, end).toString('utf8');
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the JWT is ES256-signed for the push service's origin. */
function checkVapid(authorization: string) {
  const m = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  expect(m).not.toBeNull();
  const [, jwt, k] = m!;
  expect(k).toBe(vapidPublicKey());
  const [header, claims, signature] = jwt!.split('.');
  const point = Buffer.from(k!, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature!, 'base64url'),
  );
  expect(signed).toBe(true);
  const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString('utf8')) as {
    aud: string;
    exp: number;
  };
  expect(payload.aud).toBe(new URL(recorderUrl()).origin);
  expect(payload.exp * 1000).toBeGreaterThan(Date.now());
}

describe('Web Push', () => {
  test("a push reaches every registered device of the person, encrypted for it and signed with the deployment's key", async () => {
    const ada = await person('Ada');
    const phone = device();
    const laptop = device();
    for (const d of [phone, laptop]) {
      const r = await ada.api.post('/notifications/subscription', {
        device_type: 'web',
        device_token: d.token,
      });
      expect(r.status).toBe(201);
    }
    // Registering a device again replaces it, it does not add one.
    expect(
      (
        await ada.api.post('/notifications/subscription', {
          device_type: 'web',
          device_token: JSON.stringify(phone.token),
        })
      ).status,
    ).toBe(201);
    expect(await subscriptionsOf(ada.userId)).toHaveLength(2);

    const payload = { title: 'Due today', body: 'Water the plants', url: '/task/t1', tag: 'due.today' };
    const result = await sendPush(ada.userId, payload);
    expect(result).toEqual({ delivered: 2, gone: 0, failures: [] });

    for (const d of [phone, laptop]) {
      const [push, ...more] = await pushesTo(d.id);
      expect(more).toEqual([]);
      expect(push!.status).toBe(201);
      expect(push!.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
      expect(push!.headers.topic).toBe('due_today');
      checkVapid(push!.headers.authorization!);
      expect(JSON.parse(decrypt(d, Buffer.from(push!.body, 'base64')))).toEqual(payload);
    }
  });

  test('one path: a person told with push gets it on their device through the stream; without a device, push is not a channel', async () => {
    const { tell } = await import('../../src/core/notifications/tell.ts');
    const cy = await person('Cy');
    const phone = device();
    expect(
      (await cy.api.post('/notifications/subscription', { device_type: 'web', device_token: phone.token }))
        .status,
    ).toBe(201);
    const told = (userId: string, title: string) =>
      tell({
        template: 'delegated',
        subject: { type: 'task', id: 'tsk-push-path' },
        variables: { taskId: 'tsk-push-path', taskTitle: title },
        to: [{ userId }],
        push: { title, body: 'Given to you' },
      });
    const [r] = await told(cy.userId, `Pushed ${cy.userId}`);
    // Queued by tell(); sent by the stream consumer (streams/push-outbox.ts), not by the caller.
    expect(r!.channels).toContain('push');
    let pushes: RecordedPush[] = [];
    for (let i = 0; i < 100 && pushes.length === 0; i++) {
      pushes = await pushesTo(phone.id);
      if (pushes.length === 0) await new Promise((done) => setTimeout(done, 50));
    }
    expect(pushes).toHaveLength(1);
    const sent = JSON.parse(decrypt(phone, Buffer.from(pushes[0]!.body, 'base64'))) as {
      title: string;
      url: string;
    };
    expect(sent.title).toBe(`Pushed ${cy.userId}`);
    expect(sent.url).toContain('tsk-push-path');

    const dee = await person('Dee');
    const [none] = await told(dee.userId, `Not pushed ${dee.userId}`);
    expect(none!.channels).not.toContain('push');
  });

  test('a subscription the push service calls gone (410, 404) is deleted; another failure is reported and kept', async () => {
    const bo = await person('Bo');
    const gone = device();
    const missing = device();
    const failing = device();
    for (const d of [gone, missing, failing])
      expect(
        (await bo.api.post('/notifications/subscription', { device_type: 'web', device_token: d.token }))
          .status,
      ).toBe(201);
    await answerWith(gone.id, 410);
    await answerWith(missing.id, 404);
    await answerWith(failing.id, 500);

    const result = await sendPush(bo.userId, { title: 'Hello', body: 'there', url: '/' });
    expect(result.delivered).toBe(0);
    expect(result.gone).toBe(2);
    expect(result.failures).toEqual([
      expect.objectContaining({ endpoint: failing.token.endpoint, status: 500 }),
    ]);
    expect((await subscriptionsOf(bo.userId)).map((s) => s.endpoint)).toEqual([failing.token.endpoint]);

    await answerWith(failing.id, null);
    expect(await sendPush(bo.userId, { title: 'Again', body: '', url: '/' })).toEqual({
      delivered: 1,
      gone: 0,
      failures: [],
    });
  });

  test('a device is forgotten by DELETE with its endpoint; a person with no device is sent nothing', async () => {
    const cy = await person('Cy');
    const d = device();
    expect(
      (await cy.api.post('/notifications/subscription', { device_type: 'web', device_token: d.token }))
        .status,
    ).toBe(201);
    const r = await cy.api.delete('/notifications/subscription', {
      device_type: 'web',
      device_token: d.token.endpoint,
    });
    expect(r.status).toBe(204);
    expect(await subscriptionsOf(cy.userId)).toEqual([]);
    expect(await sendPush(cy.userId, { title: 'x', body: 'y', url: '/' })).toEqual({
      delivered: 0,
      gone: 0,
      failures: [],
    });
    expect(await pushesTo(d.id)).toEqual([]);
  });

  test('a malformed subscription is refused with 400 and writes nothing', async () => {
    const di = await person('Di');
    const d = device();
    const bad = [
      { ...d.token, endpoint: d.token.endpoint.replace('https:', 'http:') },
      { ...d.token, endpoint: 'not an address' },
      { ...d.token, keys: { ...d.token.keys, p256dh: d.token.keys.p256dh.slice(4) } },
      { ...d.token, keys: { ...d.token.keys, auth: 'short' } },
      { endpoint: d.token.endpoint },
      '{not json',
    ];
    for (const device_token of bad) {
      const r = await di.api.post('/notifications/subscription', { device_type: 'web', device_token });
      expect(r.status, JSON.stringify(device_token)).toBe(400);
      expect(r.body).toMatchObject({ code: expect.any(String), fallback_message: expect.any(String) });
    }
    expect(
      (await di.api.post('/notifications/subscription', { device_type: 'ios', device_token: d.token }))
        .status,
    ).toBe(400);
    expect(await subscriptionsOf(di.userId)).toEqual([]);
  });
});
