/**
 * The public request page's calls (spec 002 §2, §7; decisions D68): the link's public face with a
 * form ticket, a voice note's presigned upload scoped to the link, the submission and its
 * confirmation. An unknown or inactive link is 404 with a plain message.
 *
 * A submission is counted per address and per link first (abuse.ts), then checked (link, honeypot,
 * form ticket, the link's options, the voice note), then makes one task through the task domain
 * (core/tasks: the owner creates it for the link's assignees), records the request beside it (the
 * portal reads it) and e-mails the requester the configured confirmation.
 */
import { randomUUID } from 'node:crypto';
import { TASK_FLAG } from '@tandem/shared';
import {
  HONEYPOT_FIELD,
  type PublicRequestLinkView,
  REQUEST_LINK_LIMITS,
  REQUEST_LINK_MESSAGES,
  type RequestLinkAssignee,
  requestScheduleErrors,
  requestTaskDescription,
  requestTaskTitle,
  requestTypeAllowed,
  VOICE_TYPES,
} from '@tandem/shared/request-links/constants';
import type { SubmitRequestInput } from '@tandem/shared/request-links/submission';
import { scheduleInput } from '@tandem/shared/time/schedule-input';
import { DEFAULT_TIMEZONE, isValidTimezone } from '@tandem/shared/user/timezone';
import { RequestLinkEntity, RequestRecordEntity } from '../../db/request-links.ts';
import { env } from '../../lib/env.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { sendMail } from '../../lib/mailer.ts';
import { loadGroup } from '../access/roster.ts';
import {
  copyObject,
  deleteObject,
  headObject,
  presignUpload,
  UPLOAD_PREFIX,
} from '../attachments/objects.ts';
import { createTask } from '../tasks/tasks.ts';
import { checkFormTicket, issueFormTicket, rateLimit, spendFormTicket } from './abuse.ts';
import { logoUrl, type RequestLinkRecord, type StoredConfig, withDefaults } from './links.ts';
import { requestMail } from './mail.ts';

const VOICE_UPLOAD_ID = /^[0-9a-f-]{36}$/;
const voiceUploadKey = (linkId: string, uploadId: string) =>
  `${UPLOAD_PREFIX}request-links/${linkId}/${uploadId}`;

/** The link when it exists and is active; else 404 with the page's plain message. */
export async function activeLink(linkId: string): Promise<RequestLinkRecord> {
  const r = linkId.length <= 64 ? (await RequestLinkEntity.get({ linkId }).go()).data : null;
  if (!r?.isActive) throw new NotFoundError(REQUEST_LINK_MESSAGES.notFound);
  return r;
}

/** GET /request-links/public/{id}: what the page shows, and a new form ticket. */
export async function publicRequestLink(linkId: string, now = new Date()): Promise<PublicRequestLinkView> {
  const r = await activeLink(linkId);
  const c = r.config as StoredConfig;
  const [formToken, logo] = await Promise.all([issueFormTicket(linkId, now), logoUrl(r)]);
  return {
    id: r.linkId,
    companyName: r.companyName,
    welcomeMessage: r.welcomeMessage,
    logo,
    brandingConfig: c.brandingConfig,
    requestConfig: withDefaults(c.requestConfig),
    confirmationConfig: c.confirmationConfig,
    legalConfig: c.legalConfig,
    formToken,
  };
}

/** POST /request-links/public/{id}/voice: a presigned POST for one voice note of this link's open form. */
export async function createVoiceUpload(
  linkId: string,
  input: { formToken: string; size: number; contentType: string },
  now = new Date(),
) {
  const r = await activeLink(linkId);
  if (!(r.config as StoredConfig).requestConfig.voiceRecordingEnabled)
    throw new ValidationError({ voice_upload: REQUEST_LINK_MESSAGES.voiceOff });
  // The ticket must be this link's (its age does not matter yet: a recording starts at once).
  await checkFormTicket(input.formToken, linkId, now, false);
  const uploadId = randomUUID();
  const post = await presignUpload(voiceUploadKey(linkId, uploadId), input.size, input.contentType);
  return { uploadId, url: post.url, fields: Object.entries(post.fields) };
}

/** The voice note uploaded for this link, checked; its key (still under uploads/) and type. */
async function voiceNote(linkId: string, uploadId: string) {
  if (!VOICE_UPLOAD_ID.test(uploadId))
    throw new ValidationError({ voice_upload: REQUEST_LINK_MESSAGES.voiceMissing });
  const key = voiceUploadKey(linkId, uploadId);
  const head = await headObject(key);
  if (!head) throw new ValidationError({ voice_upload: REQUEST_LINK_MESSAGES.voiceMissing });
  const type = head.contentType.toLowerCase().split(';')[0]!.trim();
  if (head.size > REQUEST_LINK_LIMITS.voiceBytes) {
    await deleteObject(key);
    throw new ValidationError({ voice_upload: REQUEST_LINK_MESSAGES.voiceTooLarge });
  }
  if (!(VOICE_TYPES as readonly string[]).includes(type)) {
    await deleteObject(key);
    throw new ValidationError({ voice_upload: REQUEST_LINK_MESSAGES.voiceType });
  }
  return { key, type };
}

/** Checks the request against what the link offers (a field the form does not show is refused). */
function checkOptions(r: RequestLinkRecord, input: SubmitRequestInput, now: Date) {
  const cfg = withDefaults((r.config as StoredConfig).requestConfig);
  if (!requestTypeAllowed(cfg, input.requestType))
    throw new ValidationError({ request_type: REQUEST_LINK_MESSAGES.requestType });
  const schedule = requestScheduleErrors(cfg, input, now);
  if (schedule) throw new ValidationError(schedule);
  if (input.voiceUpload && !cfg.voiceRecordingEnabled)
    throw new ValidationError({ voice_upload: REQUEST_LINK_MESSAGES.voiceOff });
}

/** The link's assignees who can be given the task: accepted members of its group (else the owner). */
async function assigneesFor(r: RequestLinkRecord) {
  const wanted = r.assignees as RequestLinkAssignee[];
  if (wanted.length === 0) return undefined;
  const group = await loadGroup(r.groupId);
  const members = new Set(
    Object.values(group?.members ?? {})
      .filter((m) => m.userId && m.invitationStatus === 'accepted')
      .map((m) => m.email),
  );
  const given = wanted.filter((a) => members.has(a.email)).map((a) => ({ email: a.email, role: a.role }));
  return given.length > 0 ? given : undefined;
}

/** The schedule's zone: the business hours', else the requester's (when the platform knows it), else UTC. */
function scheduleZone(
  hours: StoredConfig['requestConfig']['schedulingHours'] | undefined,
  given?: string | null,
) {
  if (hours) return hours.timezone;
  return given && isValidTimezone(given) ? given : DEFAULT_TIMEZONE;
}

export interface SubmitResult {
  requestId: string;
  confirmationConfig: StoredConfig['confirmationConfig'];
  companyName: string;
}

/**
 * POST /request-links/request from the address `ip`. A request to an unknown or inactive link is 404
 * and writes nothing; any other counts towards the address's and the link's limits (429 past them)
 * before it is checked further.
 */
export async function submitRequest(
  input: SubmitRequestInput,
  ip: string,
  now = new Date(),
): Promise<SubmitResult> {
  // The link and the ticket are read at once; an unknown link is 404 whatever the ticket.
  const [link, ticket] = await Promise.all([
    activeLink(input.requestLink).catch((e: unknown) => e),
    checkFormTicket(input.formToken, input.requestLink, now).catch((e: unknown) => e),
  ]);
  if (link instanceof Error) throw link;
  const r = link as RequestLinkRecord;
  await rateLimit(ip, r.linkId, now);
  if ((input[HONEYPOT_FIELD] ?? '') !== '') throw new ValidationError({}, REQUEST_LINK_MESSAGES.honeypot);
  if (ticket instanceof Error) throw ticket;
  checkOptions(r, input, now);
  const cfg = withDefaults((r.config as StoredConfig).requestConfig);
  const voice = input.voiceUpload ? await voiceNote(r.linkId, input.voiceUpload) : null;
  const [, taskAssignees] = await Promise.all([spendFormTicket(input.formToken), assigneesFor(r)]);

  const details = {
    requesterName: input.requesterName,
    requesterEmail: input.requesterEmail,
    requestType: input.requestType,
    description: input.description,
    companyName: r.companyName,
    dueDate: cfg.dueDateEnabled ? (input.dueDate ?? null) : null,
    scheduledTime: cfg.schedulingEnabled ? (input.scheduledTime ?? null) : null,
    duration: cfg.schedulingEnabled && input.scheduledTime ? (input.duration ?? null) : null,
    urgency: cfg.urgencyEnabled ? (input.urgency ?? null) : null,
  };
  const title = requestTaskTitle(details.requestType, details.requesterName);
  const created = await createTask(
    { userId: r.ownerId, username: r.ownerId },
    {
      title,
      details: {
        description: requestTaskDescription(details),
        flag: details.urgency === 'urgent' ? TASK_FLAG.urgent : TASK_FLAG.normal,
      },
      mode: 'active',
      status: 1,
      level: 1,
      priorityGroup: 0,
      dueAt: details.dueDate ? `${details.dueDate}T12:00:00.000Z` : null,
      // The appointment is the task's schedule, under the same rules as any task's (POST /task).
      ...(details.scheduledTime && details.duration
        ? {
            scheduledTask: scheduleInput.parse({
              startDate: details.scheduledTime,
              duration: details.duration,
              timezone: scheduleZone(cfg.schedulingHours, input.timezone),
            }),
          }
        : {}),
      taskPosition: 'top',
      group: r.groupId,
      parent: null,
      ...(taskAssignees ? { taskAssignees } : {}),
      delegationType: 'SI',
      children: [],
    },
    now,
  );
  const taskId = created.results[0]!.id as string;
  let voiceKey: string | undefined;
  if (voice) {
    voiceKey = `request-links/${r.linkId}/voice/${taskId}`;
    await copyObject(voice.key, voiceKey, voice.type);
    await deleteObject(voice.key);
  }
  const confirmation = (r.config as StoredConfig).confirmationConfig;
  // The request beside its task (the portal reads it) and the requester's mail, at once.
  await Promise.all([
    RequestRecordEntity.create({
      taskId,
      ownerId: r.ownerId,
      linkId: r.linkId,
      title,
      requesterName: details.requesterName,
      requesterEmail: details.requesterEmail,
      requestType: details.requestType,
      description: details.description,
      companyName: r.companyName,
      ...(details.urgency ? { urgency: details.urgency } : {}),
      ...(details.dueDate ? { dueDate: details.dueDate } : {}),
      ...(details.scheduledTime ? { scheduledTime: details.scheduledTime } : {}),
      ...(details.duration ? { duration: details.duration } : {}),
      ...(voiceKey && voice ? { voiceKey, voiceType: voice.type } : {}),
      createdAt: now.toISOString(),
    }).go(),
    sendMail(requestMail(details, confirmation, env.appUrl)),
  ]);
  return { requestId: taskId, confirmationConfig: confirmation, companyName: r.companyName };
}

/** POST /request-links/request/confirmation {request_id}: the confirmation texts of a sent request. */
export async function confirmRequest(requestId: string) {
  const rec = (await RequestRecordEntity.get({ taskId: requestId }).go()).data;
  if (!rec) throw new NotFoundError();
  const link = (await RequestLinkEntity.get({ linkId: rec.linkId }).go()).data;
  if (!link) throw new NotFoundError();
  const c = link.config as StoredConfig;
  return {
    requestId,
    companyName: link.companyName,
    brandingConfig: c.brandingConfig,
    confirmationConfig: c.confirmationConfig,
  };
}
