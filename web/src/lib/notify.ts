/**
 * Toasts (spec 001 §8, 002 §8): a server error shows its fallback_message, anything else its own
 * message. Callers pass the translated title.
 */
import { notifications } from '@mantine/notifications';
import { createElement } from 'react';
import { ApiError } from './api-error.ts';
import { UndoMessage } from './undo-toast.tsx';

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

let undoCount = 0;

/**
 * A toast with an Undo button (issue 11): it stays `ms` (5 s) and then closes. `onUndo` runs if the
 * button is pressed first; `onExpire` runs when it closes otherwise (timed out or dismissed), which is
 * where a change held back until then is made. Each runs at most once.
 */
export function notifyUndo({
  message,
  undoLabel,
  ms,
  onUndo,
  onExpire,
}: {
  message: string;
  undoLabel: string;
  ms: number;
  onUndo: () => void;
  onExpire?: () => void;
}): void {
  const id = `undo-${++undoCount}`;
  let settled = false;
  const settle = (undo: boolean) => {
    if (settled) return;
    settled = true;
    if (undo) onUndo();
    else onExpire?.();
  };
  notifications.show({
    id,
    color: 'blue',
    autoClose: ms,
    onClose: () => settle(false),
    message: createElement(UndoMessage, {
      message,
      label: undoLabel,
      onUndo: () => {
        settle(true);
        notifications.hide(id);
      },
    }),
  });
}
