/**
 * Token buckets for the local gateway's throttling, with the limits of @tandem/shared
 * (THROTTLE_LIMITS, or TANDEM_THROTTLE). A refused request gets 429 in the API's error shape with
 * Retry-After: the whole seconds until the bucket holds a token again.
 */
import type { ServerResponse } from 'node:http';
import { toSnake } from '@tandem/shared';
import {
  parseThrottleSetting,
  type RateLimit,
  type ThrottleLimits,
  tooManyRequestsBody,
} from '@tandem/shared/api/throttling';
import { sendJson } from './request-body.ts';

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before full (idle) ones are dropped; a full bucket is the same as none. */
const MAX_BUCKETS = 10_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Takes a token from `key`'s bucket: 0 when there was one, else the seconds until there is. */
  take(key: string, limit: RateLimit): number {
    const now = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: limit.burst, at: now };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * limit.rate);
    bucket.at = now;
    if (this.buckets.size >= MAX_BUCKETS && !this.buckets.has(key)) this.dropIdle(limit);
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / limit.rate));
  }

  private dropIdle(limit: RateLimit): void {
    const now = this.now();
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((now - b.at) / 1000) * limit.rate >= limit.burst) this.buckets.delete(key);
    }
  }
}

export interface Throttle {
  readonly limits: ThrottleLimits;
  /**
   * Takes one token from each named bucket, in order; the first empty one refuses the request.
   * Returns the seconds to wait, or 0.
   */
  check(...checks: Array<[key: string, limit: RateLimit]>): number;
}

/** `false` turns throttling off; undefined reads TANDEM_THROTTLE (unset: THROTTLE_LIMITS). */
export function createThrottle(option?: ThrottleLimits | false): Throttle | undefined {
  const limits = option === undefined ? parseThrottleSetting(process.env.TANDEM_THROTTLE) : option;
  if (!limits) return undefined;
  const buckets = new TokenBuckets();
  return {
    limits,
    check(...checks) {
      for (const [key, limit] of checks) {
        const wait = buckets.take(key, limit);
        if (wait) return wait;
      }
      return 0;
    },
  };
}

const body = toSnake(tooManyRequestsBody());

export function tooManyRequests(res: ServerResponse, retryAfterSeconds: number, headers = {}): void {
  sendJson(res, 429, body, { 'retry-after': String(retryAfterSeconds), ...headers });
}
