/**
 * The error catalogue: every error the API answers has this body (ARCHITECTURE §5),
 * and the web shows `fallback_message` to the user. `code` is the spec's key where it has one.
 */
import * as z from 'zod/mini';

export const errorBody = z.object({
  detail: z.unknown(),
  fallbackMessage: z.string(),
  code: z.string(),
  errors: z.record(z.string(), z.string()),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const errorCodes = {
  validation: 'validation-error',
  invalidJson: 'invalid-json',
  bodyTooLarge: 'body-too-large',
  bodyTooDeep: 'body-too-deep',
  unauthenticated: 'not-authenticated',
  tooManyRequests: 'too-many-requests',
  forbidden: 'permission-denied',
  notFound: 'not-found',
  conflict: 'conflict',
  internal: 'server-error',
  serviceUnavailable: 'service-unavailable',
  invalidTimeFormat: 'user-config.invalid-time-format',
  invalidTimezone: 'user-config.invalid-timezone',
} as const;

export const messages = {
  generic: 'Something went wrong, please try again later',
  notLoggedIn: 'User not logged in',
  invalidTimeFormat: 'Invalid time format',
  invalidTimezone: 'Unknown time zone',
  notFound: 'Not found.',
  unauthenticated: 'Authentication credentials were not provided or are not valid.',
  tooManyRequests: 'Too many requests at once. Please wait a moment and try again.',
  forbidden: 'You do not have permission to perform this action.',
  invalidJson: 'The request body is not valid JSON.',
  bodyTooLarge: 'The request body is too large.',
  bodyTooDeep: 'The request body is nested too deeply.',
  validation: 'Please check the highlighted fields.',
  conflict: 'This was changed elsewhere meanwhile. Please reload and try again.',
  noResponse: 'Request failed and no response was returned.',
  serviceUnavailable: 'The service is briefly unavailable. Please try again in a moment.',
} as const;

/**
 * Seconds a client should wait before retrying a 503 (the Retry-After header): a stopped engine that
 * is restarted, or a throttled one, is usually back within this.
 */
export const SERVICE_UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Largest JSON body the API accepts; bigger ones get 413 before anything is parsed. */
export const MAX_JSON_BODY_BYTES = 256 * 1024;
