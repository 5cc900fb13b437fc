import { EMAIL_PATTERN } from '@tandem/shared/groups/invitations';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_POLICY,
  type PasswordProblem,
  passwordProblems,
} from '@tandem/shared/user/password';

/** The e-mail check of the spec (000 §5), as the server applies it, on what the user typed. */
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** The one-time codes Cognito sends and authenticator apps show: six digits. */
export const isSixDigitCode = (value: string): boolean => /^\d{6}$/.test(value.trim());

const POLICY_MESSAGES = {
  tooShort: 'validation:passwordTooShort',
  tooLong: 'validation:passwordTooLong',
  edgeSpace: 'validation:passwordEdgeSpace',
  needsLowercase: 'validation:passwordNeedsLowercase',
  needsUppercase: 'validation:passwordNeedsUppercase',
  needsDigit: 'validation:passwordNeedsDigit',
  needsSymbol: 'validation:passwordNeedsSymbol',
} as const satisfies Record<PasswordProblem, string>;

type NewPasswordMessage =
  | 'validation:required'
  | 'validation:passwordsMismatch'
  | (typeof POLICY_MESSAGES)[PasswordProblem];

/**
 * A new password typed twice (sign-up, reset, change): both are required, the first must follow the
 * password policy (the one the identity service holds, from @tandem/shared), and they must match.
 * Checked before sending, so the user reads which rule a password breaks before anything is sent.
 */
export function newPasswordErrors(
  password1: string,
  password2: string,
  message: (key: NewPasswordMessage, values?: { min?: number; max?: number }) => string,
): { password1: string | undefined; password2: string | undefined } {
  const [problem] = password1 ? passwordProblems(password1) : [];
  return {
    password1: !password1
      ? message('validation:required')
      : problem
        ? problem === 'tooShort'
          ? message(POLICY_MESSAGES[problem], { min: PASSWORD_POLICY.minLength })
          : problem === 'tooLong'
            ? message(POLICY_MESSAGES[problem], { max: PASSWORD_MAX_LENGTH })
            : message(POLICY_MESSAGES[problem])
        : undefined,
    password2: !password2
      ? message('validation:required')
      : password1 !== password2
        ? message('validation:passwordsMismatch')
        : undefined,
  };
}

/** The policy in words, for the hint under a new-password field: the same messages, one per rule in force. */
export function newPasswordHint(
  message: (key: NewPasswordMessage, values?: { min?: number }) => string,
): string {
  const parts = [message(POLICY_MESSAGES.tooShort, { min: PASSWORD_POLICY.minLength })];
  if (PASSWORD_POLICY.requireLowercase) parts.push(message(POLICY_MESSAGES.needsLowercase));
  if (PASSWORD_POLICY.requireUppercase) parts.push(message(POLICY_MESSAGES.needsUppercase));
  if (PASSWORD_POLICY.requireDigits) parts.push(message(POLICY_MESSAGES.needsDigit));
  if (PASSWORD_POLICY.requireSymbols) parts.push(message(POLICY_MESSAGES.needsSymbol));
  return parts.join(' ');
}
