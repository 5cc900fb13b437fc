/**
 * Web Push with Node's crypto (core/push/web-push.ts, D61): the encryption reproduces RFC 8291's worked
 * example byte for byte, a fresh push decrypts with the browser's key, the VAPID header verifies with
 * the deployment's public key, and a payload no push service would take is refused before sending. The
 * integration test (push.test.ts) sends real pushes to the local push recorder and decrypts them.
 */
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { generateVapidKeys } from '../../src/core/push/vapid.ts';
import { encryptPayload, sendWebPush, vapidAuthorization } from '../../src/core/push/web-push.ts';

const b64 = (s: string) => Buffer.from(s, 'base64url');

/** What the browser does (RFC 8291 §3.4, RFC 8188), written from the RFC rather than from web-push.ts. */
function decrypt(ua: ReturnType<typeof createECDH>, auth: Buffer, body: Buffer): string {
  const salt = body.subarray(0, 16);
  expect(body.readUInt32BE(16)).toBe(4096);
  const idLength = body[20]!;
  const serverKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ua.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', ua.computeSecret(serverKey), auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(-16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, -16)), decipher.final()]);
  expect(plain.at(-1)).toBe(2);
  return plain.subarray(0, -1).toString('utf8');
}

describe('Web Push encryption (RFC 8291)', () => {
  test("reproduces the RFC's worked example (Appendix A)", () => {
    const body = encryptPayload(
      {
        p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
        auth: 'BTBZMqHH6r4Tts7J_aSIgg',
      },
      'When I grow up, I want to be a watermelon',
      { privateKey: b64('yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw'), salt: b64('DGv6ra1nlYgDCS1FRnbzlw') },
    );
    expect(body.toString('base64url')).toBe(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
  });

  test('a push decrypts with the browser keys, and every push has its own key and salt', () => {
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const auth = randomBytes(16);
    const target = { p256dh: ua.getPublicKey().toString('base64url'), auth: auth.toString('base64url') };
    const payload = JSON.stringify({ title: 'Due today', body: 'Wässer die Pflanzen 🌱' });
    const a = encryptPayload(target, payload);
    const b = encryptPayload(target, payload);
    expect(decrypt(ua, auth, a)).toBe(payload);
    expect(decrypt(ua, auth, b)).toBe(payload);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.subarray(21, 86).equals(b.subarray(21, 86))).toBe(false);
    // Another browser's key cannot read it.
    const other = createECDH('prime256v1');
    other.generateKeys();
    expect(() => decrypt(other, auth, a)).toThrow();
  });

  test('a subscription whose key is not a point rejects the one push, it does not throw', async () => {
    const keys = { ...generateVapidKeys(), subject: 'mailto:a@b.c' };
    const sending = sendWebPush(
      {
        endpoint: 'https://127.0.0.1:9/push/x',
        p256dh: randomBytes(65).toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      },
      '{}',
      { vapid: keys, ttl: 60, timeout: 1000 },
    );
    await expect(sending).rejects.toThrow();
  });

  test('a payload over one 4 KB record is refused', () => {
    const ua = createECDH('prime256v1');
    ua.generateKeys();
    const target = {
      p256dh: ua.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
    expect(() => encryptPayload(target, 'x'.repeat(4079))).not.toThrow();
    expect(() => encryptPayload(target, 'x'.repeat(4080))).toThrow(/too long/);
  });
});

describe('VAPID (RFC 8292)', () => {
  test("the header carries the public key and an ES256 JWT for the push service's origin", () => {
    const keys = generateVapidKeys();
    const now = Date.UTC(2026, 0, 1);
    const header = vapidAuthorization(
      'https://push.example.com/send/abc?x=1',
      { ...keys, subject: 'mailto:a@b.c' },
      now,
    );
    const m = /^vapid t=([^.]+)\.([^.]+)\.([^,]+), k=(.+)$/.exec(header);
    expect(m).not.toBeNull();
    const [, head, claims, signature, k] = m!;
    expect(k).toBe(keys.publicKey);
    expect(JSON.parse(b64(head!).toString())).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(JSON.parse(b64(claims!).toString())).toEqual({
      aud: 'https://push.example.com',
      exp: now / 1000 + 12 * 60 * 60,
      sub: 'mailto:a@b.c',
    });
    const point = b64(keys.publicKey);
    const key = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const check = (sig: Buffer) =>
      verify('sha256', Buffer.from(`${head}.${claims}`), { key, dsaEncoding: 'ieee-p1363' }, sig);
    expect(check(b64(signature!))).toBe(true);
    const tampered = b64(signature!);
    tampered[0]! ^= 1;
    expect(check(tampered)).toBe(false);
  });
});
