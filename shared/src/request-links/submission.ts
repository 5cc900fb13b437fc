/**
 * The public page's request bodies (spec 002 §3 "Submitted request"; decisions D68), apart from the
 * link's configuration schema so the submission's bundle carries only these.
 */
import * as z from 'zod/mini';
import { hasVisibleText, TEXT_LIMITS } from '../api/limit-values.ts';
import { EMAIL_PATTERN, MAX_EMAIL_LENGTH, normaliseEmail } from '../groups/invitations.ts';
import {
  HONEYPOT_FIELD,
  REQUEST_LINK_LIMITS as L,
  REQUEST_LINK_MESSAGES,
  URGENCY,
  VOICE_TYPES,
} from './constants.ts';

const text = (max: number) =>
  z.string().check(z.trim(), z.maxLength(max, REQUEST_LINK_MESSAGES.tooLong(max)));
const email = z.pipe(
  z.string({ error: REQUEST_LINK_MESSAGES.email }).check(
    z.trim(),
    z.maxLength(MAX_EMAIL_LENGTH, REQUEST_LINK_MESSAGES.email),
    z.refine((v) => EMAIL_PATTERN.test(v), REQUEST_LINK_MESSAGES.email),
  ),
  z.transform(normaliseEmail),
);

/** POST /request-links/public/{id}/voice: a voice note's upload, scoped to the link and its open form. */
export const voiceUploadInput = z.strictObject({
  formToken: z.string().check(z.minLength(1), z.maxLength(64)),
  size: z.int().check(z.gte(1), z.lte(L.voiceBytes, REQUEST_LINK_MESSAGES.voiceTooLarge)),
  contentType: z
    .pipe(
      z.string().check(z.maxLength(100)),
      // MediaRecorder names its codec too ('audio/webm;codecs=opus'): the type is what counts.
      z.transform((v) => v.split(';')[0]!.trim().toLowerCase()),
    )
    .check(z.refine((v) => (VOICE_TYPES as readonly string[]).includes(v), REQUEST_LINK_MESSAGES.voiceType)),
});

const isoDay = z
  .string()
  .check(z.refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), REQUEST_LINK_MESSAGES.dueDate));

/** Spec 002 §3 "Submitted request", with the abuse controls' fields. */
export const submitRequestInput = z.strictObject({
  requestLink: z.string().check(z.minLength(1), z.maxLength(64)),
  requesterName: text(TEXT_LIMITS.personName).check(
    z.minLength(1, REQUEST_LINK_MESSAGES.nameRequired),
    z.refine(hasVisibleText, REQUEST_LINK_MESSAGES.nameRequired),
  ),
  requesterEmail: email,
  requestType: text(TEXT_LIMITS.label).check(z.minLength(1, REQUEST_LINK_MESSAGES.requestType)),
  description: text(L.description).check(
    z.minLength(1, REQUEST_LINK_MESSAGES.descriptionRequired),
    z.refine(hasVisibleText, REQUEST_LINK_MESSAGES.descriptionRequired),
  ),
  dueDate: z.optional(z.nullable(isoDay)),
  scheduledTime: z.optional(
    z.nullable(z.iso.datetime({ offset: true, error: REQUEST_LINK_MESSAGES.scheduledTime })),
  ),
  /** Minutes of the chosen duration option (with scheduling). */
  duration: z.optional(z.nullable(z.int().check(z.gte(1), z.lte(1440)))),
  /** The requester's time zone (the browser's), kept on the task's schedule; default UTC. */
  timezone: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  urgency: z.optional(z.nullable(z.enum(URGENCY))),
  voiceUpload: z.optional(z.nullable(z.string().check(z.maxLength(64)))),
  /** The ticket GET /request-links/public/{id} gave when the form opened (the minimum time). */
  formToken: z.string().check(z.minLength(1, REQUEST_LINK_MESSAGES.formExpired), z.maxLength(64)),
  /** The honeypot: must be empty. */
  [HONEYPOT_FIELD]: z.optional(z.string().check(z.maxLength(500))),
});
export type SubmitRequestInput = z.output<typeof submitRequestInput>;

export const confirmRequestInput = z.strictObject({
  requestId: z.string().check(z.minLength(1), z.maxLength(64)),
});
