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
