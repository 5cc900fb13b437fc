/** The paywall's embedded billing page (spec 002 §2; decisions D76): what may be framed, and config.json. */
import { describe, expect, it } from 'vitest';
import { billingEmbedOf } from '../src/features/subscription/paywall-rules.ts';
import { parseRuntimeConfig } from '../src/lib/config.ts';

const base = {
  apiUrl: '/api/v1',
  wsUrl: '/ws',
  buildVersion: '11',
  cognito: { region: 'eu-west-1', userPoolId: 'p', clientId: 'c' },
};

describe('the billing page the sheet frames', () => {
  it('is the configured https address', () => {
    expect(billingEmbedOf('https://billing.example/embed?plan=teams')).toBe(
      'https://billing.example/embed?plan=teams',
    );
    expect(billingEmbedOf('http://localhost:3000/billing')).toBe('http://localhost:3000/billing');
  });
  it('is nothing (our own text) when unset or not a safe address', () => {
    expect(billingEmbedOf(undefined)).toBeNull();
    expect(billingEmbedOf('')).toBeNull();
    expect(billingEmbedOf('http://billing.example/embed')).toBeNull();
    expect(billingEmbedOf('javascript:alert(1)')).toBeNull();
    expect(billingEmbedOf('data:text/html,<p>x</p>')).toBeNull();
    expect(billingEmbedOf('billing.example')).toBeNull();
  });
  it('comes from config.json when the deploy names one', () => {
    expect(parseRuntimeConfig(base).billingEmbedUrl).toBeUndefined();
    expect(
      parseRuntimeConfig({ ...base, billingEmbedUrl: 'https://billing.example/e' }).billingEmbedUrl,
    ).toBe('https://billing.example/e');
    expect(() => parseRuntimeConfig({ ...base, billingEmbedUrl: 42 })).toThrow(/billingEmbedUrl/);
  });
});
