/**
 * Other people's avatars in answers (decisions D48). The views name an avatar by its object key
 * (`avatars/<userId>/<avatarId>`, avatarKey) in their avatar fields; on the way out — every HTTP
 * answer (lib/http-handler.ts) and the chat's socket events (streams/chat-delivery.ts) — each key
 * becomes a presigned GET link (withAvatarUrls). Presigning is local CPU, no request. Links are signed
 * as of the start of the current half hour and last an hour, so every answer in the same half hour
 * carries the same link (the browser keeps the picture) and a link handed out works for 30 minutes
 * more at least. The S3 client and presigner are loaded only when an answer has an avatar to sign.
 */
import { env } from './env.ts';

export const AVATAR_URL_SECONDS = 3600;
const HALF_HOUR_MS = (AVATAR_URL_SECONDS / 2) * 1000;
/** An avatar's object key, in one of the views' avatar fields (MessageView's userAvatar, ChatEvent's author_avatar). */
const KEY = /^avatars\/[^/]+\/[^/]+$/;
const FIELD = /^(avatar|userAvatar|author_avatar)$/;

/** The avatar's object key, or null when the person has none. */
export const avatarKey = (userId: string, avatarId: string | null | undefined): string | null =>
  avatarId ? `avatars/${userId}/${avatarId}` : null;

/** The start of the half hour `now` is in: every link signed in it is the same link. */
export const signingWindowStart = (now: Date): Date =>
  new Date(Math.floor(now.getTime() / HALF_HOUR_MS) * HALF_HOUR_MS);

let signer: Promise<(key: string, now: Date) => Promise<string>> | undefined;
const signed = new Map<string, Promise<string>>();
let signedIn = 0;

/** The presigned link of one avatar key (the S3 client and presigner loaded on the first). */
export function avatarUrl(key: string, now = new Date()): Promise<string> {
  signer ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/s3-request-presigner')]).then(
    // Named AvatarGet: the reads it signs are `avatars:read` (avatars/* only), not `bucket:read` (D48).
    ([{ GetObjectCommand: AvatarGet, S3Client }, { getSignedUrl }]) => {
      const endpoint = env.s3Endpoint;
      const client = new S3Client({
        region: env.region,
        ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
      });
      return (k, at) =>
        getSignedUrl(client, new AvatarGet({ Bucket: env.bucketName, Key: k }), {
          expiresIn: AVATAR_URL_SECONDS,
          signingDate: signingWindowStart(at),
        });
    },
  );
  // A link is the same all the half hour: a warm container signs each key once in it.
  const window = signingWindowStart(now).getTime();
  if (window !== signedIn || signed.size > 5_000) {
    signed.clear();
    signedIn = window;
  }
  let url = signed.get(key);
  if (!url) {
    url = signer.then((sign) => sign(key, now));
    url.catch(() => signed.delete(key));
    signed.set(key, url);
  }
  return url;
}

/**
 * The value with every avatar key in its avatar fields replaced by its link, in place (answers are
 * built fresh for each call). A value without one is returned at once, nothing loaded.
 */
export async function withAvatarUrls<T>(value: T, now = new Date()): Promise<T> {
  const slots: Array<[Record<string, unknown>, string, string]> = [];
  const collect = (v: unknown): void => {
    if (typeof v !== 'object' || v === null) return;
    for (const [field, x] of Object.entries(v)) {
      if (typeof x === 'string') {
        if (FIELD.test(field) && KEY.test(x)) slots.push([v as Record<string, unknown>, field, x]);
      } else collect(x);
    }
  };
  collect(value);
  // Each key is signed once (avatarUrl keeps the half hour's links).
  for (const [holder, field, key] of slots) holder[field] = await avatarUrl(key, now);
  return value;
}
