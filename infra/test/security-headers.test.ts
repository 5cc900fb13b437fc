/**
 * The security headers CloudFront sends (issue 19 item 5) are exactly those of
 * @tandem/shared/api/security-headers, which the local gateway sends too: the site's with the hashes
 * of the deployed build's inline scripts and the attachments bucket's real host, the API's on /api/v1
 * and /ws.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiSecurityHeaders, siteSecurityHeaders } from '@tandem/shared/api/security-headers';
import { describe, expect, test } from 'vitest';
import { buildTandem, ofType, type Resources, resourcesOf } from './support.ts';

const dist = mkdtempSync(join(tmpdir(), 'tandem-web-csp-'));
mkdirSync(join(dist, 'assets'));
const inline = "document.documentElement.dataset.x = 'y';";
writeFileSync(join(dist, 'index.html'), `<!doctype html><script>${inline}</script><p>hi</p>`);
const tandem = buildTandem({
  webDist: dist,
  settings: { stackPrefix: 'TandemDev', authDomainPrefix: 'tdev' },
});
const edge = resourcesOf(tandem.edge);

/** A template value with the pseudo parameters of one account and region filled in. */
const PSEUDO: Record<string, string> = {
  'AWS::Region': 'eu-west-1',
  'AWS::URLSuffix': 'amazonaws.com',
  'AWS::AccountId': '123456789012',
};
function resolve(v: unknown): string {
  if (typeof v === 'string') return v;
  const o = v as Record<string, unknown>;
  if (typeof o.Ref === 'string' && o.Ref in PSEUDO) return PSEUDO[o.Ref]!;
  const join = o['Fn::Join'] as [string, unknown[]] | undefined;
  if (join) return join[1].map(resolve).join(join[0]);
  throw new Error(`cannot resolve ${JSON.stringify(v)}`);
}

type Config = Record<string, Record<string, unknown>>;
const policy = (resources: Resources, prefix: string) => {
  const found = ofType(resources, 'AWS::CloudFront::ResponseHeadersPolicy').find(([id]) =>
    id.startsWith(prefix),
  );
  if (!found) throw new Error(`no ${prefix} policy`);
  return { id: found[0], config: found[1].Properties!.ResponseHeadersPolicyConfig as Config };
};

/** The headers a policy makes CloudFront send, by lower-case name, as the shared definition writes them. */
function headersSent(config: Config): Record<string, string> {
  const sec = config.SecurityHeadersConfig ?? {};
  const out: Record<string, string> = {};
  const csp = sec.ContentSecurityPolicy as { ContentSecurityPolicy: unknown } | undefined;
  if (csp) out['content-security-policy'] = resolve(csp.ContentSecurityPolicy);
  const hsts = sec.StrictTransportSecurity as { AccessControlMaxAgeSec: number; IncludeSubdomains: boolean };
  if (hsts)
    out['strict-transport-security'] =
      `max-age=${hsts.AccessControlMaxAgeSec}${hsts.IncludeSubdomains ? '; includeSubDomains' : ''}`;
  if (sec.ContentTypeOptions) out['x-content-type-options'] = 'nosniff';
  const frame = sec.FrameOptions as { FrameOption: string } | undefined;
  if (frame) out['x-frame-options'] = frame.FrameOption;
  const referrer = sec.ReferrerPolicy as { ReferrerPolicy: string } | undefined;
  if (referrer) out['referrer-policy'] = referrer.ReferrerPolicy;
  const custom = (config.CustomHeadersConfig?.Items ?? []) as { Header: string; Value: string }[];
  for (const h of custom) if (h.Header !== 'build-version') out[h.Header] = h.Value;
  return out;
}

describe('the site', () => {
  const site = policy(edge, 'SiteResponseHeaders');

  test('sends the shared headers, with the build’s inline script hash, Cognito and the bucket’s host', () => {
    const hash = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    const bucketName = resolve(
      ofType(resourcesOf(tandem.data), 'AWS::S3::Bucket').find(([id]) => id.startsWith('Attachments'))![1]
        .Properties!.BucketName,
    );
    expect(bucketName).toBe('tandemdev-attachments-123456789012-eu-west-1');
    expect(headersSent(site.config)).toEqual(
      siteSecurityHeaders({
        cognito: [
          'https://cognito-idp.eu-west-1.amazonaws.com',
          'https://tdev.auth.eu-west-1.amazoncognito.com',
        ],
        attachments: [`https://${bucketName}.s3.eu-west-1.amazonaws.com`],
        scriptHashes: [hash],
      }),
    );
  });

  test('the policy fits CloudFront’s 1,783 characters', () => {
    const csp = headersSent(site.config)['content-security-policy']!;
    expect(csp.length).toBeLessThan(1783);
  });

  test('is the default behaviour’s policy', () => {
    const [, dist] = ofType(edge, 'AWS::CloudFront::Distribution')[0]!;
    const config = dist.Properties!.DistributionConfig as Record<string, Record<string, unknown>>;
    expect(config.DefaultCacheBehavior!.ResponseHeadersPolicyId).toEqual({ Ref: site.id });
  });
});

describe('the API and the WebSocket', () => {
  const api = policy(edge, 'ApiResponseHeaders');

  test('send nosniff, HSTS and a policy that refuses everything, besides the build-version', () => {
    expect(headersSent(api.config)).toEqual(apiSecurityHeaders());
  });

  test('on both behaviours', () => {
    const [, dist] = ofType(edge, 'AWS::CloudFront::Distribution')[0]!;
    const behaviours = (dist.Properties!.DistributionConfig as { CacheBehaviors: Record<string, unknown>[] })
      .CacheBehaviors;
    for (const path of ['/api/v1/*', '/ws']) {
      expect(behaviours.find((b) => b.PathPattern === path)?.ResponseHeadersPolicyId).toEqual({
        Ref: api.id,
      });
    }
  });
});
