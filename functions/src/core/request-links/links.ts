/**
 * Request links, owner side (spec 002 §2, §3, §7; decisions D68): create, read, update, delete and
 * toggle. A link is its owner's: anyone else's id is not found (404). Its id is 'sr-' and 128 random
 * bits. The logo comes through the files module's presigned upload (attachments/objects.ts): the
 * browser posts it under the owner's uploads/ prefix, and the save that names it checks its size,
 * type and first bytes and copies it under request-links/.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  LOGO_TYPES,
  REQUEST_LINK_DEFAULTS,
  REQUEST_LINK_ID_PREFIX,
  REQUEST_LINK_LIMITS,
  REQUEST_LINK_MESSAGES,
  type RequestLinkAssignee,
  type RequestLinkView,
  requestPagePath,
} from '@tandem/shared/request-links/constants';
import type { RequestLinkInput } from '@tandem/shared/request-links/rules';
import type { StoredItem } from '../../db/records.ts';
import { RequestLinkEntity } from '../../db/request-links.ts';
import type { Actor } from '../../lib/actor.ts';
import { isConditionFailed } from '../../lib/conditions.ts';
import { env } from '../../lib/env.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { loadGroup, memberOf, requirePermission } from '../access/roster.ts';
import {
  copyObject,
  deleteObject,
  firstBytes,
  headObject,
  inlineUrl,
  presignUpload,
  uploadKey,
} from '../attachments/objects.ts';
import { getUser } from '../user/user.ts';

export type RequestLinkRecord = StoredItem<typeof RequestLinkEntity>;

export const newRequestLinkId = () => `${REQUEST_LINK_ID_PREFIX}${randomBytes(16).toString('hex')}`;

const LOGO_UPLOAD_ID = /^rlogo-[0-9a-f-]{36}$/;

export interface StoredConfig {
  brandingConfig: RequestLinkView['brandingConfig'];
  requestConfig: RequestLinkView['requestConfig'];
  confirmationConfig: RequestLinkView['confirmationConfig'];
  legalConfig: RequestLinkView['legalConfig'];
}

/** A stored request configuration with the parts added since it was saved (schedulingHours: D76). */
export const withDefaults = (c: StoredConfig['requestConfig']): StoredConfig['requestConfig'] => ({
  ...REQUEST_LINK_DEFAULTS.requestConfig,
  ...c,
});

export const logoUrl = (r: Pick<RequestLinkRecord, 'logoKey' | 'logoType'>) =>
  r.logoKey ? inlineUrl(r.logoKey, r.logoType ?? 'image/png') : Promise.resolve(null);

export async function requestLinkView(r: RequestLinkRecord): Promise<RequestLinkView> {
  const c = r.config as StoredConfig;
  return {
    id: r.linkId,
    requestLinkId: r.linkId,
    partnerProgramId: r.partnerProgramId ?? null,
    companyName: r.companyName,
    welcomeMessage: r.welcomeMessage,
    logo: await logoUrl(r),
    brandingConfig: c.brandingConfig,
    requestConfig: withDefaults(c.requestConfig),
    confirmationConfig: c.confirmationConfig,
    legalConfig: c.legalConfig,
    group: r.groupId,
    assignees: r.assignees as RequestLinkAssignee[],
    isActive: r.isActive,
    requestLink: `${env.appUrl}${requestPagePath(r.linkId)}`,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt ?? r.createdAt,
  };
}

/** The link, when it is the caller's; else 404. */
async function ownLink(actor: Actor, linkId: string): Promise<RequestLinkRecord> {
  const r = (await RequestLinkEntity.get({ linkId }).go()).data;
  if (!r || r.ownerId !== actor.userId) throw new NotFoundError();
  return r;
}

async function linksOf(ownerId: string): Promise<RequestLinkRecord[]> {
  const r = await RequestLinkEntity.query.byOwner({ ownerId }).go({ pages: 'all' });
  return r.data;
}

/** The group the link's tasks go to: the one asked for when the caller may make tasks there (else 404/403). */
async function groupFor(actor: Actor, asked: string | null | undefined, fallback: () => Promise<string>) {
  if (!asked) return fallback();
  const me = memberOf(await loadGroup(asked), actor);
  requirePermission(me, 'task.title', 'group');
  return asked;
}

/** Newest first: one Query of the owner's partition (bounded by REQUEST_LINK_LIMITS.links). */
export async function listRequestLinks(actor: Actor): Promise<RequestLinkView[]> {
  const links = await linksOf(actor.userId);
  return Promise.all(links.reverse().map(requestLinkView));
}

export async function getRequestLink(actor: Actor, linkId: string): Promise<RequestLinkView> {
  return requestLinkView(await ownLink(actor, linkId));
}

/** Kept assignees keep their ids; new ones get one (`<linkId>~<random>`, so DELETE …/assignee/{id} finds the link). */
const assigneesOf = (
  linkId: string,
  input: RequestLinkInput['assignees'],
  before: RequestLinkAssignee[] = [],
) =>
  input.map((a): RequestLinkAssignee => {
    const kept = before.find((b) => (a.id && b.id === a.id) || b.email === a.email);
    return { id: kept?.id ?? `${linkId}~${randomBytes(4).toString('hex')}`, email: a.email, role: a.role };
  });

const configOf = (input: RequestLinkInput): StoredConfig => ({
  brandingConfig: input.brandingConfig,
  requestConfig: input.requestConfig,
  confirmationConfig: input.confirmationConfig,
  legalConfig: input.legalConfig,
});

/** Whether the first bytes are those of a PNG, JPEG, GIF or WebP image. */
function isImage(b: Uint8Array): boolean {
  const s = (i: number, text: string) => [...text].every((c, j) => b[i + j] === c.charCodeAt(0));
  return (
    (b[0] === 0x89 && s(1, 'PNG')) ||
    (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) ||
    s(0, 'GIF8') ||
    (s(0, 'RIFF') && s(8, 'WEBP'))
  );
}

/** An uploaded logo, checked and moved under the link; its key and type. */
async function keepLogo(actor: Actor, linkId: string, uploadId: string) {
  if (!LOGO_UPLOAD_ID.test(uploadId))
    throw new ValidationError({ logo_upload: REQUEST_LINK_MESSAGES.logoMissing });
  const from = uploadKey(actor.userId, uploadId);
  const [head, bytes] = await Promise.all([
    headObject(from),
    firstBytes(from, 16).catch(() => new Uint8Array()),
  ]);
  if (!head) throw new ValidationError({ logo_upload: REQUEST_LINK_MESSAGES.logoMissing });
  const type = head.contentType.toLowerCase();
  const refusal =
    head.size > REQUEST_LINK_LIMITS.logoBytes
      ? REQUEST_LINK_MESSAGES.logoTooLarge
      : !(LOGO_TYPES as readonly string[]).includes(type) || !isImage(bytes)
        ? REQUEST_LINK_MESSAGES.logoType
        : null;
  if (refusal) {
    await deleteObject(from);
    throw new ValidationError({ logo_upload: refusal });
  }
  const key = `request-links/${linkId}/logo-${randomUUID()}`;
  await copyObject(from, key, type);
  await deleteObject(from);
  return { logoKey: key, logoType: type };
}

/** POST /request-links/logo: a presigned POST for a logo under the caller's uploads (1 MB at most). */
export async function createLogoUpload(actor: Actor, input: { size: number; contentType: string }) {
  const uploadId = `rlogo-${randomUUID()}`;
  const post = await presignUpload(uploadKey(actor.userId, uploadId), input.size, input.contentType);
  return { uploadId, url: post.url, fields: Object.entries(post.fields) };
}

export async function createRequestLink(actor: Actor, input: RequestLinkInput): Promise<RequestLinkView> {
  const mine = await linksOf(actor.userId);
  if (mine.length >= REQUEST_LINK_LIMITS.links)
    throw new ValidationError({ request_link: REQUEST_LINK_MESSAGES.tooManyLinks });
  const groupId = await groupFor(actor, input.group, async () => (await getUser(actor)).config.group ?? '');
  const linkId = newRequestLinkId();
  const logo = input.logoUpload ? await keepLogo(actor, linkId, input.logoUpload) : {};
  const r = await RequestLinkEntity.create({
    linkId,
    ownerId: actor.userId,
    companyName: input.companyName,
    welcomeMessage: input.welcomeMessage,
    ...(input.partnerProgramId ? { partnerProgramId: input.partnerProgramId } : {}),
    ...logo,
    config: configOf(input),
    assignees: assigneesOf(linkId, input.assignees),
    groupId,
    isActive: input.isActive,
  }).go();
  return requestLinkView(r.data);
}

export async function updateRequestLink(
  actor: Actor,
  linkId: string,
  input: RequestLinkInput,
): Promise<RequestLinkView> {
  const before = await ownLink(actor, linkId);
  const groupId = await groupFor(actor, input.group, async () => before.groupId);
  const logo =
    input.logoUpload === null
      ? { logoKey: undefined, logoType: undefined }
      : input.logoUpload
        ? await keepLogo(actor, linkId, input.logoUpload)
        : {};
  try {
    const set = {
      companyName: input.companyName,
      welcomeMessage: input.welcomeMessage,
      config: configOf(input),
      assignees: assigneesOf(linkId, input.assignees, before.assignees as RequestLinkAssignee[]),
      isActive: input.isActive,
      groupId,
      ...(input.partnerProgramId ? { partnerProgramId: input.partnerProgramId } : {}),
      ...('logoKey' in logo && logo.logoKey ? logo : {}),
    };
    const removeLogo = input.logoUpload === null && before.logoKey;
    const r = await RequestLinkEntity.patch({ linkId })
      .set(set)
      .remove(removeLogo ? ['logoKey', 'logoType'] : [])
      .go({ response: 'all_new' });
    if (before.logoKey && (removeLogo || ('logoKey' in logo && logo.logoKey)))
      await deleteObject(before.logoKey);
    return requestLinkView(r.data);
  } catch (e) {
    if (isConditionFailed(e)) throw new NotFoundError();
    throw e;
  }
}

/** PATCH /request-links/{id} {is_active}: on or off (an inactive link's page answers 404). */
export async function toggleRequestLink(actor: Actor, linkId: string, isActive: boolean) {
  await ownLink(actor, linkId);
  const r = await RequestLinkEntity.patch({ linkId }).set({ isActive }).go({ response: 'all_new' });
  return requestLinkView(r.data);
}

export async function deleteRequestLink(actor: Actor, linkId: string): Promise<void> {
  const r = await ownLink(actor, linkId);
  await RequestLinkEntity.remove({ linkId }).go({ response: 'none' });
  if (r.logoKey) await deleteObject(r.logoKey);
}

/** DELETE /request-links/assignee/{id}: one assignee off its link (the id names the link). */
export async function deleteRequestLinkAssignee(actor: Actor, assigneeId: string): Promise<RequestLinkView> {
  const linkId = assigneeId.split('~')[0] ?? '';
  if (!linkId.startsWith(REQUEST_LINK_ID_PREFIX)) throw new NotFoundError();
  const r = await ownLink(actor, linkId);
  const before = r.assignees as RequestLinkAssignee[];
  if (!before.some((a) => a.id === assigneeId)) throw new NotFoundError();
  const out = await RequestLinkEntity.patch({ linkId })
    .set({ assignees: before.filter((a) => a.id !== assigneeId) })
    .go({ response: 'all_new' });
  return requestLinkView(out.data);
}
