/**
 * Toasts (spec 001 §8, 002 §8): a server error shows its fallback_message, anything else its own
 * message. Callers pass the translated title.
 */
import { notifications } from '@mantine/notifications';
import { ApiError } from './api-error.ts';

export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.fallbackMessage || err.message || fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

export function notifyError(title: string, message: string): void {
  notifications.show({ color: 'red', title, message, autoClose: 6000 });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: 3000 });
}
