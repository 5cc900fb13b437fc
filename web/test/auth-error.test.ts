import { describe, expect, it } from 'vitest';
import en from '../src/i18n/locales/en_US/common.json';
import { authErrorKey, toAuthError } from '../src/lib/auth/auth-error.ts';

describe('Cognito errors become clear messages', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.', 'signIn', 'wrongCredentials'],
    ['UserNotFoundException', 'User does not exist.', 'signIn', 'wrongCredentials'],
    ['UserNotConfirmedException', 'User is not confirmed.', 'signIn', 'notConfirmed'],
    ['CodeMismatchException', 'Incorrect confirmation code', 'confirmSignUp', 'codeMismatch'],
    ['ExpiredCodeException', 'Invalid code provided', 'resetPassword', 'codeExpired'],
    [
      'InvalidPasswordException',
      'Password did not conform with policy: too short',
      'signUp',
      'passwordPolicy',
    ],
    ['UsernameExistsException', 'User already exists', 'signUp', 'emailTaken'],
    ['NotAuthorizedException', 'Incorrect username or password.', 'changePassword', 'wrongCurrentPassword'],
    ['EnableSoftwareTokenMFAException', 'Code mismatch', 'totp', 'codeMismatch'],
    ['LimitExceededException', 'Attempt limit exceeded', 'forgotPassword', 'tooManyAttempts'],
    ['Unsupported', '', 'resendCode', 'resendUnavailable'],
    ['NetworkError', 'Network error', 'signIn', 'network'],
    [
      'NotAuthorizedException',
      'User cannot be confirmed. Current status is CONFIRMED',
      'confirmSignUp',
      'alreadyConfirmed',
    ],
    ['SomethingNew', 'whatever', 'signIn', 'generic'],
  ] as const)('%s while %s → %s', (code, message, action, key) => {
    expect(authErrorKey(code, message, action)).toBe(key);
  });

  it('keeps the rule that failed for a password-policy error', () => {
    const e = toAuthError(
      {
        code: 'InvalidPasswordException',
        message: 'Password did not conform with policy: Password not long enough',
      },
      'signUp',
    );
    expect(e.key).toBe('passwordPolicy');
    expect(e.detail).toBe('Password not long enough');
  });

  it('has a sentence for every key, and the spec texts where the spec has one', () => {
    const keys = [
      'wrongCredentials',
      'notConfirmed',
      'codeMismatch',
      'codeExpired',
      'passwordPolicy',
      'generic',
    ] as const;
    for (const k of keys) expect(en.auth.errors[k]).toBeTruthy();
    expect(en.auth.errors.notLoggedIn).toBe('User not logged in');
    expect(en.auth.errors.generic).toBe('Something went wrong, please try again later');
  });
});
