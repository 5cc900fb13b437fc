/**
 * Tabs that ask before leaving a tab with unsaved changes (spec 000 §2: a dirty custom-fields tab
 * asks to discard when left). A panel reports its state with `dirtyFor(tab)`; leaving a dirty tab
 * opens the prompt, and discarding moves on (the panel unmounts and its draft goes with it).
 */
import { Button, Group, Modal, Text } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

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
  const discard = () => {
    dirty.current.delete(value);
    setValue(pending!);
    setPending(null);
  };
  const prompt = (
    <Modal
      opened={pending !== null}
      onClose={() => setPending(null)}
      title={t('customFields.discardTitle')}
      centered
    >
      <Text size="sm" mb="md">
        {t('customFields.discardBody')}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setPending(null)}>
          {t('customFields.keepEditing')}
        </Button>
        <Button color="red" onClick={discard}>
          {t('customFields.discard')}
        </Button>
      </Group>
    </Modal>
  );
  return { tabsProps: { value, onChange }, dirtyFor, prompt };
}
