/**
 * Avatars: one image per user in the attachments bucket under avatars/<userId>/<avatarId>. The type is
 * decided from the file's first bytes, not from what the browser declared, and so is the size: the
 * browser crops and scales to AVATAR_PX square (web/src/features/settings/utils/avatar-crop.ts), and a
 * picture whose header says it is larger is refused (decisions D48). Reads go through short-lived
 * presigned URLs, so an <img> can show them without a bearer token.
 *
 * Thumbnails: the stored image is served for both sizes; avatars are at most 256 px a side and shown
 * small, so the browser's scaling is enough (docs/decisions.md D4, D48).
 */
import { randomUUID } from 'node:crypto';
import { AVATAR_PX, AVATAR_TOO_BIG_PX } from '@tandem/shared';
import type { Actor } from '../../lib/actor.ts';
import { avatarKey, signingWindowStart } from '../../lib/avatar-urls.ts';
import { env } from '../../lib/env.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { s3Client, s3Sdk } from '../../lib/s3.ts';
// Settings' view of the avatar lives apart, so that reading settings does not load the S3 client (D78).
import { avatarView } from './avatar-view.ts';
import { getUser, updateUserConfigAvatar } from './user.ts';

export { avatarView, presentConfig } from './avatar-view.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'Please choose an image smaller than 2 MB.';

const signatures: Array<{ type: string; test: (b: Buffer) => boolean }> = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/gif', test: (b) => b.subarray(0, 6).toString('ascii').startsWith('GIF8') },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP',
  },
];

export function detectImageType(data: Buffer): string | null {
  return signatures.find((s) => s.test(data))?.type ?? null;
}

export interface ImageSize {
  width: number;
  height: number;
}

/** The JPEG frame headers (SOFn) that carry the size: C0–CF but C4 (DHT), C8 (JPG) and CC (DAC). */
const isJpegFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

function jpegSize(b: Buffer): ImageSize | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1]!;
    // Fill bytes, and the markers without a length (TEM, RSTn).
    if (marker === 0xff) {
      i += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // the image's end or data before any frame
    const length = b.readUInt16BE(i + 2);
    if (isJpegFrame(marker)) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + length;
  }
  return null;
}

function webpSize(b: Buffer): ImageSize | null {
  const chunk = b.subarray(12, 16).toString('ascii');
  if (chunk === 'VP8 ' && b.length >= 30) {
    // The key frame's start code, then 14-bit width and height.
    if (b[23] !== 0x9d || b[24] !== 0x01 || b[25] !== 0x2a) return null;
    return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b.length >= 25) {
    if (b[20] !== 0x2f) return null;
    const bits = b.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X' && b.length >= 30)
    return { width: b.readUIntLE(24, 3) + 1, height: b.readUIntLE(27, 3) + 1 };
  return null;
}

/** The picture's size as its header states it (no decoding), or null when the header says none. */
export function imageSize(data: Buffer, type: string): ImageSize | null {
  switch (type) {
    case 'image/png':
      // The first chunk is IHDR: width and height, 4 bytes each.
      return data.length >= 24 && data.subarray(12, 16).toString('ascii') === 'IHDR'
        ? { width: data.readUInt32BE(16), height: data.readUInt32BE(20) }
        : null;
    case 'image/gif':
      return data.length >= 10 ? { width: data.readUInt16LE(6), height: data.readUInt16LE(8) } : null;
    case 'image/jpeg':
      return jpegSize(data);
    case 'image/webp':
      return webpSize(data);
    default:
      return null;
  }
}

/** Whether a picture of this size may be stored: a header that states one, at most AVATAR_PX a side. */
export const fitsAvatar = (size: ImageSize | null): boolean =>
  size !== null && size.width >= 1 && size.height >= 1 && size.width <= AVATAR_PX && size.height <= AVATAR_PX;

const keyOf = (userId: string, avatarId: string) => avatarKey(userId, avatarId)!;

export { signingWindowStart };

export async function setAvatar(actor: Actor, data: Buffer) {
  const type = detectImageType(data);
  if (!type) throw new ValidationError({ file: 'The avatar must be a PNG, JPEG, GIF or WebP image.' });
  if (!fitsAvatar(imageSize(data, type)))
    throw new ValidationError({ file: AVATAR_TOO_BIG_PX }, AVATAR_TOO_BIG_PX);
  const previous = (await getUser(actor)).config.avatar;
  const avatarId = randomUUID();
  const { DeleteObjectCommand, PutObjectCommand } = await s3Sdk();
  const s3 = await s3Client();
  await s3.send(
    new PutObjectCommand({
      Bucket: env.bucketName,
      Key: keyOf(actor.userId, avatarId),
      Body: data,
      ContentType: type,
    }),
  );
  await updateUserConfigAvatar(actor, { id: avatarId, originalUrl: '', thumbnailUrl: '' });
  if (previous)
    await s3.send(new DeleteObjectCommand({ Bucket: env.bucketName, Key: keyOf(actor.userId, previous.id) }));
  return avatarView(actor.userId, avatarId);
}

/** Only the caller's own current avatar is visible for now; anything else is not found. */
export async function getAvatar(actor: Actor, avatarId: string) {
  const current = (await getUser(actor)).config.avatar;
  if (!current || current.id !== avatarId) throw new NotFoundError();
  return avatarView(actor.userId, avatarId);
}

export async function deleteAvatar(actor: Actor, avatarId: string): Promise<void> {
  const current = (await getUser(actor)).config.avatar;
  if (!current || current.id !== avatarId) throw new NotFoundError();
  await updateUserConfigAvatar(actor, null);
  const { DeleteObjectCommand } = await s3Sdk();
  const s3 = await s3Client();
  await s3.send(new DeleteObjectCommand({ Bucket: env.bucketName, Key: keyOf(actor.userId, avatarId) }));
}
