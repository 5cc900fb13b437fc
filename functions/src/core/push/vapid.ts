/**
 * VAPID (RFC 8292): the key pair that signs every push, so a push service accepts pushes for a
 * subscription only from the server whose public key the browser subscribed with. One pair for the
 * deployment: changing it ends every subscription (the browsers must subscribe again).
 *
 * Where the keys are (docs/operations.md "Web Push keys"): in AWS a Secrets Manager secret made at
 * deploy (VAPID_SECRET_ARN, read once per container on the first push, the SDK loaded then);
 * locally VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, generated once into LOCAL_DATA_DIR by the stack.
 */
import { generateKeyPairSync } from 'node:crypto';
import { env } from '../../lib/env.ts';

export interface VapidKeys {
  /** The uncompressed P-256 point, base64url (65 bytes): what the browser subscribes with. */
  publicKey: string;
  /** The private scalar, base64url (32 bytes). */
  privateKey: string;
}

/** A new pair, in the encoding browsers and the VAPID header use. */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error('The P-256 key has no coordinates');
  const point = Buffer.concat([
    Buffer.from([0x04]),
    Buffer.from(jwk.x, 'base64url'),
    Buffer.from(jwk.y, 'base64url'),
  ]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

/** The JSON a secret holds; null when it is not a pair (a new secret's placeholder). */
export function parseVapidSecret(text: string | undefined): VapidKeys | null {
  if (!text) return null;
  try {
    const v = JSON.parse(text) as Partial<VapidKeys>;
    return typeof v.publicKey === 'string' && typeof v.privateKey === 'string'
      ? { publicKey: v.publicKey, privateKey: v.privateKey }
      : null;
  } catch {
    return null;
  }
}

let cached: Promise<VapidKeys> | undefined;

/** The deployment's keys: from the environment (local), or the secret (AWS), read once. */
export function vapidKeys(): Promise<VapidKeys> {
  cached ??= readKeys().catch((e: unknown) => {
    cached = undefined; // a failed read is tried again by the next push
    throw e;
  });
  return cached;
}

async function readKeys(): Promise<VapidKeys> {
  const { vapidPublicKey, vapidPrivateKey, vapidSecretArn } = env;
  if (vapidPublicKey && vapidPrivateKey) return { publicKey: vapidPublicKey, privateKey: vapidPrivateKey };
  if (!vapidSecretArn)
    throw new Error('No VAPID keys: set VAPID_SECRET_ARN, or VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
  const client = new SecretsManagerClient({ region: env.region });
  const out = await client.send(new GetSecretValueCommand({ SecretId: vapidSecretArn }));
  const keys = parseVapidSecret(out.SecretString);
  if (!keys) throw new Error('The VAPID secret holds no key pair');
  return keys;
}

/** The subject push services may write to: VAPID_SUBJECT, else the app's https address, else a mailto. */
export function vapidSubject(): string {
  if (env.vapidSubject) return env.vapidSubject;
  return env.appUrl.startsWith('https://') ? env.appUrl : 'mailto:no-reply@tandem.local';
}
