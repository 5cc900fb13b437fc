import { EMAIL_PATTERN } from '@tandem/shared/groups/invitations';

/** The e-mail check of the spec (000 §5), as the server applies it, on what the user typed. */
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** The one-time codes Cognito sends and authenticator apps show: six digits. */
export const isSixDigitCode = (value: string): boolean => /^\d{6}$/.test(value.trim());

type NewPasswordMessage = 'validation:required' | 'validation:passwordsMismatch';

/**
 * A new password typed twice (sign-up, reset, change): both are required and must match. The policy
 * itself is the identity service's, whose message is shown as it is.
 */
export function newPasswordErrors(
  password1: string,
  password2: string,
  message: (key: NewPasswordMessage) => string,
): { password1: string | undefined; password2: string | undefined } {
  return {
    password1: password1 ? undefined : message('validation:required'),
    password2: !password2
      ? message('validation:required')
      : password1 !== password2
        ? message('validation:passwordsMismatch')
        : undefined,
  };
}
