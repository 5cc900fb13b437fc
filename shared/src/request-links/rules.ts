/**
 * Request links (spec 002 §2, §3, §5, §8, §9; issue 18 items 1–3; docs/api/request-links.md).
 *
 * - A request link belongs to its owner: branding, the request form's options, the confirmation
 *   texts, legal links and the assignees (e-mail and role) who get the tasks its requests make.
 * - Its id is unguessable and prefixed 'sr-' (`REQUEST_LINK_ID_PATTERN`).
 * - Outsiders open /requests/{id} with no sign-in and submit a request (`submitRequestInput`),
 *   bounded in size and guarded by a honeypot field, a minimum time to submit and rate limits.
 */
import * as z from 'zod/mini';
import { hasVisibleText, TEXT_LIMITS } from '../api/limit-values.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, normaliseEmail } from '../groups/invitations.ts';
import { isValidTimezone } from '../user/timezone.ts';
import {
  HOURS_TIME,
  LOGO_TYPES,
  PARTNER_PROGRAM_PLACEHOLDER,
  REQUEST_LINK_DEFAULTS,
  REQUEST_LINK_LIMITS,
  REQUEST_LINK_MESSAGES,
} from './constants.ts';

export * from './constants.ts';
export * from './submission.ts';

const text = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, REQUEST_LINK_MESSAGES.tooLong(max)));
const color = z.string().check(
  z.trim(),
  z.refine((v) => /^#[0-9a-fA-F]{6}$/.test(v), REQUEST_LINK_MESSAGES.color),
);
/** Empty, or an http(s) address. */
const optionalUrl = z.string().check(
  z.trim(),
  z.maxLength(REQUEST_LINK_LIMITS.url, REQUEST_LINK_MESSAGES.tooLong(REQUEST_LINK_LIMITS.url)),
  z.refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), REQUEST_LINK_MESSAGES.url),
);
const email = z.pipe(
  z.string({ error: REQUEST_LINK_MESSAGES.email }).check(
    z.trim(),
    z.maxLength(MAX_EMAIL_LENGTH, REQUEST_LINK_MESSAGES.email),
    z.refine((v) => EMAIL_PATTERN.test(v), REQUEST_LINK_MESSAGES.email),
  ),
  z.transform(normaliseEmail),
);

const D = REQUEST_LINK_DEFAULTS;
const L = REQUEST_LINK_LIMITS;

const brandingConfig = z.strictObject({
  primaryColor: z._default(color, D.brandingConfig.primaryColor),
  logoBackgroundType: z._default(z.enum(['transparent', 'solid']), D.brandingConfig.logoBackgroundType),
  logoBackgroundColor: z._default(color, D.brandingConfig.logoBackgroundColor),
});

const durationOption = z.strictObject({
  label: text(TEXT_LIMITS.label).check(z.minLength(1, REQUEST_LINK_MESSAGES.typeRequired)),
  minutes: z
    .int()
    .check(z.gte(5, REQUEST_LINK_MESSAGES.duration), z.lte(480, REQUEST_LINK_MESSAGES.duration)),
});

const hoursTime = z.string().check(z.refine((v) => HOURS_TIME.test(v), REQUEST_LINK_MESSAGES.hoursTime));
/** When requesters may book (decisions D76). */
const schedulingHours = z
  .strictObject({
    timezone: z.string().check(z.refine(isValidTimezone, 'Unknown time zone')),
    days: z.array(z.int().check(z.gte(1), z.lte(7))).check(
      z.minLength(1, REQUEST_LINK_MESSAGES.hoursDays),
      z.maxLength(7),
      z.refine((ds) => new Set(ds).size === ds.length, REQUEST_LINK_MESSAGES.hoursDays),
    ),
    start: hoursTime,
    end: hoursTime,
  })
  .check(z.refine((h) => h.start < h.end, { message: REQUEST_LINK_MESSAGES.hoursOrder, path: ['end'] }));

const requestType = text(TEXT_LIMITS.label).check(
  z.minLength(1, REQUEST_LINK_MESSAGES.typeRequired),
  z.refine(hasVisibleText, REQUEST_LINK_MESSAGES.typeRequired),
);

const requestConfig = z.strictObject({
  requestTypes: z._default(
    z.array(requestType).check(
      z.maxLength(L.requestTypes, REQUEST_LINK_MESSAGES.tooMany('request types', L.requestTypes)),
      z.refine(
        (ts) => new Set(ts.map((t) => t.toLowerCase())).size === ts.length,
        REQUEST_LINK_MESSAGES.duplicateType,
      ),
    ),
    D.requestConfig.requestTypes,
  ),
  otherRequestTypeEnabled: z._default(z.boolean(), false),
  voiceRecordingEnabled: z._default(z.boolean(), false),
  dueDateEnabled: z._default(z.boolean(), false),
  schedulingEnabled: z._default(z.boolean(), false),
  schedulingDurationOptions: z._default(
    z
      .array(durationOption)
      .check(z.maxLength(L.durationOptions, REQUEST_LINK_MESSAGES.tooMany('durations', L.durationOptions))),
    D.requestConfig.schedulingDurationOptions,
  ),
  urgencyEnabled: z._default(z.boolean(), false),
  schedulingHours: z._default(z.nullable(schedulingHours), null),
});

const confirmationConfig = z.strictObject({
  confirmationMessage: z._default(text(L.longText), D.confirmationConfig.confirmationMessage),
  nextSteps: z._default(text(L.text), D.confirmationConfig.nextSteps),
  responseTimePromise: z._default(text(L.text), D.confirmationConfig.responseTimePromise),
  businessHours: z._default(text(L.text), D.confirmationConfig.businessHours),
});

const legalConfig = z
  .strictObject({
    termsEnabled: z._default(z.boolean(), false),
    termsUrl: z._default(optionalUrl, ''),
    privacyEnabled: z._default(z.boolean(), false),
    privacyUrl: z._default(optionalUrl, ''),
  })
  .check(
    z.refine((l) => !l.termsEnabled || l.termsUrl !== '', {
      message: REQUEST_LINK_MESSAGES.termsUrl,
      path: ['termsUrl'],
    }),
    z.refine((l) => !l.privacyEnabled || l.privacyUrl !== '', {
      message: REQUEST_LINK_MESSAGES.privacyUrl,
      path: ['privacyUrl'],
    }),
  );

/** An assignee of the link's tasks: an editor (6) or standard (5) assignee, as on a task. */
const assigneeInput = z.strictObject({
  /** Given when the row already exists (kept); a new row gets one. */
  id: z.optional(z.string().check(z.maxLength(64))),
  email,
  role: z._default(
    z.union([z.literal(6), z.literal(5)], { error: 'A role is 6 (editor) or 5 (standard).' }),
    5,
  ),
});

/** Spec 002 §5: the partner program id is ignored when it is the placeholder 'loading...'. */
const partnerProgramId = z.pipe(
  z.nullable(z.optional(z.string().check(z.trim(), z.maxLength(128)))),
  z.transform((v) => (v === PARTNER_PROGRAM_PLACEHOLDER || v === '' || v == null ? undefined : v)),
);

/** The whole configuration (POST, PUT). Every part has the defaults of spec 002 §9. */
export const requestLinkInput = z.strictObject({
  companyName: text(L.text).check(
    z.minLength(1, REQUEST_LINK_MESSAGES.companyRequired),
    z.refine(hasVisibleText, REQUEST_LINK_MESSAGES.companyRequired),
  ),
  welcomeMessage: z._default(text(L.longText), D.welcomeMessage),
  partnerProgramId,
  /** The group its tasks go to (the caller must be able to make tasks there); default: their default group. */
  group: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  /** An uploaded logo to keep (POST /request-links/logo answers its id), or null to remove the logo. */
  logoUpload: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  brandingConfig: z._default(brandingConfig, { ...D.brandingConfig }),
  requestConfig: z._default(requestConfig, { ...D.requestConfig }),
  confirmationConfig: z._default(confirmationConfig, { ...D.confirmationConfig }),
  legalConfig: z._default(legalConfig, { ...D.legalConfig }),
  assignees: z._default(
    z.array(assigneeInput).check(
      z.maxLength(L.assignees, REQUEST_LINK_MESSAGES.tooMany('assignees', L.assignees)),
      z.refine(
        (as) => new Set(as.map((a) => a.email)).size === as.length,
        REQUEST_LINK_MESSAGES.duplicateAssignee,
      ),
    ),
    [],
  ),
  isActive: z._default(z.boolean(), true),
});
export type RequestLinkInput = z.output<typeof requestLinkInput>;

export const toggleRequestLinkInput = z.strictObject({ isActive: z.boolean() });

export const logoUploadInput = z.strictObject({
  size: z.int().check(z.gte(1), z.lte(L.logoBytes, REQUEST_LINK_MESSAGES.logoTooLarge)),
  contentType: z.enum(LOGO_TYPES, { error: REQUEST_LINK_MESSAGES.logoType }),
});
