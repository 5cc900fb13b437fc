import { describe, expect, it } from 'vitest';
import { decodeUid, encodeUid } from '../src/lib/auth/uid.ts';

describe('password-reset uid (base64url of the e-mail)', () => {
  it('decodes what the server puts in the reset link', () => {
    for (const email of ['jane@example.com', 'a.b+tag@sub.example.org', 'zoë@exämple.de']) {
      const uid = Buffer.from(email, 'utf8').toString('base64url');
      expect(decodeUid(uid)).toBe(email);
    }
  });

  it('accepts padded input and round-trips its own encoding', () => {
    expect(decodeUid(`${Buffer.from('ab@cd.ef').toString('base64url')}=`)).toBe('ab@cd.ef');
    expect(decodeUid(encodeUid('x_y-z@example.com'))).toBe('x_y-z@example.com');
  });

  it('refuses anything that is not a base64url e-mail', () => {
    expect(decodeUid('')).toBeNull();
    expect(decodeUid('not base64!')).toBeNull();
    expect(decodeUid(Buffer.from('no-at-sign').toString('base64url'))).toBeNull();
    expect(decodeUid('A')).toBeNull();
    expect(decodeUid(Buffer.from([0xff, 0xfe, 0x40]).toString('base64url'))).toBeNull();
  });
});
