/**
 * The reset link /password-reset/{uid}/{token} carries the account as `uid`: the e-mail in
 * base64url (functions/src/core/auth/auth-messages.ts encodes it). Returns null for anything that is
 * not a base64url-encoded UTF-8 e-mail, so a mangled link shows a clear message instead of a
 * request for the wrong account.
 */
import { isEmail } from '../validation.ts';

export function decodeUid(uid: string): string | null {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(uid)) return null;
  const b64 = uid.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/');
  if (b64.length % 4 === 1) return null;
  try {
    const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return isEmail(text) ? text : null;
  } catch {
    return null;
  }
}

export function encodeUid(email: string): string {
  const bytes = new TextEncoder().encode(email);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}
