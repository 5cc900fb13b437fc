/**
 * CloudFront's form of the security headers defined in @tandem/shared/api/security-headers: the
 * headers CloudFront knows go in `securityHeadersBehavior` (it refuses them as custom headers), the
 * rest as custom headers. The hashes of the build's inline scripts are read from its HTML pages.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { cspHash, HSTS, inlineScripts } from '@tandem/shared/api/security-headers';
import { SITE_PAGE_FILES } from '@tandem/shared/api/site-pages';
import { Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { webDist as defaultWebDist } from './paths.ts';

/** `'sha256-…'` of each inline script of the build's HTML pages; none when it is not built. */
export function scriptHashesOfBuild(dist = defaultWebDist): string[] {
  const hashes = SITE_PAGE_FILES.flatMap((page) => {
    const file = path.join(dist, page);
    if (!existsSync(file)) return [];
    return inlineScripts(readFileSync(file, 'utf8')).map((s) =>
      cspHash(createHash('sha256').update(s).digest('base64')),
    );
  });
  return [...new Set(hashes)];
}

type PolicyHeaders = Pick<
  cloudfront.ResponseHeadersPolicyProps,
  'securityHeadersBehavior' | 'customHeadersBehavior'
>;

const FRAME_OPTIONS: Record<string, cloudfront.HeadersFrameOption> = {
  DENY: cloudfront.HeadersFrameOption.DENY,
  SAMEORIGIN: cloudfront.HeadersFrameOption.SAMEORIGIN,
};

/** The response-headers policy settings that send exactly `headers` (lower-case HTTP names). */
export function responseHeaders(
  headers: Readonly<Record<string, string>>,
  extra: cloudfront.ResponseCustomHeader[] = [],
): PolicyHeaders {
  const security: cloudfront.ResponseSecurityHeadersBehavior = {};
  const custom: cloudfront.ResponseCustomHeader[] = [...extra];
  const b = security as { -readonly [K in keyof typeof security]: (typeof security)[K] };
  for (const [name, value] of Object.entries(headers)) {
    switch (name) {
      case 'content-security-policy':
        b.contentSecurityPolicy = { contentSecurityPolicy: value, override: true };
        break;
      case 'x-content-type-options':
        if (value !== 'nosniff') throw new Error(`CloudFront only sends nosniff, not ${value}`);
        b.contentTypeOptions = { override: true };
        break;
      case 'x-frame-options': {
        const frameOption = FRAME_OPTIONS[value];
        if (!frameOption) throw new Error(`X-Frame-Options ${value} is not one CloudFront sends`);
        b.frameOptions = { frameOption, override: true };
        break;
      }
      case 'referrer-policy':
        b.referrerPolicy = { referrerPolicy: value as cloudfront.HeadersReferrerPolicy, override: true };
        break;
      case 'strict-transport-security':
        b.strictTransportSecurity = {
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubdomains,
          override: true,
        };
        break;
      default:
        custom.push({ header: name, value, override: true });
    }
  }
  return {
    securityHeadersBehavior: security,
    ...(custom.length > 0 ? { customHeadersBehavior: { customHeaders: custom } } : {}),
  };
}
