/**
 * Cognito answers with an error `code` (the exception name) and an English message meant for
 * developers. The user sees a sentence from our catalogue instead, chosen here by code and by
 * what they were doing. Pure, so each mapping is tested.
 */
import { AuthError, type AuthErrorKey } from './auth-error-class.ts';

export { AuthError, type AuthErrorKey };

export type AuthAction =
  | 'signIn'
  | 'signUp'
  | 'confirmSignUp'
  | 'resendCode'
  | 'forgotPassword'
  | 'resetPassword'
  | 'changePassword'
  | 'totp'
  | 'session';

export function authErrorKey(code: string, message: string, action: AuthAction): AuthErrorKey {
  switch (code) {
    case 'NotAuthorizedException':
      if (/already confirmed|current status is CONFIRMED/i.test(message)) return 'alreadyConfirmed';
      if (/attempts exceeded/i.test(message)) return 'tooManyAttempts';
      if (action === 'changePassword') return 'wrongCurrentPassword';
      if (action === 'totp') return 'codeMismatch';
      if (action === 'session') return 'notLoggedIn';
      return 'wrongCredentials';
    case 'UserNotFoundException':
      // Never say whether an account exists.
      return action === 'session' ? 'notLoggedIn' : 'wrongCredentials';
    case 'UserNotConfirmedException':
      return 'notConfirmed';
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return 'codeMismatch';
    case 'ExpiredCodeException':
      return 'codeExpired';
    case 'InvalidPasswordException':
      return 'passwordPolicy';
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return 'emailTaken';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
    case 'TooManyFailedAttemptsException':
    case 'CodeDeliveryFailureException':
      return 'tooManyAttempts';
    case 'PasswordResetRequiredException':
      return 'passwordResetRequired';
    case 'InvalidParameterException':
      if (/confirmed/i.test(message) && action === 'resendCode') return 'alreadyConfirmed';
      return action === 'session' ? 'notLoggedIn' : 'invalidInput';
    case 'Unsupported':
      return action === 'resendCode' ? 'resendUnavailable' : 'generic';
    case 'NetworkError':
      return 'network';
    default:
      return action === 'resendCode' ? 'resendUnavailable' : 'generic';
  }
}

/** Turns whatever the Cognito library rejected with into an AuthError. */
export function toAuthError(err: unknown, action: AuthAction): AuthError {
  if (err instanceof AuthError) return err;
  const e = (err ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : typeof e.name === 'string' ? e.name : 'Unknown';
  const message = typeof e.message === 'string' ? e.message : '';
  const key = authErrorKey(code, message, action);
  // Cognito's policy message names the rule that failed ("Password not long enough"); keep it.
  const detail =
    key === 'passwordPolicy' ? message.replace(/^Password did not conform with policy:\s*/i, '') : '';
  return new AuthError(key, code, detail);
}
