import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../groups/components/confirm-dialog.tsx';
import '../../../i18n/with-later-texts.ts';

/**
 * Closing the task form (Escape, the X, Cancel) with changes asks before discarding them; with none
 * it closes at once (001 §5). The form reports whether it has changes; the modal or panel closes
 * through `requestClose` and draws `dialog` beside itself (outside it, so Escape in the question
 * reaches the question only).
 */
export function useDiscardGuard(close: () => void) {
  const { t } = useTranslation('tasks');
  const dirty = useRef(false);
  // Mirrored in a ref: one Escape reaches every open modal, and the form's must not ask again.
  const askingRef = useRef(false);
  const [asking, setAsking] = useState(false);
  const ask = useCallback((on: boolean) => {
    askingRef.current = on;
    setAsking(on);
  }, []);

  const requestClose = useCallback(() => {
    if (askingRef.current) return;
    if (!dirty.current) {
      close();
      return;
    }
    askingRef.current = true;
    // Why later: the modals listen for Escape on the window, and a question opened while that
    // Escape is still being dispatched registers its own listener in time to receive the same
    // event and close at once. Opening it once the event is done keeps it up.
    setTimeout(() => ask(true), 0);
  }, [close, ask]);
  const onDirtyChange = useCallback((d: boolean) => {
    dirty.current = d;
  }, []);

  const dialog = (
    <ConfirmDialog
      opened={asking}
      title={t('form.discard.title')}
      confirmLabel={t('form.discard.confirm')}
      onCancel={() => ask(false)}
      onConfirm={() => {
        ask(false);
        dirty.current = false;
        close();
      }}
    >
      {t('form.discard.body')}
    </ConfirmDialog>
  );
  return { requestClose, onDirtyChange, dialog };
}
