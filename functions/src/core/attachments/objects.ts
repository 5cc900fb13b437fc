/**
 * The attachments bucket as the attachments module uses it: keys, presigned POST and GET, the head
 * and first bytes of an upload, copy and delete. Uploads land under `uploads/` (the bucket's
 * lifecycle rule removes what stays there a day); a confirmed file is copied under `tasks/`.
 *
 * The SDK's S3 modules (client, presigned POST, URL presigner) are loaded by the first call that uses
 * them, not when a bundle importing this module loads (docs/decisions.md D87): a list of request links
 * signs a logo only when one has a logo. Each function names the commands it sends in its own
 * `await import(...)`, so infra's needs scan credits a handler with only what it calls.
 */
import { DOWNLOAD_URL_SECONDS, UPLOAD_URL_SECONDS } from '@tandem/shared';
import { env } from '../../lib/env.ts';
import { s3Client, s3Sdk } from '../../lib/s3.ts';

/** The prefix the bucket's lifecycle rule expires (infra data-stack): unconfirmed uploads. */
export const UPLOAD_PREFIX = 'uploads/';
export const uploadKey = (userId: string, uploadId: string) => `${UPLOAD_PREFIX}${userId}/${uploadId}`;
export const fileKey = (taskId: string, attachmentId: string) => `tasks/${taskId}/${attachmentId}`;

/** A form the browser posts the file with: the policy fixes the key, the exact size and the type. */
export async function presignUpload(key: string, size: number, contentType: string) {
  const { createPresignedPost } = await import('@aws-sdk/s3-presigned-post');
  return createPresignedPost(await s3Client(), {
    Bucket: env.bucketName,
    Key: key,
    Conditions: [
      ['content-length-range', size, size],
      ['eq', '$Content-Type', contentType],
    ],
    Fields: { 'Content-Type': contentType },
    Expires: UPLOAD_URL_SECONDS,
  });
}

const isMissing = (e: unknown) =>
  e instanceof Error && (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.name === '404');

/** Size and type of an object, or null when there is none. */
export async function headObject(key: string): Promise<{ size: number; contentType: string } | null> {
  const { HeadObjectCommand } = await s3Sdk();
  const s3 = await s3Client();
  try {
    const h = await s3.send(new HeadObjectCommand({ Bucket: env.bucketName, Key: key }));
    return { size: h.ContentLength ?? 0, contentType: h.ContentType ?? '' };
  } catch (e) {
    if (isMissing(e) || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return null;
    throw e;
  }
}

/** The first bytes of an object (enough for its magic number). */
export async function firstBytes(key: string, count = 64): Promise<Uint8Array> {
  const { GetObjectCommand } = await s3Sdk();
  const s3 = await s3Client();
  const r = await s3.send(
    new GetObjectCommand({ Bucket: env.bucketName, Key: key, Range: `bytes=0-${count - 1}` }),
  );
  const bytes = (await r.Body?.transformToByteArray()) ?? new Uint8Array();
  // A store that ignores the range still answers the whole object: keep the head only.
  return bytes.subarray(0, count);
}

export async function copyObject(from: string, to: string, contentType: string): Promise<void> {
  const { CopyObjectCommand } = await s3Sdk();
  const s3 = await s3Client();
  await s3.send(
    new CopyObjectCommand({
      Bucket: env.bucketName,
      CopySource: `${env.bucketName}/${from}`,
      Key: to,
      ContentType: contentType,
      MetadataDirective: 'REPLACE',
    }),
  );
}

export async function putObject(key: string, data: Uint8Array, contentType: string): Promise<void> {
  const { PutObjectCommand } = await s3Sdk();
  const s3 = await s3Client();
  await s3.send(
    new PutObjectCommand({ Bucket: env.bucketName, Key: key, Body: data, ContentType: contentType }),
  );
}

export async function deleteObject(key: string): Promise<void> {
  const { DeleteObjectCommand } = await s3Sdk();
  const s3 = await s3Client();
  await s3.send(new DeleteObjectCommand({ Bucket: env.bucketName, Key: key }));
}

/** `filename*` for Content-Disposition (RFC 6266 / 5987): any name, safely quoted. */
const dispositionName = (name: string) =>
  `filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * Links are signed as of the start of the current window and last twice as long, so reads in the
 * same window hand out the same link (the browser keeps the thumbnail) and each lasts the window.
 */
const signingDate = (now: Date) => {
  const half = (DOWNLOAD_URL_SECONDS / 2) * 1000;
  return new Date(Math.floor(now.getTime() / half) * half);
};

/** A presigned GET of `key` with these response headers, signed as of `now`'s window. */
async function signedGet(
  key: string,
  headers: { ResponseContentDisposition: string; ResponseContentType: string },
  now: Date,
): Promise<string> {
  const { GetObjectCommand } = await s3Sdk();
  const { getSignedUrl } = await import('@aws-sdk/s3-request-presigner');
  return getSignedUrl(
    await s3Client(),
    new GetObjectCommand({ Bucket: env.bucketName, Key: key, ...headers }),
    {
      expiresIn: DOWNLOAD_URL_SECONDS,
      signingDate: signingDate(now),
    },
  );
}

/** A download link: always saved as a file, never shown by the browser under our origin. */
export function downloadUrl(key: string, filename: string, now = new Date()): Promise<string> {
  return signedGet(
    key,
    {
      ResponseContentDisposition: `attachment; ${dispositionName(filename)}`,
      ResponseContentType: 'application/octet-stream',
    },
    now,
  );
}

/** A link the app shows inline: images whose bytes were checked, with that type forced. */
export function inlineUrl(key: string, contentType: string, now = new Date()): Promise<string> {
  return signedGet(key, { ResponseContentDisposition: 'inline', ResponseContentType: contentType }, now);
}
