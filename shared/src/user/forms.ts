/**
 * The rules of the account forms (sign-in, sign-up, forgot/reset password, e-mail verification,
 * profile, preferences, change password), once, as zod schemas the web forms validate with
 * (@mantine/form's schemaResolver) before anything is sent. The server keeps its own schemas with
 * its own English messages (config.ts, invitations.ts); these share their patterns and policy.
 *
 * A message here is a key of the web's `validation` namespace, not a sentence: the form says it in
 * the user's language, with `min`/`max` from the password policy where the sentence has them.
 */
import * as z from 'zod/mini';
import { EMAIL_PATTERN } from '../groups/invitations.ts';
import { USER_TYPES } from './config.ts';
import { type PasswordProblem, passwordProblems } from './password.ts';
import { normaliseRoutineTime } from './routine-times.ts';

export const FORM_MESSAGES = {
  required: 'required',
  email: 'email',
  code: 'code',
  chooseOne: 'chooseOne',
  timeFormat: 'timeFormat',
  passwordsMismatch: 'passwordsMismatch',
  nameRequired: 'nameRequired',
  nameTooLong: 'nameTooLong',
  titleRequired: 'titleRequired',
  titleTooLong: 'titleTooLong',
  groupRequired: 'groupRequired',
  emailRequired: 'emailRequired',
  roleRequired: 'roleRequired',
} as const;

/** The key of each password-policy rule's message. */
export const PASSWORD_PROBLEM_MESSAGES = {
  tooShort: 'passwordTooShort',
  tooLong: 'passwordTooLong',
  edgeSpace: 'passwordEdgeSpace',
  needsLowercase: 'passwordNeedsLowercase',
  needsUppercase: 'passwordNeedsUppercase',
  needsDigit: 'passwordNeedsDigit',
  needsSymbol: 'passwordNeedsSymbol',
} as const satisfies Record<PasswordProblem, string>;

export type FormMessage =
  | (typeof FORM_MESSAGES)[keyof typeof FORM_MESSAGES]
  | (typeof PASSWORD_PROBLEM_MESSAGES)[PasswordProblem];

/**
 * A form field checked by a field of a server input schema, so the rule is the server's: refused
 * with `messages.tooLong` when the server finds the value too big, otherwise with `messages.required`
 * (empty, spaces or invisible characters only, nothing chosen).
 */
export function acceptedByServer(
  field: z.ZodMiniType,
  messages: { required: FormMessage; tooLong?: FormMessage },
) {
  return z.unknown().check(
    z.superRefine((v, ctx) => {
      const result = field.safeParse(v);
      if (result.success) return;
      const tooBig = result.error.issues.some((issue) => issue.code === 'too_big');
      ctx.addIssue({
        code: 'custom',
        message: tooBig && messages.tooLong ? messages.tooLong : messages.required,
      });
    }),
  );
}

/** Text that must not be empty once trimmed (names). */
export const requiredTextField = z.string().check(z.refine((v) => v.trim() !== '', FORM_MESSAGES.required));

/** An e-mail address (spec 000 §5), spaces around allowed; empty reads as "required". */
export const emailField = z.string().check(
  z.refine((v) => v.trim() !== '', { message: FORM_MESSAGES.required, abort: true }),
  z.refine((v) => EMAIL_PATTERN.test(v.trim()), FORM_MESSAGES.email),
);

/** An e-mail address where empty is simply not an address (forgot password, verify e-mail). */
export const emailOnlyField = z
  .string()
  .check(z.refine((v) => EMAIL_PATTERN.test(v.trim()), FORM_MESSAGES.email));

/** The one-time codes the identity service sends and authenticator apps show: six digits. */
export const sixDigitCodeField = z
  .string()
  .check(z.refine((v) => /^\d{6}$/.test(v.trim()), FORM_MESSAGES.code));

/** A password being typed to sign in: only required (the policy may have changed since it was set). */
export const currentPasswordField = z.string().check(z.minLength(1, FORM_MESSAGES.required));

/** A new password: required, then the first rule of the policy it breaks. */
export const newPasswordField = z.string().check(
  z.superRefine((v, ctx) => {
    if (!v) {
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES.required });
      return;
    }
    const [problem] = passwordProblems(v);
    if (problem) ctx.addIssue({ code: 'custom', message: PASSWORD_PROBLEM_MESSAGES[problem] });
  }),
);

/** The confirmation of a new password: required; its match with `password1` is checked by the pair. */
const confirmationField = z.string().check(z.minLength(1, FORM_MESSAGES.required));

/**
 * Adds to an object schema holding `password1` and `password2` the rule that they match, reported on
 * `password2`. It runs even when other fields fail, so every problem shows at once.
 */
function withMatchingPasswords<
  T extends z.ZodMiniObject<{ password1: z.ZodMiniType; password2: z.ZodMiniType }>,
>(schema: T) {
  return schema.check(
    z.refine(
      (v: { password1?: unknown; password2?: unknown }) => !v.password2 || v.password1 === v.password2,
      {
        message: FORM_MESSAGES.passwordsMismatch,
        path: ['password2'],
        when: () => true,
      },
    ),
  );
}

export const signInForm = z.object({ email: emailField, password: currentPasswordField });

export const signUpForm = withMatchingPasswords(
  z.object({
    firstName: requiredTextField,
    lastName: requiredTextField,
    email: emailField,
    userType: z
      .string()
      .check(z.refine((v) => (USER_TYPES as readonly string[]).includes(v), FORM_MESSAGES.chooseOne)),
    password1: newPasswordField,
    password2: confirmationField,
  }),
);

export const forgotPasswordForm = z.object({ email: emailOnlyField });

export const resetPasswordForm = withMatchingPasswords(
  z.object({ code: sixDigitCodeField, password1: newPasswordField, password2: confirmationField }),
);

export const changePasswordForm = withMatchingPasswords(
  z.object({ current: currentPasswordField, password1: newPasswordField, password2: confirmationField }),
);

export const verifyEmailForm = z.object({ email: emailOnlyField, code: sixDigitCodeField });

/** One six-digit code: the second sign-in step, setting up an authenticator, a new e-mail address. */
export const codeForm = z.object({ code: sixDigitCodeField });

export const profileForm = z.object({
  firstName: requiredTextField,
  lastName: requiredTextField,
  email: emailField,
});

/** The "Time and date" part of the preferences: formats and time zone. */
export const timeAndDateForm = z.object({
  timeFormat: z.union([z.literal(12), z.literal(24)]),
  dateFormat: z.enum(['day_first', 'month_first']),
  timezone: z.string().check(z.minLength(1, FORM_MESSAGES.required)),
});

/** A routine time as typed, in 12- or 24-hour form (the shared parser decides). */
export const routineTimeField = z
  .string()
  .check(z.refine((v) => normaliseRoutineTime(v) !== null, FORM_MESSAGES.timeFormat));

export const routineTimesForm = z.object({
  beginning: routineTimeField,
  middle: routineTimeField,
  end: routineTimeField,
});
