import { describe, expect, test } from 'vitest';
import {
  base64UrlBytes,
  pushMessages,
  registerPushBody,
  unregisterPushBody,
} from '../src/push/subscription.ts';

// A P-256 public key (uncompressed and compressed), and secrets of 16, 12 and 64 bytes, made once.
const P256 = 'BMaeJsiCyU6M5Kqr8w_uyrQd_xrfezzix8ntHnGskjVRN5rIBOVCaArk_aHXHY4GrI3mW4__wxLTCBNowPUldE4';
const P256_COMPRESSED = 'AsaeJsiCyU6M5Kqr8w_uyrQd_xrfezzix8ntHnGskjVR';
const BYTES_16 = 'HC9DqUQ_8_VrTc-lagDD3Q';
const BYTES_12 = 'T-mTHID1f1H4zZk5';
const BYTES_64 = '-vntN1_nIOHONS1kDikHKduufnDXXewiP1ZMPTeghj1p3hXeuSCzR51AG0NHQwTewKjsmwo5oZu_uLy5rAcvzw';
const token = {
  endpoint: 'https://push.example.com/send/abc123',
  expirationTime: null,
  keys: { p256dh: P256, auth: BYTES_16 },
};

const firstError = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe('push subscription token', () => {
  test('a browser subscription is accepted, as an object or as its JSON text', () => {
    expect(registerPushBody.parse({ deviceType: 'web', deviceToken: token }).deviceToken).toEqual(token);
    expect(
      registerPushBody.parse({ deviceType: 'web', deviceToken: JSON.stringify(token) }).deviceToken.endpoint,
    ).toBe(token.endpoint);
  });

  test.each([
    ['http endpoint', { ...token, endpoint: 'http://push.example.com/x' }, pushMessages.endpoint],
    ['not a URL', { ...token, endpoint: 'push service' }, pushMessages.endpoint],
    [
      'a port and path are fine, a space is not',
      { ...token, endpoint: 'https://p.example.com:8443/a b' },
      pushMessages.endpoint,
    ],
    ['credentials in URL', { ...token, endpoint: 'https://a:b@push.example.com/x' }, pushMessages.endpoint],
    [
      'endpoint too long',
      { ...token, endpoint: `https://p.example.com/${'a'.repeat(2100)}` },
      pushMessages.endpoint,
    ],
    ['key of a wrong length', { ...token, keys: { ...token.keys, p256dh: BYTES_64 } }, pushMessages.p256dh],
    ['compressed key', { ...token, keys: { ...token.keys, p256dh: P256_COMPRESSED } }, pushMessages.p256dh],
    [
      'key not base64url',
      { ...token, keys: { ...token.keys, p256dh: `${token.keys.p256dh.slice(1)}+` } },
      pushMessages.p256dh,
    ],
    ['secret of 12 bytes', { ...token, keys: { ...token.keys, auth: BYTES_12 } }, pushMessages.auth],
    ['no keys', { endpoint: token.endpoint }, pushMessages.token],
  ])('refused: %s', (_name, deviceToken, message) => {
    expect(firstError(registerPushBody.safeParse({ deviceType: 'web', deviceToken }))).toBe(message);
  });

  test('only web devices, and nothing else in the body', () => {
    expect(firstError(registerPushBody.safeParse({ deviceType: 'ios', deviceToken: token }))).toBe(
      pushMessages.deviceType,
    );
    expect(registerPushBody.safeParse({ deviceType: 'web', deviceToken: token, extra: 1 }).success).toBe(
      false,
    );
  });

  test('a device is unregistered by its token or its endpoint alone', () => {
    for (const deviceToken of [token, token.endpoint, { endpoint: token.endpoint }]) {
      expect(unregisterPushBody.parse({ deviceType: 'web', deviceToken }).deviceToken.endpoint).toBe(
        token.endpoint,
      );
    }
    expect(
      unregisterPushBody.safeParse({ deviceType: 'web', deviceToken: 'http://x.example/y' }).success,
    ).toBe(false);
  });

  test('base64url decoding', () => {
    expect(base64UrlBytes('AQID')).toEqual(new Uint8Array([1, 2, 3]));
    expect(base64UrlBytes('AQI=')).toEqual(new Uint8Array([1, 2]));
    expect(base64UrlBytes(P256)?.length).toBe(65);
    expect(base64UrlBytes(BYTES_16)?.length).toBe(16);
    expect(base64UrlBytes('A')).toBeNull();
    expect(base64UrlBytes('a/b')).toBeNull();
  });
});
