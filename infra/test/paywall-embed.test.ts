/**
 * The paywall's embedded billing page (spec 002 §2; decisions D76): a configured https page goes into
 * config.json and its origin into the site's CSP frame-src; unset, nothing is framed but the video
 * players; anything but https is refused at synth.
 */
import { VIDEO_FRAME_SOURCES } from '@tandem/shared/attachments/rules';
import { describe, expect, it } from 'vitest';
import { resolveConfig } from '../src/config.ts';
import { buildTandem, ofType, resourcesOf } from './support.ts';

const frameSrc = (tandem: ReturnType<typeof buildTandem>): string[] => {
  const [, policy] = ofType(resourcesOf(tandem.edge), 'AWS::CloudFront::ResponseHeadersPolicy').find(([id]) =>
    id.startsWith('SiteResponseHeaders'),
  )!;
  const config = policy.Properties!.ResponseHeadersPolicyConfig as {
    SecurityHeadersConfig: { ContentSecurityPolicy: { ContentSecurityPolicy: unknown } };
  };
  const csp = JSON.stringify(config.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
  const directive = /frame-src ([^;"]*)/.exec(csp)?.[1] ?? '';
  return directive.trim().split(/\s+/);
};

describe('the billing page in the paywall', () => {
  it('is framed from its own origin only when configured, and named in config.json', () => {
    const withEmbed = buildTandem({
      settings: { billingEmbedUrl: 'https://billing.example/embed/plans?from=tandem' },
    });
    expect(frameSrc(withEmbed)).toEqual([...VIDEO_FRAME_SOURCES, 'https://billing.example']);
    expect(withEmbed.web.runtimeConfig.billingEmbedUrl).toBe(
      'https://billing.example/embed/plans?from=tandem',
    );

    const plain = buildTandem();
    expect(frameSrc(plain)).toEqual([...VIDEO_FRAME_SOURCES]);
    expect(plain.web.runtimeConfig.billingEmbedUrl).toBeUndefined();
  }, 120_000);

  it('refuses an address that is not https', () => {
    for (const bad of ['http://billing.example/embed', 'javascript:alert(1)', 'billing.example']) {
      expect(() => resolveConfig((s) => (s === 'billingEmbedUrl' ? bad : undefined))).toThrow(
        /billingEmbedUrl/,
      );
    }
    expect(resolveConfig(() => undefined).billingEmbedUrl).toBeUndefined();
  });
});
