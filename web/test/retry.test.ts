import { describe, expect, it } from 'vitest';
import { canRetry, REFRESH_RETRIES, retryDelayMs, retrySchedule } from '../src/lib/retry.ts';

describe('401 retry schedule (spec 001 §4)', () => {
  it('waits 500 ms before the first retry and three times longer before each next one', () => {
    expect(retrySchedule()).toEqual([500, 1500, 4500, 13500, 40500]);
    expect(retryDelayMs(0)).toBe(500);
    expect(retryDelayMs(3)).toBe(13500);
  });

  it('retries at most 5 times', () => {
    expect(REFRESH_RETRIES).toBe(5);
    expect(canRetry(0)).toBe(true);
    expect(canRetry(4)).toBe(true);
    expect(canRetry(5)).toBe(false);
  });
});
