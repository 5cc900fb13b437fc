/**
 * Secrets at rest (refresh tokens, CalDAV app passwords): sealed before they are written, opened only
 * to talk to the provider. One interface, two keepers:
 * - in AWS, KMS (INTEGRATIONS_KMS_KEY_ID): the secret is encrypted by the key with KMS's Encrypt, and
 *   Decrypt opens it; the key never leaves KMS (infra grants the sync functions exactly these two);
 * - on this machine, a 256-bit key in a file of LOCAL_DATA_DIR (made on first use, mode 0600) and
 *   AES-256-GCM from Node's crypto: a fresh 96-bit IV per secret, the tag checked on opening.
 * A sealed value names its keeper (`local:` or `kms:`), so a value is never opened by the wrong one.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface SecretBox {
  seal(plain: string): Promise<string>;
  open(sealed: string): Promise<string>;
}

/** AES-256-GCM with `key`: `local:` + base64url(iv ‖ tag ‖ ciphertext). */
export function aesBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('The integrations key must be 32 bytes.');
  return {
    async seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `local:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
    },
    async open(sealed) {
      if (!sealed.startsWith('local:')) throw new Error('This secret was not sealed by the local key.');
      const raw = Buffer.from(sealed.slice('local:'.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
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

/** KMS's Encrypt and Decrypt, as a client gives them (an interface, so the SDK is loaded only in AWS). */
export interface KmsLike {
  encrypt(keyId: string, plain: Uint8Array): Promise<Uint8Array>;
  decrypt(keyId: string, blob: Uint8Array): Promise<Uint8Array>;
}

export function kmsBox(keyId: string, kms: KmsLike): SecretBox {
  return {
    async seal(plain) {
      const blob = await kms.encrypt(keyId, Buffer.from(plain, 'utf8'));
      return `kms:${Buffer.from(blob).toString('base64url')}`;
    },
    async open(sealed) {
      if (!sealed.startsWith('kms:')) throw new Error('This secret was not sealed by KMS.');
      return Buffer.from(await kms.decrypt(keyId, Buffer.from(sealed.slice(4), 'base64url'))).toString(
        'utf8',
      );
    },
  };
}

let box: SecretBox | undefined;
let kmsFactory: (() => KmsLike) | undefined;

/** AWS wiring registers its KMS client here (core/integrations/kms.ts); tests may too. */
export function useKms(factory: () => KmsLike): void {
  kmsFactory = factory;
  box = undefined;
}

/** The keeper for this environment: KMS when a key id is configured, else the local key file. */
export function secretBox(): SecretBox {
  if (box) return box;
  const keyId = process.env.INTEGRATIONS_KMS_KEY_ID;
  if (keyId) {
    if (!kmsFactory) throw new Error('INTEGRATIONS_KMS_KEY_ID is set but no KMS client is registered.');
    box = kmsBox(keyId, kmsFactory());
    return box;
  }
  const dataDir = process.env.LOCAL_DATA_DIR;
  if (!dataDir) throw new Error('Neither INTEGRATIONS_KMS_KEY_ID nor LOCAL_DATA_DIR is set.');
  box = aesBox(localKey(dataDir));
  return box;
}
