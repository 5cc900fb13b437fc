/**
 * Secrets at rest (refresh tokens, CalDAV app passwords): sealed before they are written, opened only
 * to talk to the provider. One interface, two keepers:
 * - in AWS, envelope encryption under the KMS key INTEGRATIONS_KMS_KEY_ID (kms.ts): each secret gets its
 *   own 256-bit data key from GenerateDataKey, is sealed locally with AES-256-GCM under it, and the data
 *   key, encrypted by KMS, is stored beside the ciphertext. Opening is one Decrypt of that data key
 *   (one KMS call per sync of a connection, whatever it reads), bound by an encryption context naming
 *   the owner and the connection: a sealed value copied to another connection does not open. The key
 *   never leaves KMS; infra grants GenerateDataKey and Decrypt to the integration functions only.
 * - on this machine, a 256-bit key in a file of LOCAL_DATA_DIR (made on first use, mode 0600) and
 *   AES-256-GCM from Node's crypto: a fresh 96-bit IV per secret, the tag checked on opening.
 * A sealed value names its keeper (`local:` or `kms:`), so a value is never opened by the wrong one,
 * and values sealed by the local key keep opening wherever that key is (decisions D70, D75).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { awsKms, INTEGRATION_SECRET_PURPOSE, type KmsLike } from './kms.ts';

/** Whose secret it is: KMS's encryption context (and the GCM additional data) of an envelope. */
export interface SecretOwner {
  /** The person the connection belongs to. */
  owner: string;
  /** The connection (integration id). */
  connection: string;
}

export interface SecretBox {
  seal(plain: string, owner: SecretOwner): Promise<string>;
  open(sealed: string, owner: SecretOwner): Promise<string>;
}

/** AES-256-GCM with `key`: `local:` + base64url(iv ‖ tag ‖ ciphertext). */
export function aesBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The integrations key must be 32 bytes.');
  return {
    async seal(plain) {
      return `local:${gcmSeal(key, Buffer.from(plain, 'utf8')).toString('base64url')}`;
    },
    async open(sealed) {
      if (!sealed.startsWith('local:')) throw new Error('This secret was not sealed by the local key.');
      return gcmOpen(key, Buffer.from(sealed.slice('local:'.length), 'base64url')).toString('utf8');
    },
  };
}

/** iv ‖ tag ‖ ciphertext. */
function gcmSeal(key: Uint8Array, plain: Buffer, aad?: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad) cipher.setAAD(aad);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function gcmOpen(key: Uint8Array, raw: Buffer, aad?: Buffer): Buffer {
  if (raw.length < 28) throw new Error('The sealed secret is too short.');
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
  if (aad) decipher.setAAD(aad);
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
}

/** The local key: LOCAL_DATA_DIR/integrations.key, 32 random bytes made once. */
export function localKey(dataDir: string): Buffer {
  const file = path.join(dataDir, 'integrations.key');
  try {
    return readFileSync(file);
  } catch {
    mkdirSync(dataDir, { recursive: true });
    const key = randomBytes(32);
    // 'wx': two first uses at once keep the one key written first.
    try {
      writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return readFileSync(file);
    }
  }
}

/** KMS's encryption context of a connection's secret. */
export const encryptionContext = (o: SecretOwner): Record<string, string> => ({
  purpose: INTEGRATION_SECRET_PURPOSE,
  owner: o.owner,
  connection: o.connection,
});

export type { KmsLike } from './kms.ts';

/** How long an opened data key is kept by a warm function (a sync's several links share one Decrypt). */
const DATA_KEY_TTL_MS = 5 * 60_000;
const DATA_KEYS_KEPT = 100;

/**
 * Envelope encryption: `kms:` + base64url(encrypted data key) + `.` + base64url(iv ‖ tag ‖ ciphertext),
 * the GCM additional data being the encryption context, as KMS's is.
 */
export function kmsBox(keyId: string, kms: KmsLike, now: () => number = Date.now): SecretBox {
  const opened = new Map<string, { key: Uint8Array; until: number }>();
  const aadOf = (o: SecretOwner) => Buffer.from(JSON.stringify(encryptionContext(o)), 'utf8');
  return {
    async seal(plain, owner) {
      const { plaintext, encrypted } = await kms.generateDataKey(keyId, encryptionContext(owner));
      try {
        const body = gcmSeal(plaintext, Buffer.from(plain, 'utf8'), aadOf(owner));
        return `kms:${Buffer.from(encrypted).toString('base64url')}.${body.toString('base64url')}`;
      } finally {
        plaintext.fill(0);
      }
    },
    async open(sealed, owner) {
      if (!sealed.startsWith('kms:')) throw new Error('This secret was not sealed by KMS.');
      const [wrapped, body] = sealed.slice('kms:'.length).split('.');
      if (!wrapped || !body) throw new Error('The sealed secret is malformed.');
      const cacheKey = `${owner.owner}\u0000${owner.connection}\u0000${wrapped}`;
      const t = now();
      let hit = opened.get(cacheKey);
      if (!hit || hit.until <= t) {
        const key = await kms.decrypt(keyId, Buffer.from(wrapped, 'base64url'), encryptionContext(owner));
        hit = { key, until: t + DATA_KEY_TTL_MS };
        opened.delete(cacheKey);
        opened.set(cacheKey, hit);
        while (opened.size > DATA_KEYS_KEPT) opened.delete(opened.keys().next().value as string);
      }
      return gcmOpen(hit.key, Buffer.from(body, 'base64url'), aadOf(owner)).toString('utf8');
    },
  };
}

/**
 * Seals with `sealer`; opens each value with the keeper its prefix names, when this environment has
 * it (values sealed by the local key still open once KMS seals the new ones, as long as the key file is
 * there).
 */
export function keepers(sealer: SecretBox, local?: SecretBox, kms?: SecretBox): SecretBox {
  return {
    seal: (plain, owner) => sealer.seal(plain, owner),
    async open(sealed, owner) {
      const keeper = sealed.startsWith('kms:') ? kms : sealed.startsWith('local:') ? local : undefined;
      if (!keeper) throw new Error('No keeper here can open this secret.');
      return keeper.open(sealed, owner);
    },
  };
}

let box: SecretBox | undefined;
let kmsFactory: (() => KmsLike) | undefined;

/** Replaces the KMS client (tests); by default kms.ts's, made on first use. */
export function useKms(factory: (() => KmsLike) | undefined): void {
  kmsFactory = factory;
  box = undefined;
}

/** The keeper for this environment: KMS when a key id is configured, else the local key file. */
export function secretBox(): SecretBox {
  if (box) return box;
  const keyId = process.env.INTEGRATIONS_KMS_KEY_ID;
  const dataDir = process.env.LOCAL_DATA_DIR;
  const local = dataDir ? aesBox(localKey(dataDir)) : undefined;
  if (keyId) {
    const kms = kmsBox(keyId, (kmsFactory ?? awsKms)());
    box = keepers(kms, local, kms);
    return box;
  }
  if (!local) throw new Error('Neither INTEGRATIONS_KMS_KEY_ID nor LOCAL_DATA_DIR is set.');
  box = keepers(local, local);
  return box;
}
