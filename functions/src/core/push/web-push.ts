/**
 * One Web Push request, made with Node's own crypto (docs/decisions.md D61): the payload encrypted for
 * the subscription (RFC 8291, content coding aes128gcm of RFC 8188) and the request signed with the
 * deployment's VAPID key (RFC 8292, an ES256 JWT). The `web-push` package did the same with its own
 * big-number and ASN.1 code, about 90 KB of the stream consumer's bundle.
 */
import {
  createCipheriv,
  createECDH,
  createHmac,
  createPrivateKey,
  type KeyObject,
  randomBytes,
  sign,
} from 'node:crypto';
import { type Agent, request } from 'node:https';
import type { VapidKeys } from './vapid.ts';

export interface PushTarget {
  endpoint: string;
  /** The browser's P-256 public key, base64url (65 bytes, uncompressed). */
  p256dh: string;
  /** The browser's authentication secret, base64url (16 bytes). */
  auth: string;
}

export interface PushOptions {
  vapid: VapidKeys & { subject: string };
  /** Seconds the push service keeps an undelivered push. */
  ttl: number;
  /** Milliseconds to wait for the push service. */
  timeout: number;
  topic?: string;
  agent?: Agent;
}

/** A push service's answer other than 2xx; `statusCode` says whether the subscription is gone (404, 410). */
export class PushServiceError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: string,
  ) {
    super(`The push service answered ${statusCode}${body ? `: ${body.slice(0, 200)}` : ''}`);
    this.name = 'PushServiceError';
  }
}

/** RFC 8188's record size; one record holds any payload a push service accepts (4 KB). */
const RECORD_SIZE = 4096;
/** How long a VAPID signature holds (RFC 8292 allows at most 24 hours). */
const VAPID_TTL_SECONDS = 12 * 60 * 60;

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** HKDF (RFC 5869) with SHA-256 for outputs of at most 32 bytes: one extract, one expand step. */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

/**
 * RFC 8291 §3.4: the body a push service forwards and only the subscribed browser can read. A new key
 * pair and salt for every push; `fixed` gives them, for the RFC's worked example (its Appendix A).
 */
export function encryptPayload(
  target: Pick<PushTarget, 'p256dh' | 'auth'>,
  payload: string,
  fixed?: { privateKey: Buffer; salt: Buffer },
): Buffer {
  const plain = Buffer.concat([Buffer.from(payload, 'utf8'), Buffer.from([2])]);
  // One record only: a push service takes at most 4 KB, so a longer payload would be refused anyway.
  if (plain.length + 16 > RECORD_SIZE)
    throw new Error(`A push payload of ${plain.length - 1} bytes is too long`);
  const uaPublic = Buffer.from(target.p256dh, 'base64url');
  const authSecret = Buffer.from(target.auth, 'base64url');
  const ecdh = createECDH('prime256v1');
  if (fixed) ecdh.setPrivateKey(fixed.privateKey);
  const asPublic = fixed ? ecdh.getPublicKey() : ecdh.generateKeys();
  const shared = ecdh.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, shared, keyInfo, 32);
  const salt = fixed?.salt ?? randomBytes(16);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  // The one (last) record: the payload, then the delimiter 2 (RFC 8188 §2).
  const sealed = Buffer.concat([cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header[20] = asPublic.length;
  return Buffer.concat([header, asPublic, sealed]);
}

const signingKeys = new Map<string, KeyObject>();

function signingKey(keys: VapidKeys): KeyObject {
  let key = signingKeys.get(keys.privateKey);
  if (!key) {
    const point = Buffer.from(keys.publicKey, 'base64url');
    key = createPrivateKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        d: keys.privateKey,
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33, 65).toString('base64url'),
      },
      format: 'jwk',
    });
    signingKeys.set(keys.privateKey, key);
  }
  return key;
}

const json64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** RFC 8292: `vapid t=<JWT>, k=<public key>`, the JWT ES256-signed for the push service's origin. */
export function vapidAuthorization(
  endpoint: string,
  vapid: VapidKeys & { subject: string },
  now = Date.now(),
) {
  const unsigned = `${json64({ typ: 'JWT', alg: 'ES256' })}.${json64({
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + VAPID_TTL_SECONDS,
    sub: vapid.subject,
  })}`;
  const signature = sign('sha256', Buffer.from(unsigned), {
    key: signingKey(vapid),
    dsaEncoding: 'ieee-p1363',
  });
  return `vapid t=${unsigned}.${signature.toString('base64url')}, k=${vapid.publicKey}`;
}

/**
 * Sends one push; resolves when the push service accepts it, rejects with PushServiceError otherwise.
 * Async, so a subscription whose keys cannot be used rejects (one failed device) instead of throwing.
 */
export async function sendWebPush(target: PushTarget, payload: string, options: PushOptions): Promise<void> {
  const body = encryptPayload(target, payload);
  const headers: Record<string, string | number> = {
    'Content-Type': 'application/octet-stream',
    'Content-Encoding': 'aes128gcm',
    'Content-Length': body.length,
    TTL: options.ttl,
    Authorization: vapidAuthorization(target.endpoint, options.vapid),
    ...(options.topic ? { Topic: options.topic } : {}),
  };
  await new Promise<void>((resolve, reject) => {
    const req = request(
      target.endpoint,
      {
        method: 'POST',
        headers,
        timeout: options.timeout,
        ...(options.agent ? { agent: options.agent } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve();
          else reject(new PushServiceError(status, Buffer.concat(chunks).toString('utf8')));
        });
      },
    );
    req.on('timeout', () =>
      req.destroy(new Error(`The push service did not answer in ${options.timeout} ms`)),
    );
    req.on('error', reject);
    req.end(body);
  });
}
