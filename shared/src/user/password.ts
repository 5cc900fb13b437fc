/**
 * The password policy, once: the CDK user pool is created with it (infra/src/stacks/auth-stack.ts),
 * the local Cognito enforces it (scripts/src/local/engines/cognito.ts), and the sign-up, reset and
 * change-password forms check it before sending (web/src/lib/validation.ts). Only what a Cognito
 * policy can express: a minimum length and character classes (docs/decisions.md D15).
 */
export const PASSWORD_POLICY = {
  minLength: 10,
  requireLowercase: true,
  requireUppercase: false,
  requireDigits: true,
  requireSymbols: false,
} as const;

/** Cognito's own ceiling for any password. */
export const PASSWORD_MAX_LENGTH = 256;

export type PasswordPolicy = {
  readonly minLength: number;
  readonly requireLowercase: boolean;
  readonly requireUppercase: boolean;
  readonly requireDigits: boolean;
  readonly requireSymbols: boolean;
};

/** The rules a password can break, in the order Cognito reports them. */
export type PasswordProblem =
  | 'tooShort'
  | 'tooLong'
  | 'edgeSpace'
  | 'needsLowercase'
  | 'needsUppercase'
  | 'needsDigit'
  | 'needsSymbol';

/** The special characters Cognito counts as symbols (its documentation's list, and the space). */
const SYMBOLS = /[\^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+\- ]/;

/** Every rule of `policy` that `password` breaks; empty when it may be used. */
export function passwordProblems(
  password: string,
  policy: PasswordPolicy = PASSWORD_POLICY,
): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  // Cognito counts characters, not UTF-16 units.
  const length = [...password].length;
  if (length < policy.minLength) problems.push('tooShort');
  if (length > PASSWORD_MAX_LENGTH) problems.push('tooLong');
  if (/^\s|\s$/.test(password)) problems.push('edgeSpace');
  if (policy.requireLowercase && !/[a-z]/.test(password)) problems.push('needsLowercase');
  if (policy.requireUppercase && !/[A-Z]/.test(password)) problems.push('needsUppercase');
  if (policy.requireDigits && !/[0-9]/.test(password)) problems.push('needsDigit');
  if (policy.requireSymbols && !SYMBOLS.test(password)) problems.push('needsSymbol');
  return problems;
}
