/**
 * The error of a Cognito call, by the key of its sentence in our catalogue (auth-error.ts maps
 * Cognito's codes to it). Apart from the mapping so the app's error handling (app/providers.tsx)
 * can recognise it without carrying the mapping onto every first screen.
 */

/** Keys under `auth.errors` in the common namespace. */
export type AuthErrorKey =
  | 'wrongCredentials'
  | 'wrongCurrentPassword'
  | 'notConfirmed'
  | 'codeMismatch'
  | 'codeExpired'
  | 'passwordPolicy'
  | 'emailTaken'
  | 'tooManyAttempts'
  | 'resendUnavailable'
  | 'alreadyConfirmed'
  | 'invalidInput'
  | 'network'
  | 'notLoggedIn'
  | 'passwordResetRequired'
  | 'newPasswordRequired'
  | 'unsupportedChallenge'
  | 'generic';

export class AuthError extends Error {
  constructor(
    readonly key: AuthErrorKey,
    /** Cognito's exception name, e.g. 'NotAuthorizedException'. */
    readonly code: string,
    /** Cognito's own text; shown only where it carries the detail (password policy). */
    readonly detail: string = '',
  ) {
    super(detail || key);
    this.name = 'AuthError';
  }
}
