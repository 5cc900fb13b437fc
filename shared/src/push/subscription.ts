/**
 * Web Push subscriptions (spec 001 §7: `POST /notifications/subscription` with device_type 'web' and
 * device_token; `DELETE /notifications/subscription` with deviceType). The device token is the
 * browser's PushSubscription as JSON (`subscription.toJSON()`): the push service's endpoint and the
 * two keys the message is encrypted for (RFC 8291). It is checked here, once, for the server and
 * the web: an https endpoint, a P-256 public key (65 bytes, uncompressed) and a 16-byte secret, both
 * base64url. The token may come as that object or as its JSON text.
 */
import * as z from 'zod/mini';

export const PUSH_DEVICE_TYPES = ['web'] as const;
export type PushDeviceType = (typeof PUSH_DEVICE_TYPES)[number];

/** Browsers' endpoints are a few hundred characters; this bounds what one item stores. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;
/** Devices a person may register; a new one beyond this replaces the one registered longest ago. */
export const PUSH_MAX_DEVICES = 20;

export const pushMessages = {
  endpoint: 'The push endpoint must be an https address.',
  p256dh: 'The push key must be a P-256 public key in base64url (65 bytes).',
  auth: 'The push secret must be 16 bytes in base64url.',
  token: 'The device token must be a push subscription with an endpoint and its keys.',
  deviceType: "The device type must be 'web'.",
} as const;

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes of a base64url text (padding allowed), or null when it is not base64url. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text)) return null;
  const plain = text.replace(/=+$/, '');
  if (plain.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((plain.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let i = 0;
  for (const ch of plain) {
    value = (value << 6) | ALPHABET.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[i++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

/** https://host[:port][/path]: no credentials, no spaces (the same test in the browser and on the server). */
const HTTPS_URL = /^https:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[^\s]*)?$/;
const isHttpsUrl = (v: string): boolean => HTTPS_URL.test(v);

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: pushMessages.endpoint })
    .check(
      z.maxLength(PUSH_ENDPOINT_MAX_LENGTH, pushMessages.endpoint),
      z.refine(isHttpsUrl, pushMessages.endpoint),
    ),
  /** The browser sends it; null when the subscription does not expire. Not stored. */
  expirationTime: z.optional(z.nullable(z.number())),
  keys: z.object(
    {
      p256dh: z.string({ error: pushMessages.p256dh }).check(
        z.refine((v) => {
          const b = base64UrlBytes(v);
          return b !== null && b.length === 65 && b[0] === 0x04;
        }, pushMessages.p256dh),
      ),
      auth: z
        .string({ error: pushMessages.auth })
        .check(z.refine((v) => base64UrlBytes(v)?.length === 16, pushMessages.auth)),
    },
    { error: pushMessages.token },
  ),
});
export type PushSubscriptionJson = z.output<typeof pushSubscriptionSchema>;

/** The token as an object, or its JSON text (what some clients keep). */
const tokenInput = z.pipe(
  z.transform((v: unknown) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return v;
    }
  }),
  pushSubscriptionSchema,
);

const deviceType = z.enum(PUSH_DEVICE_TYPES, { error: pushMessages.deviceType });

/** `POST /notifications/subscription` (keys as the server sees them, camelCase). */
export const registerPushBody = z.strictObject({
  deviceType,
  deviceToken: tokenInput,
});

/**
 * `DELETE /notifications/subscription`: which device, by its endpoint — the whole token as at
 * registration, or only its endpoint. Deleting one that is not registered answers 204 all the same.
 */
export const unregisterPushBody = z.strictObject({
  deviceType,
  deviceToken: z.union([
    tokenInput,
    z.pipe(
      z
        .string()
        .check(
          z.maxLength(PUSH_ENDPOINT_MAX_LENGTH, pushMessages.endpoint),
          z.refine(isHttpsUrl, pushMessages.endpoint),
        ),
      z.transform((endpoint) => ({ endpoint })),
    ),
    z.object({
      endpoint: z
        .string()
        .check(z.maxLength(PUSH_ENDPOINT_MAX_LENGTH), z.refine(isHttpsUrl, pushMessages.endpoint)),
    }),
  ]),
});

/** What a push says (the service worker shows it): the notification's text, where a click goes, and a
 * tag that lets a newer push replace an older one on the device. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of the app (`/task/…`) or an absolute URL of it. */
  url: string;
  tag?: string;
}
