/**
 * User settings (spec 000 §3 "User config", 001 §3, §7): GET and PATCH /api/v1/user/config/.
 * The schemas here are the contract for both the server and the settings screen.
 */
import * as z from 'zod/mini';
import { messages } from '../api/errors.ts';
import { entityId, requiredTitle } from '../api/limits.ts';
import { emailAddress } from '../groups/invitations.ts';
import {
  mergeNotificationSettings,
  notificationSettingsPatch,
  notificationSettingsSchema,
} from '../notifications/notifications.ts';
import { DEFAULT_COUNTRY, isCountryCode } from './countries.ts';
import { normaliseRoutineTime } from './routine-times.ts';
import { isValidTimezone } from './timezone.ts';

export const TIME_FORMAT_OPTIONS = [12, 24] as const;
export const DATE_FORMAT_OPTIONS = ['day_first', 'month_first'] as const;

const routineTime = z.pipe(
  z.string({ error: messages.invalidTimeFormat }),
  z.transform((v, ctx) => {
    const t = normaliseRoutineTime(v);
    if (t === null) {
      ctx.issues.push({ code: 'custom', message: messages.invalidTimeFormat, input: v });
      return z.NEVER;
    }
    return t;
  }),
);

export const timezoneSchema = z
  .string({ error: messages.invalidTimezone })
  .check(z.refine(isValidTimezone, { message: messages.invalidTimezone }));

export const COUNTRY_MESSAGE = 'Choose a country from the list.';
/** An ISO 3166-1 alpha-2 code of the list (countries.ts), upper case: 'US', 'DE'. */
export const countrySchema = z
  .string({ error: COUNTRY_MESSAGE })
  .check(z.refine(isCountryCode, { message: COUNTRY_MESSAGE }));

export const routineTimesSchema = z.strictObject({
  beginning: routineTime,
  middle: routineTime,
  end: routineTime,
});

export const preferencesSchema = z.strictObject({
  selectedLevels: z.array(z.int().check(z.gte(1), z.lte(9))).check(z.maxLength(9)),
  selectedGroups: z.array(entityId).check(z.maxLength(500)),
});

export const userConfig = z.object({
  timeFormatOption: z.union([z.literal(12), z.literal(24)]),
  dateFormatOption: z.enum(DATE_FORMAT_OPTIONS),
  preferences: preferencesSchema,
  routineTimes: routineTimesSchema,
  timezone: z.string(),
  /** Settings stored before the country existed read as the default. */
  country: z._default(z.string(), DEFAULT_COUNTRY),
  group: z.nullable(z.string()),
  avatar: z.nullable(z.object({ id: z.string(), originalUrl: z.string(), thumbnailUrl: z.string() })),
  /** Per kind of notification: in-app, e-mail, push; and the chime (D39). Older settings read as the defaults. */
  notifications: z.pipe(
    z.transform((v: unknown) => mergeNotificationSettings(v)),
    notificationSettingsSchema,
  ),
});
export type UserConfig = z.infer<typeof userConfig>;
/** GET /user/config/: the settings, and whether the person is an internal account of the allow-list. */
export type UserConfigView = UserConfig & {
  isInternalAccount?: boolean;
  /** Whether the agendas allow-list (AGENDA_ACCOUNTS; empty means everyone) lets the person in (D67). */
  agendasAllowed?: boolean;
};

/** PATCH body: any subset of the settings; unknown keys are refused so a typo never passes silently. */
export const updateUserConfigInput = z.partial(
  z.strictObject({
    timeFormatOption: z.union([z.literal(12), z.literal(24)], {
      error: 'Time format must be 12 or 24.',
    }),
    dateFormatOption: z.enum(DATE_FORMAT_OPTIONS, { error: 'Date format must be day_first or month_first.' }),
    preferences: z.partial(preferencesSchema),
    routineTimes: z.partial(routineTimesSchema),
    timezone: timezoneSchema,
    country: countrySchema,
    group: z.nullable(entityId),
    notifications: notificationSettingsPatch,
  }),
);
export type UpdateUserConfigInput = z.infer<typeof updateUserConfigInput>;

// The defaults live apart so that a new user's settings (core/user/user.ts) are made without bringing
// these schemas into the bundle (docs/decisions.md D81).
export * from './config-defaults.ts';

/** The session user (spec 001 §3): what the web keeps after sign-in. */
export const USER_TYPES = ['individual', 'team_member', 'manager', 'educator'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const userProfile = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  typeId: z.string(),
  otpEnabled: z.boolean(),
  /** A new address waiting for its code (PATCH /auth/user/ with email); absent when none. */
  pendingEmail: z.optional(z.string()),
});
export type UserProfile = z.infer<typeof userProfile>;

const name = requiredTitle('personName', { required: 'This field is required.' });
/**
 * The e-mail is the sign-in name, so a new address counts only once its owner proves it: PATCH
 * /auth/user/ with `email` sends a 6-digit code to the new address and keeps the old one until
 * POST /auth/user/email/verify brings that code (docs/decisions.md D23).
 */
export const EMAIL_CHANGE_MESSAGES = {
  taken: 'Another account already uses this e-mail address.',
  code: 'Enter the 6-digit code from the e-mail.',
  codeWrong: 'This code is not right. Check the newest e-mail and try again.',
  codeExpired: 'This code has expired. Save the new address again to get a new code.',
  nothingPending: 'No e-mail change is waiting for a code.',
} as const;
export const EMAIL_CODE_PATTERN = /^\d{6}$/;

export const updateAuthUserInput = z.partial(
  z.strictObject({
    firstName: name,
    lastName: name,
    email: emailAddress,
  }),
);
export type UpdateAuthUserInput = z.infer<typeof updateAuthUserInput>;

export const verifyEmailChangeInput = z.strictObject({
  code: z
    .string({ error: EMAIL_CHANGE_MESSAGES.code })
    .check(z.trim(), z.regex(EMAIL_CODE_PATTERN, EMAIL_CHANGE_MESSAGES.code)),
});
export type VerifyEmailChangeInput = z.infer<typeof verifyEmailChangeInput>;

/** An avatar is stored as a square of this many pixels a side (the crop's output; decisions D48). */
export const AVATAR_PX = 256;
/** The upload's answer when the picture is larger than AVATAR_PX on either side. */
export const AVATAR_TOO_BIG_PX = `Please choose a picture of at most ${AVATAR_PX} × ${AVATAR_PX} pixels.`;
