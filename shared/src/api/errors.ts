/**
 * The error catalogue: every error the API answers has this body (ARCHITECTURE §5),
 * and the web shows `fallback_message` to the user. `code` is the spec's key where it has one.
 */
import * as z from 'zod';

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
  unauthenticated: 'not-authenticated',
  tooManyRequests: 'too-many-requests',
  forbidden: 'permission-denied',
  notFound: 'not-found',
  conflict: 'conflict',
  internal: 'server-error',
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
  validation: 'Please check the highlighted fields.',
  noResponse: 'Request failed and no response was returned.',
} as const;

/** Largest JSON body the API accepts; bigger ones get 413 before anything is parsed. */
export const MAX_JSON_BODY_BYTES = 256 * 1024;
