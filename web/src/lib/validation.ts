import { type FormErrors, schemaResolver } from '@mantine/form';
import { englishZodMessages } from '@tandem/shared/api/zod-messages';
import { EMAIL_PATTERN } from '@tandem/shared/groups/invitations';
import { type FormMessage, PASSWORD_PROBLEM_MESSAGES } from '@tandem/shared/user/forms';
import { PASSWORD_MAX_LENGTH, PASSWORD_POLICY, type PasswordProblem } from '@tandem/shared/user/password';

// zod's own messages in English, as the forms had them before zod/mini (docs/decisions.md D42).
englishZodMessages();

/** The e-mail check of the spec (000 §5), as the server applies it, on what the user typed. */
export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

const POLICY_MESSAGES = Object.fromEntries(
  Object.entries(PASSWORD_PROBLEM_MESSAGES).map(([problem, key]) => [problem, `validation:${key}`]),
) as { [P in PasswordProblem]: `validation:${(typeof PASSWORD_PROBLEM_MESSAGES)[P]}` };

type NewPasswordMessage = (typeof POLICY_MESSAGES)[PasswordProblem];

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

/**
 * The validator of a form built with @mantine/form from one of the shared form schemas
 * (@tandem/shared/user/forms): the schema's messages are keys of the `validation` namespace, said
 * here in the user's language (with the password policy's numbers where the sentence has them).
 */
export function formValidator(
  schema: Parameters<typeof schemaResolver>[0],
  say: (key: `validation:${FormMessage}`, values: { min: number; max: number }) => string,
): (values: unknown) => FormErrors {
  const check = schemaResolver(schema, { sync: true });
  return (values) =>
    Object.fromEntries(
      Object.entries(check(values)).map(([path, key]) => [
        path,
        say(`validation:${String(key)}` as `validation:${FormMessage}`, {
          min: PASSWORD_POLICY.minLength,
          max: PASSWORD_MAX_LENGTH,
        }),
      ]),
    );
}
