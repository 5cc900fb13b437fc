/**
 * The task modal's tabs that ask before leaving a tab with unsaved changes (spec 000 §2: a dirty
 * custom-fields or messages tab asks to discard when left). A panel reports its state with
 * `dirtyFor(tab)`; leaving a dirty tab asks the task form's discard question (the same one closing
 * the form asks, use-discard-guard.tsx), and discarding moves on (the panel unmounts with its draft).
 */
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../groups/components/confirm-dialog.tsx';
import '../../../i18n/with-later-texts.ts';

export function useGuardedTabs(initial: string): {
  tabsProps: { value: string; onChange: (next: string | null) => void };
  dirtyFor: (tab: string) => (dirty: boolean) => void;
  prompt: ReactNode;
} {
  const { t } = useTranslation('tasks');
  const [value, setValue] = useState(initial);
  const [pending, setPending] = useState<string | null>(null);
  const dirty = useRef(new Set<string>());
  const setters = useRef(new Map<string, (d: boolean) => void>());
  const dirtyFor = useCallback((tab: string) => {
    let set = setters.current.get(tab);
    if (!set) {
      set = (d: boolean) => {
        if (d) dirty.current.add(tab);
        else dirty.current.delete(tab);
      };
      setters.current.set(tab, set);
    }
    return set;
  }, []);
  const onChange = (next: string | null) => {
    if (!next || next === value) return;
    if (dirty.current.has(value)) setPending(next);
    else setValue(next);
  };
  const prompt = (
    <ConfirmDialog
      opened={pending !== null}
      title={t('form.discard.title')}
      confirmLabel={t('form.discard.confirm')}
      onCancel={() => setPending(null)}
      onConfirm={() => {
        dirty.current.delete(value);
        setValue(pending!);
        setPending(null);
      }}
    >
      {t('form.discard.body')}
    </ConfirmDialog>
  );
  return { tabsProps: { value, onChange }, dirtyFor, prompt };
}
