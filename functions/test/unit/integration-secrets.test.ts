/**
 * Secrets at rest for calendar integrations (decisions D70, D75): AES-256-GCM with the local key file, a
 * tampered or foreign value refused, the key made once with owner-only access; in AWS, envelope
 * encryption under KMS (no local KMS engine: the SDK's client is mocked with aws-sdk-client-mock, as a
 * KMS that keeps its own master key and checks the encryption context).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DecryptCommand, GenerateDataKeyCommand, KMSClient } from '@aws-sdk/client-kms';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { awsKms } from '../../src/core/integrations/kms.ts';
import {
  aesBox,
  keepers,
  kmsBox,
  localKey,
  type SecretOwner,
  secretBox,
  useKms,
} from '../../src/core/integrations/secret-box.ts';

const ann: SecretOwner = { owner: 'user-ann', connection: 'conn-1' };
const bob: SecretOwner = { owner: 'user-bob', connection: 'conn-2' };

describe('local key (AES-256-GCM)', () => {
  it('seals and opens; the sealed text carries neither the secret nor the same bytes twice', async () => {
    const box = aesBox(randomBytes(32));
    const a = await box.seal('1//refresh-token-value', ann);
    const b = await box.seal('1//refresh-token-value', ann);
    expect(a).toMatch(/^local:/);
    expect(a).not.toContain('refresh-token');
    expect(a).not.toBe(b); // a fresh IV each time
    expect(await box.open(a, ann)).toBe('1//refresh-token-value');
  });

  it('refuses a changed byte, another key, and a value sealed by KMS', async () => {
    const box = aesBox(randomBytes(32));
    const sealed = await box.seal('app-password', ann);
    const raw = Buffer.from(sealed.slice(6), 'base64url');
    raw[raw.length - 1]! ^= 1;
    await expect(box.open(`local:${raw.toString('base64url')}`, ann)).rejects.toThrow();
    await expect(aesBox(randomBytes(32)).open(sealed, ann)).rejects.toThrow();
    await expect(box.open('kms:AAAA.AAAA', ann)).rejects.toThrow(/local key/);
    expect(() => aesBox(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('opens a value sealed by the earlier code (D70) with its key file', async () => {
    // Sealed by the secret box of D70 with a key of 32 bytes of 7; its format is kept.
    const legacy = 'local:YX95IhmKTfmHxNoRckX9iH3SoJU1yUhpQcdaILq_lSuWM-EUB1sQH1J2G-VjcVXCau7O';
    expect(await aesBox(Buffer.alloc(32, 7)).open(legacy, ann)).toBe('1//legacy-refresh-token');
  });

  it('the key file is made once in the data folder, readable by its owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'integrations-key-'));
    const first = localKey(dir);
    expect(first).toHaveLength(32);
    expect(localKey(dir).equals(first)).toBe(true);
    expect(statSync(path.join(dir, 'integrations.key')).mode & 0o777).toBe(0o600);
  });
});

/**
 * KMS as the SDK's client is mocked: a master key of its own wraps each data key with the encryption
 * context as additional data, so Decrypt with another context fails as KMS's does
 * (InvalidCiphertextException).
 */
function fakeKms() {
  const master = randomBytes(32);
  const mock = mockClient(KMSClient);
  const ctx = (c: Record<string, string> | undefined) => Buffer.from(JSON.stringify(c ?? {}));
  mock.on(GenerateDataKeyCommand).callsFake((input: { EncryptionContext?: Record<string, string> }) => {
    const plaintext = randomBytes(32);
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', master, iv).setAAD(ctx(input.EncryptionContext));
    const body = Buffer.concat([c.update(plaintext), c.final()]);
    return {
      Plaintext: new Uint8Array(plaintext),
      CiphertextBlob: Buffer.concat([iv, c.getAuthTag(), body]),
    };
  });
  mock
    .on(DecryptCommand)
    .callsFake((input: { CiphertextBlob: Uint8Array; EncryptionContext?: Record<string, string> }) => {
      const b = Buffer.from(input.CiphertextBlob);
      const d = createDecipheriv('aes-256-gcm', master, b.subarray(0, 12)).setAAD(
        ctx(input.EncryptionContext),
      );
      d.setAuthTag(b.subarray(12, 28));
      try {
        return { Plaintext: new Uint8Array(Buffer.concat([d.update(b.subarray(28)), d.final()])) };
      } catch {
        throw Object.assign(new Error('InvalidCiphertextException'), { name: 'InvalidCiphertextException' });
      }
    });
  return mock;
}

describe('KMS keeper (envelope encryption)', () => {
  const KEY = 'arn:aws:kms:eu-west-1:111122223333:key/abcd';
  let mock: ReturnType<typeof fakeKms> | undefined;
  afterEach(() => {
    mock?.restore();
    mock = undefined;
  });

  it('one GenerateDataKey per seal, one Decrypt per open, with the key and the connection as context', async () => {
    mock = fakeKms();
    let t = 0;
    const box = kmsBox(KEY, awsKms(), () => t);
    const sealed = await box.seal('1//refresh-token-value', ann);
    expect(sealed).toMatch(/^kms:[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('refresh-token');
    const gen = mock.commandCalls(GenerateDataKeyCommand);
    expect(gen).toHaveLength(1);
    expect(gen[0]!.args[0].input).toEqual({
      KeyId: KEY,
      KeySpec: 'AES_256',
      EncryptionContext: { purpose: 'tandem-integration-secret', owner: 'user-ann', connection: 'conn-1' },
    });
    // A sync opens the connection's secret for each of its links: KMS is asked once.
    expect(await box.open(sealed, ann)).toBe('1//refresh-token-value');
    expect(await box.open(sealed, ann)).toBe('1//refresh-token-value');
    const dec = mock.commandCalls(DecryptCommand);
    expect(dec).toHaveLength(1);
    expect(dec[0]!.args[0].input.KeyId).toBe(KEY);
    expect(dec[0]!.args[0].input.EncryptionContext).toEqual(gen[0]!.args[0].input.EncryptionContext);
    // After the data key's time in memory, KMS is asked again.
    t += 5 * 60_000;
    expect(await box.open(sealed, ann)).toBe('1//refresh-token-value');
    expect(mock.commandCalls(DecryptCommand)).toHaveLength(2);
    expect(mock.commandCalls(GenerateDataKeyCommand)).toHaveLength(1);
  });

  it('a value moved to another connection, a changed byte or a local value does not open', async () => {
    mock = fakeKms();
    const box = kmsBox(KEY, awsKms());
    const sealed = await box.seal('app-password', ann);
    await expect(box.open(sealed, bob)).rejects.toThrow(/InvalidCiphertext/);
    await expect(box.open(sealed, { ...ann, connection: 'conn-9' })).rejects.toThrow();
    const [wrapped, body] = sealed.slice(4).split('.');
    const raw = Buffer.from(body!, 'base64url');
    raw[raw.length - 1]! ^= 1;
    await expect(box.open(`kms:${wrapped}.${raw.toString('base64url')}`, ann)).rejects.toThrow();
    await expect(box.open('local:AAAA', ann)).rejects.toThrow(/KMS/);
    await expect(box.open('kms:AAAA', ann)).rejects.toThrow(/malformed/);
  });

  it('with INTEGRATIONS_KMS_KEY_ID the box seals with KMS and still opens values of the local key', async () => {
    mock = fakeKms();
    const dir = mkdtempSync(path.join(tmpdir(), 'integrations-key-'));
    writeFileSync(path.join(dir, 'integrations.key'), Buffer.alloc(32, 7), { mode: 0o600 });
    const saved = { kms: process.env.INTEGRATIONS_KMS_KEY_ID, dir: process.env.LOCAL_DATA_DIR };
    try {
      process.env.INTEGRATIONS_KMS_KEY_ID = KEY;
      process.env.LOCAL_DATA_DIR = dir;
      useKms(undefined);
      const box = secretBox();
      const sealed = await box.seal('new-token', ann);
      expect(sealed).toMatch(/^kms:/);
      expect(await box.open(sealed, ann)).toBe('new-token');
      expect(
        await box.open('local:YX95IhmKTfmHxNoRckX9iH3SoJU1yUhpQcdaILq_lSuWM-EUB1sQH1J2G-VjcVXCau7O', ann),
      ).toBe('1//legacy-refresh-token');
      // Without the key file (AWS), a local value is refused plainly.
      delete process.env.LOCAL_DATA_DIR;
      useKms(undefined);
      await expect(secretBox().open('local:AAAA', ann)).rejects.toThrow(/No keeper/);
    } finally {
      for (const [k, v] of [
        ['INTEGRATIONS_KMS_KEY_ID', saved.kms],
        ['LOCAL_DATA_DIR', saved.dir],
      ] as const) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      useKms(undefined);
    }
  });

  it('the local key keeper refuses a KMS value rather than guessing', async () => {
    const local = aesBox(randomBytes(32));
    await expect(keepers(local, local).open('kms:AAAA.AAAA', ann)).rejects.toThrow(/No keeper/);
  });
});

describe('CalDAV address guard', () => {
  it('refuses loopback, private, link-local and metadata addresses unless allowed', async () => {
    const { isPrivate, isPublicAddress } = await import('../../src/core/integrations/address-guard.ts');
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ])
      expect(isPrivate(ip), ip).toBe(true);
    for (const ip of ['1.1.1.1', '17.253.144.10', '2606:4700::1111']) expect(isPrivate(ip), ip).toBe(false);
    const saved = process.env.INTEGRATIONS_ALLOW_PRIVATE_HOSTS;
    try {
      delete process.env.INTEGRATIONS_ALLOW_PRIVATE_HOSTS;
      expect(await isPublicAddress('http://127.0.0.1:5232/')).toBe(false);
      expect(await isPublicAddress('http://[::1]/')).toBe(false);
      expect(await isPublicAddress('http://169.254.169.254/latest/')).toBe(false);
      expect(await isPublicAddress('http://1.1.1.1/')).toBe(true);
      process.env.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = '1';
      expect(await isPublicAddress('http://127.0.0.1:5232/')).toBe(true);
    } finally {
      if (saved === undefined) delete process.env.INTEGRATIONS_ALLOW_PRIVATE_HOSTS;
      else process.env.INTEGRATIONS_ALLOW_PRIVATE_HOSTS = saved;
    }
  });
});
