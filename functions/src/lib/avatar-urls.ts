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
const KEY = /^avatars\/[^/]+\/[^/]+$/;
/** The fields of the views that hold a person's avatar (MessageView's userAvatar, ChatEvent's author_avatar). */
const FIELDS = new Set(['avatar', 'userAvatar', 'author_avatar']);

/** The avatar's object key, or null when the person has none. */
export const avatarKey = (userId: string, avatarId: string | null | undefined): string | null =>
  avatarId ? `avatars/${userId}/${avatarId}` : null;

/** The start of the half hour `now` is in: every link signed in it is the same link. */
export const signingWindowStart = (now: Date): Date =>
  new Date(Math.floor(now.getTime() / ((AVATAR_URL_SECONDS / 2) * 1000)) * (AVATAR_URL_SECONDS / 2) * 1000);

type Sign = (key: string, now: Date) => Promise<string>;
let signer: Promise<Sign> | undefined;
function loadSigner(): Promise<Sign> {
  signer ??= (async () => {
    const [{ GetObjectCommand, S3Client }, { getSignedUrl }] = await Promise.all([
      import('@aws-sdk/client-s3'),
      import('@aws-sdk/s3-request-presigner'),
    ]);
    const endpoint = env.s3Endpoint;
    const client = new S3Client({
      region: env.region,
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    });
    return (key, now) =>
      getSignedUrl(client, new GetObjectCommand({ Bucket: env.bucketName, Key: key }), {
        expiresIn: AVATAR_URL_SECONDS,
        signingDate: signingWindowStart(now),
      });
  })();
  return signer;
}

/** The presigned link of one avatar key. */
export async function avatarUrl(key: string, now = new Date()): Promise<string> {
  return (await loadSigner())(key, now);
}

type Slot = { holder: Record<string, unknown>; field: string; key: string };

function collect(value: unknown, slots: Slot[], depth: number): void {
  if (depth > 64 || typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const v of value) collect(v, slots, depth + 1);
    return;
  }
  const holder = value as Record<string, unknown>;
  for (const [field, v] of Object.entries(holder)) {
    if (typeof v === 'string') {
      if (FIELDS.has(field) && KEY.test(v)) slots.push({ holder, field, key: v });
    } else collect(v, slots, depth + 1);
  }
}

/**
 * The value with every avatar key in its avatar fields replaced by its link, in place (answers are
 * built fresh for each call). A value without one is returned at once, nothing loaded.
 */
export async function withAvatarUrls<T>(value: T, now = new Date()): Promise<T> {
  const slots: Slot[] = [];
  collect(value, slots, 0);
  if (slots.length === 0) return value;
  const keys = [...new Set(slots.map((s) => s.key))];
  const urls = new Map(await Promise.all(keys.map(async (k) => [k, await avatarUrl(k, now)] as const)));
  for (const s of slots) s.holder[s.field] = urls.get(s.key) ?? null;
  return value;
}
