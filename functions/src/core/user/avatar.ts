/**
 * Avatars: one image per user in the attachments bucket under avatars/<userId>/<avatarId>. The type is
 * decided from the file's first bytes, not from what the browser declared. Reads go through
 * short-lived presigned URLs, so an <img> can show them without a bearer token.
 *
 * Thumbnails: the stored image is served for both sizes; avatars are capped at 2 MB and shown small,
 * so the browser's scaling is enough (docs/decisions.md).
 */
import { randomUUID } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { type UserConfig, withConfigDefaults } from '@tandem/shared';
import type { Actor } from '../../lib/actor.ts';
import { env } from '../../lib/env.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { s3 } from '../../lib/s3.ts';
import { getUser, updateUserConfigAvatar } from './user.ts';

export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TOO_LARGE = 'Please choose an image smaller than 2 MB.';
const URL_SECONDS = 3600;

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

const keyOf = (userId: string, avatarId: string) => `avatars/${userId}/${avatarId}`;

/**
 * Links are signed as of the start of the current half hour and last an hour: every read in the same
 * half hour gets the same link (the browser keeps the picture instead of fetching it again on every
 * settings read), and a link handed out is good for at least 30 more minutes.
 */
export const signingWindowStart = (now: Date): Date =>
  new Date(Math.floor(now.getTime() / ((URL_SECONDS / 2) * 1000)) * (URL_SECONDS / 2) * 1000);

async function presign(userId: string, avatarId: string, now = new Date()): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: env.bucketName, Key: keyOf(userId, avatarId) }), {
    expiresIn: URL_SECONDS,
    signingDate: signingWindowStart(now),
  });
}

/** The avatar as settings show it: URLs are fresh presigned links. */
export async function avatarView(
  userId: string,
  avatarId: string,
): Promise<NonNullable<UserConfig['avatar']>> {
  const url = await presign(userId, avatarId);
  return { id: avatarId, originalUrl: url, thumbnailUrl: url };
}

/** Settings as the API answers them: the stored avatar id with fresh links, defaults for what is missing. */
export async function presentConfig(userId: string, stored: UserConfig): Promise<UserConfig> {
  const config = withConfigDefaults(stored);
  return config.avatar ? { ...config, avatar: await avatarView(userId, config.avatar.id) } : config;
}

export async function setAvatar(actor: Actor, data: Buffer) {
  const type = detectImageType(data);
  if (!type) throw new ValidationError({ file: 'The avatar must be a PNG, JPEG, GIF or WebP image.' });
  const previous = (await getUser(actor)).config.avatar;
  const avatarId = randomUUID();
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
  await s3.send(new DeleteObjectCommand({ Bucket: env.bucketName, Key: keyOf(actor.userId, avatarId) }));
}
