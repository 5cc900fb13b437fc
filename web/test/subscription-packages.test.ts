/**
 * The paywall reads the package whatever its spelling (spec 002 §3: package names are normalised to
 * lowercase with underscores), so 'Standard License' gets the upsell and 'Free License' the block.
 */
import { describe, expect, it } from 'vitest';
import { paywallFor } from '../src/features/subscription/paywall-rules.ts';

describe('the paywall and package spellings', () => {
  it('treats spellings of a package as the package', () => {
    expect(
      paywallFor({ package: 'Standard License', status: 'active', pathname: '/templates' }),
    ).toMatchObject({
      kind: 'upsell',
      closeTo: '/',
    });
    expect(paywallFor({ package: 'standard-license', status: 'active', pathname: '/' })).toEqual({
      kind: 'none',
    });
    expect(paywallFor({ package: ' Free License ', status: 'active', pathname: '/tasks' })).toMatchObject({
      kind: 'blocked',
      reason: 'free',
      closable: false,
    });
    expect(paywallFor({ package: 'Full 14 Days Trial', status: 'expired', pathname: '/' })).toMatchObject({
      kind: 'blocked',
      reason: 'trialEnded',
    });
    expect(paywallFor({ package: 'Teams License', status: 'active', pathname: '/curriculum' })).toEqual({
      kind: 'none',
    });
  });
});
