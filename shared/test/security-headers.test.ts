import { describe, expect, it } from 'vitest';
import {
  apiSecurityHeaders,
  contentSecurityPolicy,
  inlineScripts,
  siteSecurityHeaders,
} from '../src/api/security-headers.ts';

const origins = {
  cognito: ['https://cognito-idp.eu-west-1.amazonaws.com'],
  attachments: ['https://files.s3.eu-west-1.amazonaws.com'],
  scriptHashes: ["'sha256-abc='"],
};
const directive = (csp: string, name: string) =>
  csp
    .split('; ')
    .find((d) => d.split(' ')[0] === name)
    ?.split(' ')
    .slice(1);

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy(origins);
  it('allows scripts from the app and the hashed inline scripts only, never inline or eval', () => {
    expect(directive(csp, 'script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });
  it('connects to the app, its WebSocket, Cognito and the attachments bucket, nothing else', () => {
    expect(directive(csp, 'connect-src')).toEqual([
      "'self'",
      'https://cognito-idp.eu-west-1.amazonaws.com',
      'https://files.s3.eu-west-1.amazonaws.com',
    ]);
    expect(directive(csp, 'img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://files.s3.eu-west-1.amazonaws.com',
    ]);
  });
  it('plays audio tracks from the bucket and from recordings in the page, nothing else (D47)', () => {
    expect(directive(csp, 'media-src')).toEqual([
      "'self'",
      'blob:',
      'https://files.s3.eu-west-1.amazonaws.com',
    ]);
  });
  it('refuses framing, plugins, <base> and forms to other sites', () => {
    expect(directive(csp, 'frame-ancestors')).toEqual(["'none'"]);
    // Embedded video players (decisions D44): these two, nothing else.
    expect(directive(csp, 'frame-src')).toEqual([
      'https://www.youtube-nocookie.com',
      'https://player.vimeo.com',
    ]);
    expect(directive(csp, 'object-src')).toEqual(["'none'"]);
    expect(directive(csp, 'base-uri')).toEqual(["'none'"]);
    expect(directive(csp, 'form-action')).toEqual(["'self'"]);
  });
  it('fits the 1,783 characters CloudFront allows, with room for several hashes', () => {
    const many = { ...origins, scriptHashes: Array.from({ length: 8 }, () => `'sha256-${'A'.repeat(43)}='`) };
    expect(contentSecurityPolicy(many).length).toBeLessThan(1783);
  });
});

describe('headers', () => {
  it('the site and the API both send nosniff, HSTS and a policy; the API refuses everything', () => {
    const site = siteSecurityHeaders(origins);
    const api = apiSecurityHeaders();
    for (const h of [site, api]) {
      expect(h['x-content-type-options']).toBe('nosniff');
      expect(h['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
    }
    expect(site['permissions-policy']).toContain('geolocation=()');
    // The microphone for audio tasks, on the app's own pages only (D47).
    expect(site['permissions-policy']).toContain('microphone=(self)');
    expect(site['permissions-policy']).not.toContain('microphone=()');
    expect(api['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});

describe('inlineScripts', () => {
  it('returns the exact text of each inline script and skips scripts with a src', () => {
    const html = `<head><script>
  a();
</script><script type="module" crossorigin src="/assets/x.js"></script><SCRIPT>b()</SCRIPT ></head>`;
    expect(inlineScripts(html)).toEqual(['\n  a();\n', 'b()']);
  });
});
