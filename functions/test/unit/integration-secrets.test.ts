/**
 * Secrets at rest for calendar integrations (decisions D70): AES-256-GCM with the local key file, a
 * tampered or foreign value refused, the key made once with owner-only access; KMS through its
 * interface (no local KMS engine: a stand-in keeper that encrypts with its own key).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aesBox, type KmsLike, kmsBox, localKey } from '../../src/core/integrations/secret-box.ts';

describe('local key (AES-256-GCM)', () => {
  it('seals and opens; the sealed text carries neither the secret nor the same bytes twice', async () => {
    const box = aesBox(randomBytes(32));
    const a = await box.seal('1//refresh-token-value');
    const b = await box.seal('1//refresh-token-value');
    expect(a).toMatch(/^local:/);
    expect(a).not.toContain('refresh-token');
    expect(a).not.toBe(b); // a fresh IV each time
    expect(await box.open(a)).toBe('1//refresh-token-value');
  });

  it('refuses a changed byte, another key, and a value sealed by KMS', async () => {
    const box = aesBox(randomBytes(32));
    const sealed = await box.seal('app-password');
    const raw = Buffer.from(sealed.slice(6), 'base64url');
    raw[raw.length - 1]! ^= 1;
    await expect(box.open(`local:${raw.toString('base64url')}`)).rejects.toThrow();
    await expect(aesBox(randomBytes(32)).open(sealed)).rejects.toThrow();
    await expect(box.open('kms:AAAA')).rejects.toThrow(/local key/);
    expect(() => aesBox(randomBytes(16))).toThrow(/32 bytes/);
  });

  it('the key file is made once in the data folder, readable by its owner only', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'integrations-key-'));
    const first = localKey(dir);
    expect(first).toHaveLength(32);
    expect(localKey(dir).equals(first)).toBe(true);
    expect(statSync(path.join(dir, 'integrations.key')).mode & 0o777).toBe(0o600);
  });
});

describe('KMS keeper', () => {
  it('sends the secret to KMS with the key id and opens what KMS gives back', async () => {
    const key = randomBytes(32);
    const seen: string[] = [];
    // Stands in for KMS's Encrypt/Decrypt (no local engine exists).
    const kms: KmsLike = {
      async encrypt(keyId, plain) {
        seen.push(keyId);
        const iv = randomBytes(12);
        const c = createCipheriv('aes-256-gcm', key, iv);
        const body = Buffer.concat([c.update(plain), c.final()]);
        return Buffer.concat([iv, c.getAuthTag(), body]);
      },
      async decrypt(keyId, blob) {
        seen.push(keyId);
        const b = Buffer.from(blob);
        const d = createDecipheriv('aes-256-gcm', key, b.subarray(0, 12));
        d.setAuthTag(b.subarray(12, 28));
        return Buffer.concat([d.update(b.subarray(28)), d.final()]);
      },
    };
    const box = kmsBox('alias/tandem-integrations', kms);
    const sealed = await box.seal('secret');
    expect(sealed).toMatch(/^kms:/);
    expect(await box.open(sealed)).toBe('secret');
    expect(seen).toEqual(['alias/tandem-integrations', 'alias/tandem-integrations']);
    await expect(box.open('local:AAAA')).rejects.toThrow(/KMS/);
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
