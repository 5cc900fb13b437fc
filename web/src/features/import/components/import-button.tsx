/**
 * The tasks page's "Import" button: the dialog (the file drop, the preview table) is its own chunk,
 * fetched when the button is first pressed.
 */
import { Button } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

const ImportDialog = lazy(() => import('./import-dialog.tsx'));

export function ImportTasksButton({ group }: { group?: string | null }) {
  const { t } = useTranslation('tasks');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setOpen(true)}>
        {t('import.open')}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog opened defaultGroup={group ?? null} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
