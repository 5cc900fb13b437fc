/**
 * Retry after a 401 (spec 001 §4, §9): the client refreshes the session and tries again, up to
 * 5 times, waiting 500 ms before the first retry and three times longer before each next one
 * (500, 1500, 4500, 13500, 40500 ms). Bounded on purpose: a token the API keeps refusing must
 * end in a sign-out, not in a loop.
 */
export const REFRESH_RETRIES = 5;
export const RETRY_BASE_DELAY_MS = 500;
export const RETRY_FACTOR = 3;

/** Delay before retry number `attempt` (0-based). */
export const retryDelayMs = (attempt: number): number => RETRY_BASE_DELAY_MS * RETRY_FACTOR ** attempt;

/** Whether a request that has been retried `attempt` times may be retried once more. */
export const canRetry = (attempt: number): boolean => attempt < REFRESH_RETRIES;

/** The whole schedule, for display and tests. */
export const retrySchedule = (): number[] =>
  Array.from({ length: REFRESH_RETRIES }, (_, i) => retryDelayMs(i));

/**
 * Retry after a 503 (the service briefly unavailable, docs/decisions.md D12): only reads (GET), which
 * are safe to repeat, twice at most, after the Retry-After the answer gives (seconds; capped, so a
 * person is never left waiting long). Writes are not repeated: the first may have been applied.
 */
export const UNAVAILABLE_RETRIES = 2;
const MAX_UNAVAILABLE_DELAY_MS = 10_000;

export const canRetryUnavailable = (method: string, attempt: number): boolean =>
  method === 'GET' && attempt < UNAVAILABLE_RETRIES;

/** Milliseconds to wait from a Retry-After header in seconds; the server's default when absent. */
export function unavailableDelayMs(retryAfter: string | null, defaultSeconds: number): number {
  const seconds =
    retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : defaultSeconds;
  return Math.min(seconds * 1000, MAX_UNAVAILABLE_DELAY_MS);
}
