/**
 * The security headers of every answer, defined once: CloudFront's response-headers policies
 * (infra/src/stacks/edge-stack.ts) and the local gateway (scripts/src/local/gateway) both build
 * theirs from here, so a Content-Security-Policy mistake shows in the browser tests before it
 * reaches AWS. Only the origins differ: in AWS the app, API and WebSocket share the distribution's
 * host, Cognito and the attachments bucket have their own; locally all are the gateway's one origin.
 */

import { VIDEO_FRAME_SOURCES } from '../attachments/rules.ts';

/**
 * Where the page may connect and load from, besides its own origin. The WebSocket needs no entry:
 * it is on the page's own host, and 'self' matches ws: and wss: there (CSP Level 3, in every current
 * browser); the browser test proves it locally.
 */
export interface CspOrigins {
  /**
   * Cognito's endpoint origins the browser calls (`https://cognito-idp.<region>.amazonaws.com`, the
   * hosted UI domain when social sign-in is on); none when Cognito is reached on the app's origin.
   */
  readonly cognito: readonly string[];
  /** The attachments bucket's origin (presigned GET links, presigned POST); none when on the app's origin. */
  readonly attachments: readonly string[];
  /** `'sha256-…'` of each inline script of index.html (see inlineScripts). */
  readonly scriptHashes: readonly string[];
  /** Origins the app may frame besides the video players: the billing page of the paywall (D76). */
  readonly frames?: readonly string[];
}

/**
 * The site's policy. Scripts: the app's own files and the hashed inline scripts, never
 * 'unsafe-inline' or eval. Styles: Mantine writes its CSS variables and component styles into
 * `<style>` elements at run time, whose text depends on the theme and colour scheme, so no hash
 * can be known in advance and a static host cannot give a nonce: styles allow 'unsafe-inline'.
 * No plugins, no framing by other sites, frames only of the YouTube and Vimeo players, no <base> and
 * forms only to the app itself.
 */
export function contentSecurityPolicy(o: CspOrigins): string {
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...o.scriptHashes],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:', ...o.attachments],
    ['font-src', "'self'", 'data:'],
    // Audio tasks' tracks (decisions D47): presigned links, and recordings not uploaded yet (blob:).
    ['media-src', "'self'", 'blob:', ...o.attachments],
    ['connect-src', "'self'", ...o.cognito, ...o.attachments],
    ['worker-src', "'self'", 'blob:'],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    // Video links play embedded from these two players only (decisions D44).
    // The paywall's billing page, when one is configured (decisions D76).
    ['frame-src', ...VIDEO_FRAME_SOURCES, ...(o.frames ?? [])],
    ['frame-ancestors', "'none'"],
    ['base-uri', "'none'"],
    ['form-action', "'self'"],
  ];
  return directives.map((d) => d.join(' ')).join('; ');
}

/** HSTS: two years, subdomains too (the distribution's host has none of its own). */
export const HSTS = { maxAgeSeconds: 63_072_000, includeSubdomains: true } as const;
export const hstsValue = (): string =>
  `max-age=${HSTS.maxAgeSeconds}${HSTS.includeSubdomains ? '; includeSubDomains' : ''}`;

/** Powerful features off for the app and anything it could embed; the microphone only for the app itself. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  // Audio tasks record from the microphone, on the app's own pages only (decisions D47).
  'microphone=(self)',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The headers of the site (index.html, assets, config.json), by HTTP name. CloudFront takes the
 * first five in its securityHeadersBehavior and the rest as custom headers.
 */
export function siteSecurityHeaders(o: CspOrigins): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(o),
    'strict-transport-security': hstsValue(),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
    'permissions-policy': PERMISSIONS_POLICY,
  };
}

/**
 * The headers of every API answer (JSON and the calendar feed; the WebSocket upgrade): nothing in
 * them is a page, so their policy refuses everything.
 */
export function apiSecurityHeaders(): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'strict-transport-security': hstsValue(),
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': REFERRER_POLICY,
  };
}

/**
 * The text of each inline classic script of an HTML page (`<script>…</script>` with no `src`),
 * exactly as the browser hashes it. Module and JSON scripts are inline only when the build inlines
 * them, which Tandem's does not; they are counted all the same.
 */
export function inlineScripts(html: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    if (/\bsrc\s*=/i.test(m[1] ?? '')) continue;
    out.push(m[2] ?? '');
  }
  return out;
}

/** A CSP hash source from a base64 SHA-256 digest (the caller hashes: node:crypto, Web Crypto). */
export const cspHash = (sha256Base64: string): string => `'sha256-${sha256Base64}'`;

/**
 * The header CloudFront adds to every request it forwards to the HTTP and WebSocket APIs, with a
 * secret value the handlers check (ORIGIN_VERIFY_SECRET), so a request sent to the APIs' own
 * execute-api addresses, around the web application firewall, is refused. CloudFront replaces a
 * header of this name sent by a viewer.
 */
export const ORIGIN_VERIFY_HEADER = 'x-tandem-origin-verify';
