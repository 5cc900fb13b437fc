/**
 * Links and image sources in the rich-text editor (spec 001 §5 "Editor"): http, https, mailto, sms
 * and tel are kept; any other protocol — javascript:, data:, vbscript:, file: — becomes
 * 'about:blank'. The editor's renderer and the server use the same function, so a stored link is safe
 * whoever wrote it.
 */

/** Protocols a link may have. */
export const SAFE_LINK_PROTOCOL = /^(https?|mailto|sms|tel):$/;
/** Images load from the web only. */
export const SAFE_IMAGE_PROTOCOL = /^https?:$/;
export const BLANK_URL = 'about:blank';

/** The WHATWG URL parser, as both Node and browsers have it (shared/ is typed without either's globals). */
const WhatwgUrl = (globalThis as unknown as { URL: new (url: string) => { protocol: string } }).URL;

function sanitizeWith(url: unknown, allowed: RegExp): string {
  try {
    // An address with no protocol cannot be judged: it is refused like an unsafe one (new URL throws).
    // The browser parses with the same WHATWG rules, so what is kept here is what it will open.
    return typeof url === 'string' && allowed.test(new WhatwgUrl(url).protocol) ? url : BLANK_URL;
  } catch {
    return BLANK_URL;
  }
}

/** A link's address as it may be rendered and stored: itself when its protocol is allowed, else about:blank. */
export const sanitizeUrl = (url: unknown): string => sanitizeWith(url, SAFE_LINK_PROTOCOL);

/** An image's source: http or https, else about:blank. */
export const sanitizeImageSrc = (url: unknown): string => sanitizeWith(url, SAFE_IMAGE_PROTOCOL);

const EMAIL_LIKE = /^[^\s@/:]+@[^\s@/]+\.[^\s@/]+$/;

/**
 * What a person types into the link field, as an address: an e-mail gets mailto:, a bare web address
 * https://; anything with a protocol is left for sanitizeUrl to judge. Blank stays blank (the link
 * editor applies nothing then, spec 001 §5).
 */
export function normaliseLinkInput(input: string): string {
  const v = input.trim();
  if (!v) return '';
  if (EMAIL_LIKE.test(v)) return `mailto:${v}`;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return v;
  return `https://${v.replace(/^\/+/, '')}`;
}
