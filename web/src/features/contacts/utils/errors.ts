/**
 * The contact and company load messages (spec 001 §8): 'API Error ({status}): {message or status
 * text}' when the server answered, the no-response sentence when it did not, otherwise the error's
 * own message or 'Network error occurred'. The fallback ('Failed to fetch contacts', …) is the
 * heading the message shows under.
 */
import { ApiError } from '../../../lib/api-error.ts';

export const NO_RESPONSE_MESSAGE =
  'No response from server. Please check if the API server is running and accessible.';
export const NETWORK_ERROR_MESSAGE = 'Network error occurred';

export function contactsErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 0) return NO_RESPONSE_MESSAGE;
    const detail = typeof err.detail === 'string' ? err.detail : '';
    return `API Error (${err.status}): ${err.fallbackMessage || detail || `HTTP ${err.status}`}`;
  }
  if (err instanceof Error && err.message) return err.message;
  return NETWORK_ERROR_MESSAGE;
}
