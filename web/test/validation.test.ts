import { describe, expect, it } from 'vitest';
import { isEmail, isSixDigitCode, newPasswordErrors } from '../src/lib/validation.ts';

describe('form checks shared by the sign-up, reset, change-password and attendee forms', () => {
  it('an e-mail is text, an at sign, text, a dot, text (spec 000 §5), spaces around allowed', () => {
    for (const ok of ['a@b.co', ' a.b+c@d.example.org ']) expect(isEmail(ok)).toBe(true);
    for (const bad of ['', 'a@b', 'a b@c.d', '@b.co', 'a@.co', 'a@b.']) expect(isEmail(bad)).toBe(false);
  });

  it('a code is six digits', () => {
    expect(isSixDigitCode(' 123456 ')).toBe(true);
    expect(isSixDigitCode('12345')).toBe(false);
    expect(isSixDigitCode('12345a')).toBe(false);
  });

  it('a new password is required twice and both must match', () => {
    const message = (key: string) => key;
    expect(newPasswordErrors('', '', message)).toEqual({
      password1: 'validation:required',
      password2: 'validation:required',
    });
    expect(newPasswordErrors('Secret-123', 'Secret-124', message)).toEqual({
      password1: undefined,
      password2: 'validation:passwordsMismatch',
    });
    expect(newPasswordErrors('Secret-123', 'Secret-123', message)).toEqual({
      password1: undefined,
      password2: undefined,
    });
  });
});
