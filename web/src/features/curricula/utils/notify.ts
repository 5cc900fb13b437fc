/** The curriculum screen's notices, each with a named close button (axe: button-name). */
import { notifications } from '@mantine/notifications';
import i18n from 'i18next';
import { ApiError } from '../../../lib/api-error.ts';

export const notify = (color: 'teal' | 'red', message: string) =>
  notifications.show({
    color,
    message,
    autoClose: color === 'red' ? 5000 : 3000,
    closeButtonProps: { 'aria-label': i18n.t('dialog.close') },
  });

export const failed = (e: unknown) => notify('red', e instanceof ApiError ? e.message : String(e));
