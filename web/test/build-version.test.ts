import { describe, expect, it } from 'vitest';
import { isNewBuild } from '../src/lib/build-version.ts';

describe('new-version banner decision', () => {
  it('shows the banner when the API reports another build', () => {
    expect(isNewBuild('11', '12')).toBe(true);
    expect(isNewBuild('2026.11.21-abc', '2026.11.22-def')).toBe(true);
  });

  it('stays quiet for the same build, ignoring surrounding spaces', () => {
    expect(isNewBuild('11', '11')).toBe(false);
    expect(isNewBuild('11', ' 11 ')).toBe(false);
  });

  it('stays quiet when the header is missing or empty', () => {
    expect(isNewBuild('11', null)).toBe(false);
    expect(isNewBuild('11', undefined)).toBe(false);
    expect(isNewBuild('11', '')).toBe(false);
    expect(isNewBuild('11', '   ')).toBe(false);
  });
});
