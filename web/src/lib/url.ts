/**
 * URL helpers kept pure for tests.
 *
 * `apiUrl` in config.json may name the origin ('http://localhost:3000'), the API root
 * ('https://x.example/api/v1') or be relative ('/api/v1'); route paths from the manifest already
 * start with '/api/v1'. Joining must give one '/api/v1' in every case.
 */
import { API_BASE } from '@tandem/shared/api/api-path';

export function joinApiUrl(apiUrl: string, path: string): string {
  let base = apiUrl.trim().replace(/\/+$/, '');
  if (base.endsWith(API_BASE) && path.startsWith(API_BASE)) base = base.slice(0, -API_BASE.length);
  return `${base}${path}`;
}

/** Query string from a plain object, skipping undefined and null; keys are given as they go on the wire. */
export function toQueryString(query: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.append(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/**
 * Where to go after sign-in. Only a path inside this app is accepted, so a crafted
 * `/login?next=https://evil.example` cannot send the user elsewhere.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next?.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  if (/^\/(login|signup|verify-email|forgot-password|password-reset)(\/|\?|$)/.test(next)) return fallback;
  return next;
}
