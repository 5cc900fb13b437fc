/**
 * The security headers as CloudFront adds them in AWS, from the same definition
 * (@tandem/shared/api/security-headers): the site's on the web build and config.json, the API's on
 * every /api/v1 answer. The Content-Security-Policy names this gateway's WebSocket URL and the hashes
 * of the build's pages' inline scripts, read again whenever the build changes, so a browser test sees
 * exactly the policy a deploy of the same build would send.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { RuntimeConfig } from '@tandem/shared/api/config';
import {
  apiSecurityHeaders,
  cspHash,
  inlineScripts,
  siteSecurityHeaders,
} from '@tandem/shared/api/security-headers';
import { SITE_PAGE_FILES } from '@tandem/shared/api/site-pages';

export const sha256Base64 = (text: string): string => createHash('sha256').update(text).digest('base64');

/** The CSP hash of each inline script of an HTML page. */
export const scriptHashesOf = (html: string): string[] =>
  inlineScripts(html).map((s) => cspHash(sha256Base64(s)));

/** `http://x:1/a` → `http://x:1`; nothing for a relative or malformed address. */
function originOf(url: string | undefined): string[] {
  if (!url) return [];
  try {
    return [new URL(url).origin];
  } catch {
    return [];
  }
}

export function createSecurityHeaders(webDistDir: string, config: RuntimeConfig) {
  const pages = SITE_PAGE_FILES.map((page) => path.join(path.resolve(webDistDir), page));
  let cached: { key: string; headers: Record<string, string> } | undefined;
  const api = apiSecurityHeaders();

  return {
    api: (): Record<string, string> => api,
    /** The site's headers for the build now in the folder (none built: no inline script to allow). */
    async site(): Promise<Record<string, string>> {
      // Not built (or a page missing): the "not built" page has no script.
      const found = await Promise.all(
        pages.map((file) =>
          stat(file).then(
            (s) => ({ file, key: `${s.size}:${s.mtimeMs}` }),
            () => null,
          ),
        ),
      );
      const key = found.map((f) => f?.key ?? 'none').join(',');
      if (cached?.key === key) return cached.headers;
      const html = await Promise.all(found.map((f) => (f ? readFile(f.file, 'utf8').catch(() => '') : '')));
      const headers = siteSecurityHeaders({
        // Locally Cognito and the bucket are on the gateway's origin ('self'); named anyway when not.
        cognito: originOf(config.cognito.endpoint),
        attachments: [],
        scriptHashes: [...new Set(html.flatMap(scriptHashesOf))],
      });
      cached = { key, headers };
      return headers;
    },
  };
}
