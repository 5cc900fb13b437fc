import { Button, Group, Modal, Text } from '@mantine/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, useBlocker } from 'react-router';

type Report = (form: string, unsaved: boolean) => void;

const UnsavedContext = createContext<Report>(() => {});

/** Tells the surrounding guard whether this form holds changes not yet saved. */
export function useUnsavedChanges(unsaved: boolean): void {
  const report = useContext(UnsavedContext);
  const form = useId();
  useEffect(() => report(form, unsaved), [report, form, unsaved]);
  useEffect(() => () => report(form, false), [report, form]);
}

/**
 * Asks before unsaved changes in any form inside are lost: on a navigation that `leaves` says takes
 * the person away from them (another page, another settings tab), and on closing or reloading the
 * window (the browser's own question).
 */
export function UnsavedChangesGuard({
  leaves,
  children,
}: {
  leaves: (from: Location, to: Location) => boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [unsavedForms, setUnsavedForms] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<Report>(
    (form, unsaved) =>
      setUnsavedForms((forms) => {
        if (forms.has(form) === unsaved) return forms;
        const next = new Set(forms);
        if (unsaved) next.add(form);
        else next.delete(form);
        return next;
      }),
    [],
  );
  const unsaved = unsavedForms.size > 0;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => unsaved && leaves(currentLocation, nextLocation),
  );

  useEffect(() => {
    if (!unsaved) return;
    const ask = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      // Older browsers ask only when a return value is set.
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);

  return (
    <UnsavedContext.Provider value={report}>
      {children}
      <Modal
        opened={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title={t('settings.unsaved.title')}
        centered
      >
        <Text size="sm">{t('settings.unsaved.text')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            {t('settings.unsaved.stay')}
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            {t('settings.unsaved.leave')}
          </Button>
        </Group>
      </Modal>
    </UnsavedContext.Provider>
  );
}
