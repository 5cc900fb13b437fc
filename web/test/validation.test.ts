import { describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en_US/validation.json';
import { isEmail, isSixDigitCode, newPasswordErrors, newPasswordHint } from '../src/lib/validation.ts';

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

  it('a new password follows the password policy, checked before anything is sent', () => {
    const message = (key: string, values?: Record<string, unknown>) =>
      values ? `${key} ${JSON.stringify(values)}` : key;
    // The 5-character password the local Cognito used to accept.
    expect(newPasswordErrors('abcde', 'abcde', message)).toEqual({
      password1: 'validation:passwordTooShort {"min":10}',
      password2: undefined,
    });
    expect(newPasswordErrors('no-digits-here', 'no-digits-here', message).password1).toBe(
      'validation:passwordNeedsDigit',
    );
    expect(newPasswordErrors('NO-LOWER-12', 'NO-LOWER-12', message).password1).toBe(
      'validation:passwordNeedsLowercase',
    );
    expect(newPasswordErrors(' spaced-out-1', ' spaced-out-1', message).password1).toBe(
      'validation:passwordEdgeSpace',
    );
  });

  it('the hint under a new-password field names the rules in force', () => {
    const t = (key: string, values?: { min?: number }) =>
      (en as Record<string, string>)[key.replace('validation:', '')]!.replace('{{min}}', String(values?.min));
    expect(newPasswordHint(t)).toBe(
      'Use at least 10 characters. Include at least one lowercase letter. Include at least one digit.',
    );
  });

  it('every password rule has a message', () => {
    for (const key of [
      'passwordTooShort',
      'passwordTooLong',
      'passwordEdgeSpace',
      'passwordNeedsLowercase',
      'passwordNeedsUppercase',
      'passwordNeedsDigit',
      'passwordNeedsSymbol',
    ])
      expect({ key, text: (en as Record<string, string>)[key] }).toEqual({ key, text: expect.any(String) });
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
