/**
 * The inline title input of a new folder or template (spec 002 §2, §4 "Template tree"): under its
 * parent, saves on Enter or on blur when the title is valid (shared titleProblem: unique in its group
 * and folder, trimmed, case-insensitive), Escape or blur with nothing typed cancels.
 */
import '../i18n.ts';
import { TextInput } from '@mantine/core';
import { type TitledItem, titleProblem } from '@tandem/shared/templates/rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';

export function InlineTitle({
  kind,
  place,
  siblings,
  onSave,
  onDone,
  indent,
}: {
  kind: 'template' | 'folder';
  place: { groupId: string; folderId: string | null };
  siblings: readonly TitledItem[];
  onSave: (title: string) => Promise<unknown>;
  onDone: () => void;
  indent: number;
}) {
  const { t } = useTranslation('templates');
  const [value, setValue] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const problem = value.trim() ? titleProblem(value, place, siblings, kind) : null;

  const save = async () => {
    if (busy) return;
    if (!value.trim()) return onDone();
    if (problem) return;
    setBusy(true);
    try {
      await onSave(value.trim());
      onDone();
    } catch (e) {
      setServerError(e instanceof ApiError ? e.message : String(e));
      setBusy(false);
    }
  };

  return (
    <TextInput
      autoFocus
      size="xs"
      ml={indent}
      maw={420}
      aria-label={kind === 'folder' ? t('newFolderTitle') : t('newTemplateTitle')}
      placeholder={kind === 'folder' ? t('newFolderTitle') : t('newTemplateTitle')}
      description={t('inlineHint')}
      value={value}
      disabled={busy}
      error={problem ?? serverError}
      onChange={(e) => {
        setValue(e.currentTarget.value);
        setServerError(null);
      }}
      onKeyDown={(e) => {
        if (e.key === 'Enter') void save();
        if (e.key === 'Escape') onDone();
      }}
      onBlur={() => void save()}
    />
  );
}
