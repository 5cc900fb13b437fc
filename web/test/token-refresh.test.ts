import { describe, expect, it } from 'vitest';
import { needsRefresh, TOKEN_REFRESH_MARGIN_MS } from '../src/lib/auth/token-refresh.ts';

const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const expIn = (ms: number) => (now + ms) / 1000;

describe('token refresh margin (spec 001 §4: refresh when expiring within 60 s)', () => {
  it('keeps a token with more than a minute left', () => {
    expect(TOKEN_REFRESH_MARGIN_MS).toBe(60_000);
    expect(needsRefresh(expIn(61_000), now)).toBe(false);
    expect(needsRefresh(expIn(3_600_000), now)).toBe(false);
  });

  it('refreshes a token that expires within 60 seconds, at exactly 60 s, or has expired', () => {
    expect(needsRefresh(expIn(59_000), now)).toBe(true);
    expect(needsRefresh(expIn(60_000), now)).toBe(true);
    expect(needsRefresh(expIn(-5_000), now)).toBe(true);
  });

  it('compares against the local clock corrected by the drift measured at sign-in', () => {
    const drift = 30_000; // the local clock runs 30 s ahead of the issuer
    const localNow = now + drift;
    expect(needsRefresh(expIn(80_000), localNow)).toBe(true); // uncorrected: looks like 50 s left
    expect(needsRefresh(expIn(80_000), localNow - drift)).toBe(false); // corrected: 80 s left
  });
});
