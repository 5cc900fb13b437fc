/**
 * Task attachments (spec 000 §3, §7 "Attachments"; issue 13; decisions D44). Files take the presigned
 * path: an upload request (at most 15 files, each at most 20 MB, the quota checked first) answers one
 * presigned POST per file; the browser posts straight to the bucket; the confirm call checks the real
 * object (size, type, first bytes) and then, in one transaction, records the attachment, moves the
 * quota counters and removes the upload item. The multipart route does the same checks for small
 * files in one call. Links (video links) are attachments without a file.
 *
 * Who may: anyone who sees the task reads its attachments; writing needs the task's addAttachments
 * action (403); a task or attachment the caller cannot see is 404. The quota is the adder's: their
 * storage and taskAttachments counters move on confirm and move back on delete.
 *
 * An attachment's owner is a task or a curriculum (spec 002 §7 "Curriculum"; decisions D72): the
 * same code serves both, and only who may read or write, which counters move, and where the file is
 * kept differ (OWNERS below). A curriculum's members and learners read its attachments; its author
 * writes them; its attachments count against the author's curriculumAttachments and curriculumStorage.
 * The item keeps its owner in `taskId`: a task's id, or `curriculum:` and the curriculum's id.
 */
import { randomUUID } from 'node:crypto';
import {
  ATTACHMENT_MESSAGES,
  type AttachmentView,
  audioPlayerType,
  BYTES_PER_MB,
  bytesToMb,
  type CreateLinkInput,
  type CreateUploadsInput,
  contentRefusal,
  fileGroupOf,
  INLINE_IMAGE_TYPES,
  MAX_ATTACHMENT_BYTES,
  sanitizeFilename,
  sniffFormat,
  UPLOAD_TTL_SECONDS,
  type UpdateAttachmentInput,
  type UploadTicket,
} from '@tandem/shared';
import { AttachmentEntity, AttachmentUploadEntity } from '../../db/entities/attachment.ts';
import type { StoredItem } from '../../db/records.ts';
import { chunks, MAX_TRANSACTION_ITEMS, TransactionCanceledError, transactAll } from '../../db/transact.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { LIMIT_REFUSED_CODE, LimitReachedError, limitOf } from '../access/limits.ts';
import { requireTaskPermission, taskFor } from '../access/task-access.ts';
import { readUser, type UserRecord } from '../access/users.ts';
import { curriculumFor, ownedCurriculum } from '../curricula/store.ts';
import {
  copyObject,
  deleteObject,
  downloadUrl,
  firstBytes,
  headObject,
  inlineUrl,
  presignUpload,
  putObject,
  uploadKey,
} from './objects.ts';

export type AttachmentRecord = StoredItem<typeof AttachmentEntity>;

// ---------- owners ----------

export type OwnerKind = 'task' | 'curriculum';
export interface AttachmentOwner {
  kind: OwnerKind;
  id: string;
}

const CURRICULUM_KEY = 'curriculum:';

/** The owner as the item keeps it (in `taskId`, so a task's attachments stay where they were). */
export const ownerKey = (o: AttachmentOwner): string =>
  o.kind === 'task' ? o.id : `${CURRICULUM_KEY}${o.id}`;
export const ownerOfKey = (key: string): AttachmentOwner =>
  key.startsWith(CURRICULUM_KEY)
    ? { kind: 'curriculum', id: key.slice(CURRICULUM_KEY.length) }
    : { kind: 'task', id: key };

type CountAttribute = 'taskAttachmentsCount' | 'curriculumAttachmentsCount';
type BytesAttribute = 'storageBytes' | 'curriculumStorageBytes';

interface OwnerPolicy {
  /** Resolves when the caller may see the owner; 404 otherwise. */
  read(actor: Actor, id: string): Promise<unknown>;
  /** Resolves when the caller may change the owner's attachments; 404 when they cannot see it, else 403. */
  write(actor: Actor, id: string): Promise<unknown>;
  countAttribute: CountAttribute;
  bytesAttribute: BytesAttribute;
  countEvent: 'taskAttachments' | 'curriculumAttachments';
  storageEvent: 'storage' | 'curriculumStorage';
  /** Where its files are kept in the bucket. */
  fileKey(id: string, attachmentId: string): string;
}

const OWNERS: Record<OwnerKind, OwnerPolicy> = {
  task: {
    read: (actor, id) => taskFor(actor, id),
    write: async (actor, id) => {
      const access = await taskFor(actor, id);
      requireTaskPermission(access.role, 'task.addAttachments');
      return access;
    },
    countAttribute: 'taskAttachmentsCount',
    bytesAttribute: 'storageBytes',
    countEvent: 'taskAttachments',
    storageEvent: 'storage',
    fileKey: (id, attachmentId) => `tasks/${id}/${attachmentId}`,
  },
  curriculum: {
    read: (actor, id) => curriculumFor(actor, id),
    write: (actor, id) => ownedCurriculum(actor, id),
    countAttribute: 'curriculumAttachmentsCount',
    bytesAttribute: 'curriculumStorageBytes',
    countEvent: 'curriculumAttachments',
    storageEvent: 'curriculumStorage',
    fileKey: (id, attachmentId) => `curricula/${id}/${attachmentId}`,
  },
};

const policyOf = (o: AttachmentOwner) => OWNERS[o.kind];
const writableOwner = (actor: Actor, o: AttachmentOwner) => policyOf(o).write(actor, o.id);

async function attachmentsOf(owner: AttachmentOwner): Promise<AttachmentRecord[]> {
  return (await AttachmentEntity.query.byTask({ taskId: ownerKey(owner) }).go({ pages: 'all' })).data;
}

export async function attachmentView(a: AttachmentRecord, now = new Date()): Promise<AttachmentView> {
  const isFile = a.kind === 'file' && a.objectKey;
  const owner = ownerOfKey(a.taskId);
  return {
    id: a.attachmentId,
    task: owner.kind === 'task' ? owner.id : null,
    ...(owner.kind === 'curriculum' ? { curriculum: owner.id } : {}),
    filename: a.filename,
    title: a.title,
    document: isFile ? await downloadUrl(a.objectKey!, a.filename, now) : null,
    thumbnail: isFile && a.inlineType ? await inlineUrl(a.objectKey!, a.inlineType, now) : null,
    player: isFile ? await playerUrl(a, now) : null,
    documentUrl: a.documentUrl ?? null,
    fileType: a.fileType as AttachmentView['fileType'],
    size: a.size,
    order: a.order,
    user: a.userId,
    createdAt: a.createdAt,
  };
}

/**
 * An audio file's link for the <audio> element: inline, as the audio type its name (checked against
 * its first bytes at confirm) says (decisions D47). Nothing else is served inline this way.
 */
function playerUrl(a: AttachmentRecord, now: Date): Promise<string | null> {
  const type = a.fileType === 'audio' ? audioPlayerType(a.filename) : null;
  return type ? inlineUrl(a.objectKey!, type, now) : Promise.resolve(null);
}

/** Which attachments a list asks for: files, links, or an audio task's tracks (its audio files). */
const LISTED: Record<'file' | 'video' | 'audio', (a: AttachmentRecord) => boolean> = {
  file: (a) => a.kind === 'file',
  video: (a) => a.kind === 'link',
  audio: (a) => a.kind === 'file' && a.fileType === 'audio',
};

const byOrder = (a: AttachmentRecord, b: AttachmentRecord) =>
  a.order - b.order || a.createdAt.localeCompare(b.createdAt);

/**
 * GET task/attachment/{taskId}?q=file|video|audio (and GET curriculum/attachment/{curriculumId}):
 * files, video links, or tracks, in their order.
 */
export async function listAttachments(actor: Actor, owner: AttachmentOwner, q: 'file' | 'video' | 'audio') {
  await policyOf(owner).read(actor, owner.id);
  const all = await attachmentsOf(owner);
  const wanted = all.filter(LISTED[q]).sort(byOrder);
  const now = new Date();
  return { results: await Promise.all(wanted.map((a) => attachmentView(a, now))) };
}

const nextOrder = (existing: AttachmentRecord[]) => existing.reduce((m, a) => Math.max(m, a.order + 1), 0);

// ---------- the quota ----------

const storageLimitBytes = (p: OwnerPolicy, user: UserRecord) =>
  limitOf(user.subscription.package, p.storageEvent) * BYTES_PER_MB;
const storageUsed = (p: OwnerPolicy, user: UserRecord) => Math.max(0, user[p.bytesAttribute] ?? 0);
const attachmentsUsed = (p: OwnerPolicy, user: UserRecord) => Math.max(0, user[p.countAttribute] ?? 0);

/** 400 'File size exceeds the remaining storage limit.' with the storage detail (spec 000 §5, §9). */
export class StorageExceededError extends HttpError {
  constructor(user: UserRecord, p: OwnerPolicy = OWNERS.task) {
    const limit = limitOf(user.subscription.package, p.storageEvent);
    const used = bytesToMb(storageUsed(p, user));
    super(400, LIMIT_REFUSED_CODE, ATTACHMENT_MESSAGES.overStorage, {
      currentStatus: used >= limit ? 'exceeded' : 'met',
      event: p.storageEvent,
      limit,
      currentStorage: used,
      message: ATTACHMENT_MESSAGES.overStorage,
    });
  }
}

/** Refuses, before anything is written or signed, what would pass the adder's quota. */
function assertQuota(p: OwnerPolicy, user: UserRecord, bytes: number, files: number): void {
  // A plan without the feature refuses as the feature (its count limit), not as storage.
  const limit = limitOf(user.subscription.package, p.countEvent);
  if (limit === 0) throw new LimitReachedError(p.countEvent, limit, attachmentsUsed(p, user));
  if (storageUsed(p, user) + bytes > storageLimitBytes(p, user)) throw new StorageExceededError(user, p);
  if (attachmentsUsed(p, user) + files > limit)
    throw new LimitReachedError(p.countEvent, limit, attachmentsUsed(p, user));
}

async function adder(actor: Actor): Promise<UserRecord> {
  const user = await readUser(actor.userId);
  if (!user) throw new NotFoundError();
  return user;
}

type Writes = Parameters<Parameters<typeof transactAll>[0]>[0];

/** The counter write that counts `files` attachments of `bytes` in all, under the limits even when concurrent. */
function countIn(w: Writes, p: OwnerPolicy, user: UserRecord, bytes: number, files = 1) {
  const maxBytes = storageLimitBytes(p, user) - bytes;
  const maxCount = limitOf(user.subscription.package, p.countEvent) - files;
  return w.user
    .patch({ userId: user.userId })
    .add({ [p.bytesAttribute]: bytes, [p.countAttribute]: files })
    .where((a, op) => {
      const stored = a[p.bytesAttribute];
      const count = a[p.countAttribute];
      return `(${op.notExists(stored)} OR ${op.lte(stored, maxBytes)}) AND (${op.notExists(count)} OR ${op.lte(count, maxCount)})`;
    })
    .commit();
}

/** The counter write that gives an attachment's share back (no condition: shrinking never fails). */
export function countOut(w: Writes, a: Pick<AttachmentRecord, 'userId' | 'size' | 'taskId'>) {
  const p = policyOf(ownerOfKey(a.taskId));
  return w.user
    .patch({ userId: a.userId })
    .add({ [p.bytesAttribute]: -a.size, [p.countAttribute]: -1 })
    .commit();
}

/** After a transaction whose counter write (at `index`) failed: the quota refusal, read fresh. */
async function quotaFailure(
  e: unknown,
  index: number,
  p: OwnerPolicy,
  userId: string,
  bytes: number,
  files = 1,
): Promise<never> {
  if (e instanceof TransactionCanceledError && e.failedAt(index)) {
    const fresh = await readUser(userId);
    if (fresh) assertQuota(p, fresh, bytes, files);
    if (fresh) throw new StorageExceededError(fresh, p);
  }
  throw e;
}

// ---------- uploads (presigned POST) ----------

/** POST /task/attachment/upload: one presigned POST per file of the drop; nothing counted yet. */
export async function createUploads(
  actor: Actor,
  owner: AttachmentOwner,
  input: Pick<CreateUploadsInput, 'files'>,
): Promise<{ results: UploadTicket[] }> {
  await writableOwner(actor, owner);
  const user = await adder(actor);
  assertQuota(
    policyOf(owner),
    user,
    input.files.reduce((s, f) => s + f.size, 0),
    input.files.length,
  );
  const now = Date.now();
  const ttl = Math.floor(now / 1000) + UPLOAD_TTL_SECONDS;
  const uploads = input.files.map((f) => ({
    userId: actor.userId,
    uploadId: randomUUID(),
    taskId: ownerKey(owner),
    filename: sanitizeFilename(f.filename),
    size: f.size,
    contentType: f.contentType.toLowerCase(),
    ttl,
  }));
  const items = uploads.map((u) => ({ ...u, objectKey: uploadKey(u.userId, u.uploadId) }));
  await transactAll((w) => items.map((u) => w.attachmentUpload.create(u).commit()));
  const results = await Promise.all(
    items.map(async (u) => {
      const post = await presignUpload(u.objectKey, u.size, u.contentType);
      return {
        uploadId: u.uploadId,
        filename: u.filename,
        url: post.url,
        fields: Object.entries(post.fields),
        expiresAt: new Date(now + UPLOAD_TTL_SECONDS * 1000).toISOString(),
      };
    }),
  );
  return { results };
}

/** A ranged read of an object that is not there reads nothing; any other failure stands. */
const noBytesIfMissing = (e: unknown): Uint8Array => {
  const status = (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  if ((e instanceof Error && e.name === 'NoSuchKey') || status === 404) return new Uint8Array();
  throw e;
};

/** Why a stored object may not be kept, or null. */
async function objectRefusal(
  key: string,
  filename: string,
  declared: { size: number; contentType: string },
): Promise<{ refusal: string | null; head: Uint8Array }> {
  // Both at once; the first bytes of a missing object are none.
  const [head, bytes] = await Promise.all([headObject(key), firstBytes(key).catch(noBytesIfMissing)]);
  if (!head) return { refusal: ATTACHMENT_MESSAGES.notUploaded, head: new Uint8Array() };
  if (head.size > MAX_ATTACHMENT_BYTES)
    return { refusal: ATTACHMENT_MESSAGES.tooLarge, head: new Uint8Array() };
  if (head.size !== declared.size)
    return { refusal: ATTACHMENT_MESSAGES.sizeMismatch, head: new Uint8Array() };
  if (head.contentType.toLowerCase() !== declared.contentType)
    return { refusal: ATTACHMENT_MESSAGES.typeMismatch, head: new Uint8Array() };
  return { refusal: contentRefusal(filename, bytes), head: bytes };
}

/** What the first bytes say the stored file is: its group, and the inline type for images. */
function describe(filename: string, head: Uint8Array) {
  const format = sniffFormat(head);
  const inlineType = format ? INLINE_IMAGE_TYPES[format] : undefined;
  return {
    fileType: fileGroupOf(filename),
    contentType: inlineType ?? 'application/octet-stream',
    ...(inlineType ? { inlineType } : {}),
  };
}

/** Records a stored file and counts it, in one transaction; the object is removed when that fails. */
async function recordFile(
  user: UserRecord,
  owner: AttachmentOwner,
  attachmentId: string,
  key: string,
  filename: string,
  size: number,
  head: Uint8Array,
  /** The upload this file came from: removed in the same transaction (a second confirm is refused). */
  upload?: { userId: string; uploadId: string },
  /** The task's attachments as read meanwhile (for the new one's place), or read here. */
  existing?: Promise<AttachmentRecord[]>,
): Promise<AttachmentRecord> {
  const order = nextOrder(await (existing ?? attachmentsOf(owner)));
  const d = describe(filename, head);
  const now = new Date().toISOString();
  const item = {
    attachmentId,
    taskId: ownerKey(owner),
    userId: user.userId,
    kind: 'file' as const,
    filename,
    title: filename,
    objectKey: key,
    contentType: d.contentType,
    fileType: d.fileType,
    ...(d.inlineType ? { inlineType: d.inlineType } : {}),
    size,
    order,
    createdAt: now,
  };
  try {
    await transactAll((w) => [
      w.attachment.create(item).commit(),
      countIn(w, policyOf(owner), user, size),
      ...(upload
        ? [
            w.attachmentUpload
              .delete(upload)
              .where((a, op) => op.exists(a.uploadId))
              .commit(),
          ]
        : []),
    ]);
  } catch (e) {
    await deleteObject(key);
    await quotaFailure(e, 1, policyOf(owner), user.userId, size);
  }
  // As written: no read back.
  return { ...item, updatedAt: now } as AttachmentRecord;
}

/**
 * POST /task/attachment/upload/{uploadId}/confirm. Only the caller's own uploads exist for them
 * (another person's upload id is 404). What breaks a rule is deleted and forgotten, and never counted.
 */
export async function confirmUpload(
  actor: Actor,
  kind: OwnerKind,
  uploadId: string,
): Promise<AttachmentView> {
  const upload = (await AttachmentUploadEntity.get({ userId: actor.userId, uploadId }).go()).data;
  if (!upload || upload.ttl * 1000 < Date.now()) throw new NotFoundError();
  const owner = ownerOfKey(upload.taskId);
  // A curriculum's upload is confirmed through the curriculum route, a task's through the task route.
  if (owner.kind !== kind) throw new NotFoundError();
  const [, { refusal, head }, user] = await Promise.all([
    writableOwner(actor, owner),
    objectRefusal(upload.objectKey, upload.filename, upload),
    adder(actor),
  ]);
  if (refusal) {
    await deleteObject(upload.objectKey);
    // A missing object may still come (the browser is slow): keep the upload for a retry.
    if (refusal !== ATTACHMENT_MESSAGES.notUploaded)
      await AttachmentUploadEntity.delete({ userId: actor.userId, uploadId }).go();
    throw new ValidationError({ file: refusal });
  }
  assertQuota(policyOf(owner), user, upload.size, 1);
  const attachmentId = randomUUID();
  const key = policyOf(owner).fileKey(owner.id, attachmentId);
  const existing = attachmentsOf(owner);
  // Awaited in recordFile; a failure before then must not go unhandled.
  existing.catch(() => undefined);
  await copyObject(upload.objectKey, key, describe(upload.filename, head).contentType);
  const record = await recordFile(
    user,
    owner,
    attachmentId,
    key,
    upload.filename,
    upload.size,
    head,
    {
      userId: actor.userId,
      uploadId,
    },
    existing,
  );
  await deleteObject(upload.objectKey);
  return attachmentView(record);
}

/** POST /task/attachment (multipart, small files): the same checks as a confirm, in one call. */
export async function createFromForm(
  actor: Actor,
  owner: AttachmentOwner,
  file: { filename: string; data: Uint8Array },
): Promise<AttachmentView> {
  await writableOwner(actor, owner);
  const filename = sanitizeFilename(file.filename);
  const refusal = contentRefusal(filename, file.data.subarray(0, 64));
  if (refusal) throw new ValidationError({ document: refusal });
  const user = await adder(actor);
  assertQuota(policyOf(owner), user, file.data.byteLength, 1);
  const attachmentId = randomUUID();
  const key = policyOf(owner).fileKey(owner.id, attachmentId);
  const head = file.data.subarray(0, 64);
  await putObject(key, file.data, describe(filename, head).contentType);
  const record = await recordFile(user, owner, attachmentId, key, filename, file.data.byteLength, head);
  return attachmentView(record);
}

// ---------- links ----------

/** A URL attachment (a video link when fileType is 'video'): counted as an attachment, no storage. */
export async function createLink(
  actor: Actor,
  owner: AttachmentOwner,
  input: Omit<CreateLinkInput, 'task'>,
): Promise<AttachmentView> {
  await writableOwner(actor, owner);
  const user = await adder(actor);
  const p = policyOf(owner);
  assertQuota(p, user, 0, 1);
  const item = {
    attachmentId: randomUUID(),
    taskId: ownerKey(owner),
    userId: actor.userId,
    kind: 'link' as const,
    title: input.title,
    documentUrl: input.documentUrl,
    fileType: input.fileType,
    size: 0,
    order: nextOrder((await attachmentsOf(owner)).filter((a) => a.kind === 'link')),
  };
  try {
    await transactAll((w) => [w.attachment.create(item).commit(), countIn(w, p, user, 0)]);
  } catch (e) {
    await quotaFailure(e, 1, p, user.userId, 0);
  }
  return attachmentView((await AttachmentEntity.get({ attachmentId: item.attachmentId }).go()).data!);
}

// ---------- one attachment ----------

/**
 * The attachment, when the caller may change it: 404 when they cannot see its owner, or when it is
 * not of the kind of owner the route is for (a task's attachment through a curriculum route), else 403.
 */
async function writableAttachment(
  actor: Actor,
  kind: OwnerKind,
  attachmentId: string,
): Promise<AttachmentRecord> {
  const a = (await AttachmentEntity.get({ attachmentId }).go()).data;
  const owner = a && ownerOfKey(a.taskId);
  if (!a || !owner || owner.kind !== kind) throw new NotFoundError();
  await writableOwner(actor, owner);
  return a;
}

/** PATCH task/attachment/{id}: the title; the URL of a link. */
export async function updateAttachment(
  actor: Actor,
  kind: OwnerKind,
  attachmentId: string,
  input: UpdateAttachmentInput,
): Promise<AttachmentView> {
  const a = await writableAttachment(actor, kind, attachmentId);
  if (input.documentUrl !== undefined && a.kind !== 'link')
    throw new ValidationError({ document_url: 'Only a link has a URL to change.' });
  const set = {
    ...(input.title !== undefined ? { title: input.title } : {}),
    ...(input.documentUrl !== undefined ? { documentUrl: input.documentUrl } : {}),
  };
  const updated = await AttachmentEntity.patch({ attachmentId }).set(set).go({ response: 'all_new' });
  return attachmentView(updated.data);
}

/** DELETE task/attachment/{id}: the item and the quota back in one transaction, then the object. */
export async function deleteAttachment(actor: Actor, kind: OwnerKind, attachmentId: string): Promise<void> {
  const a = await writableAttachment(actor, kind, attachmentId);
  await removeAttachment(a);
}

/** Removes an attachment and gives its share of the quota back; its file goes after. Idempotent. */
export async function removeAttachment(a: AttachmentRecord): Promise<void> {
  try {
    await transactAll((w) => [
      w.attachment
        .delete({ attachmentId: a.attachmentId })
        .where((x, op) => op.exists(x.attachmentId))
        .commit(),
      countOut(w, a),
    ]);
  } catch (e) {
    // Already removed by someone else: its share was given back then.
    if (!(e instanceof TransactionCanceledError && e.failedAt(0))) throw e;
  }
  if (a.objectKey) await deleteObject(a.objectKey);
}

/**
 * PATCH task/attachment/order/: new order numbers for attachments of tasks the caller may write.
 * PATCH curriculum/attachment/order/: the same for ONE curriculum's attachments (its author's); an
 * attachment of another curriculum in the list is refused (400), a task's attachment is 404, and a
 * refused list writes nothing.
 */
export async function orderAttachments(
  actor: Actor,
  kind: OwnerKind,
  items: Array<{ id: string; order: number }>,
) {
  const found = await Promise.all(items.map((i) => AttachmentEntity.get({ attachmentId: i.id }).go()));
  const records = found.map((f) => f.data);
  if (records.some((r) => !r || ownerOfKey(r.taskId).kind !== kind)) throw new NotFoundError();
  const keys = new Set(records.map((r) => r!.taskId));
  if (kind === 'curriculum' && keys.size > 1)
    throw new ValidationError({ attachments: ATTACHMENT_MESSAGES.oneCurriculum });
  for (const key of keys) await writableOwner(actor, ownerOfKey(key));
  await transactAll((w) =>
    items.map((i, n) =>
      w.attachment
        .patch({ attachmentId: i.id })
        .set({ order: i.order })
        // Still where it was read: an attachment that moved or went meanwhile fails the whole list.
        .where((x, op) => `${op.exists(x.attachmentId)} AND ${op.eq(x.taskId, records[n]!.taskId)}`)
        .commit(),
    ),
  );
  return { results: items };
}

// ---------- copies (a clone) ----------

/** Files copied in the bucket at once while a clone's attachments are copied. */
const COPIES_AT_ONCE = 8;

/**
 * The attachments of `from` that a clone for `user` will carry, read before the clone is written:
 * refused with the quota's error, before anything is written, when the user's plan cannot take them all.
 */
export async function attachmentsToCopy(
  user: UserRecord,
  from: AttachmentOwner,
): Promise<AttachmentRecord[]> {
  const all = await attachmentsOf(from);
  if (all.length > 0) assertQuota(policyOf(from), user, bytesOf(all), all.length);
  return all;
}

const bytesOf = (all: readonly AttachmentRecord[]) => all.reduce((n, a) => n + a.size, 0);

/**
 * Copies attachments to `to` for `user`, keeping their titles and order: files are copied in the
 * bucket, links kept as they are. Each part (up to 99) is recorded and counted on the user in one
 * transaction, under the limits; a part that no longer fits is refused and its copied files removed.
 */
export async function copyAttachments(
  user: UserRecord,
  all: readonly AttachmentRecord[],
  to: AttachmentOwner,
): Promise<void> {
  const p = policyOf(to);
  const createdAt = new Date().toISOString();
  for (const part of chunks(all, MAX_TRANSACTION_ITEMS - 1)) {
    const copies = part.map(({ updatedAt: _, ...a }) => {
      const attachmentId = randomUUID();
      return {
        from: a.objectKey,
        item: {
          ...a,
          attachmentId,
          taskId: ownerKey(to),
          userId: user.userId,
          createdAt,
          ...(a.objectKey ? { objectKey: p.fileKey(to.id, attachmentId) } : {}),
        },
      };
    });
    const files = copies.filter((c) => c.from !== undefined);
    for (const batch of chunks(files, COPIES_AT_ONCE))
      await Promise.all(
        batch.map((c) => copyObject(c.from as string, c.item.objectKey as string, c.item.contentType ?? '')),
      );
    const bytes = bytesOf(part);
    try {
      await transactAll((w) => [
        countIn(w, p, user, bytes, part.length),
        ...copies.map((c) => w.attachment.create(c.item).commit()),
      ]);
    } catch (e) {
      await Promise.all(files.map((c) => deleteObject(c.item.objectKey as string)));
      await quotaFailure(e, 0, p, user.userId, bytes, part.length);
    }
  }
}

/** Every attachment of a deleted task goes, with its file and its share of the quota (streams). */
export async function removeTaskAttachments(taskId: string): Promise<number> {
  return removeOwnerAttachments({ kind: 'task', id: taskId });
}

/** Every attachment of a deleted task or curriculum goes, with its file and its share of the quota. */
export async function removeOwnerAttachments(owner: AttachmentOwner): Promise<number> {
  const all = await attachmentsOf(owner);
  for (const a of all) await removeAttachment(a);
  return all.length;
}
