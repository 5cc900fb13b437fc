/**
 * The rows table both role screens use (spec 002 §2, §4 "Role row"): the account roles table and
 * the role-mapping panel. '+' adds a row; a row is viewed, then edited (or new), then saved or
 * cancelled (Enter and Escape in its inputs do the same); remove asks first. Only one row is edited
 * at a time. What differs — the columns, the inputs, the rule that blocks saving and the calls — is
 * the caller's; the behaviour is this one component's.
 */
import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmRemove } from './confirm-remove.tsx';

export interface EditableRowsTexts<Row> {
  table: string;
  add: string;
  save: string;
  cancel: string;
  edit: (row: Row) => string;
  remove: (row: Row) => string;
  empty: string;
  saved: (isNew: boolean) => string;
  saveFailed: string;
  removed: string;
  removeFailed: string;
  removeTitle: string;
  removeDescription: (row: Row) => string;
  removeOk: string;
  removeCancel: string;
}

/** A draft's inputs: the draft, how to change it, and the keys that save or cancel. */
export interface EditorProps<Draft> {
  draft: Draft;
  set: (draft: Draft) => void;
  keys: (e: KeyboardEvent) => void;
}

export function EditableRows<Row extends { id: string }, Draft extends { id?: string }>({
  rows,
  headers,
  minWidth,
  testId,
  texts,
  blank,
  draftOf,
  viewCells,
  editCells,
  canSave,
  save,
  remove,
}: {
  rows: readonly Row[];
  /** Column headers (the actions column is added); a width per header where it has one. */
  headers: ReadonlyArray<{ label: string; w?: string | number }>;
  minWidth: number;
  /** Rows are `<testId>-row`, the edited row `<testId>-edit`. */
  testId: string;
  texts: EditableRowsTexts<Row>;
  blank: () => Draft;
  draftOf: (row: Row) => Draft;
  viewCells: (row: Row) => ReactNode;
  editCells: (props: EditorProps<Draft>) => ReactNode;
  /** False while the draft may not be saved (the inputs show why). */
  canSave: (draft: Draft) => boolean;
  save: (draft: Draft) => Promise<void>;
  remove: (row: Row) => Promise<void>;
}) {
  const [draft, setDraft] = useState<Draft | null>(null);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<Row | null>(null);
  const [busy, setBusy] = useState(false);
  const savable = draft !== null && canSave(draft) && !saving;

  async function onSave() {
    if (!draft || !savable) return;
    setSaving(true);
    try {
      await save(draft);
      notifySuccess(texts.saved(!draft.id));
      setDraft(null);
    } catch (err) {
      notifyError(texts.saveFailed, errorText(err, texts.saveFailed));
    } finally {
      setSaving(false);
    }
  }

  async function onRemove() {
    if (!removing) return;
    setBusy(true);
    try {
      await remove(removing);
      notifySuccess(texts.removed);
      if (draft?.id === removing.id) setDraft(null);
      setRemoving(null);
    } catch (err) {
      notifyError(texts.removeFailed, errorText(err, texts.removeFailed));
    } finally {
      setBusy(false);
    }
  }

  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') void onSave();
    if (e.key === 'Escape') setDraft(null);
  };
  const editRow = (d: Draft) => (
    <Table.Tr key={d.id ?? 'new'} data-testid={`${testId}-edit`}>
      {editCells({ draft: d, set: setDraft, keys })}
      <Table.Td>
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Tooltip label={texts.save}>
            <ActionIcon
              variant="filled"
              color="teal"
              aria-label={texts.save}
              disabled={!savable}
              loading={saving}
              onClick={() => void onSave()}
            >
              <IconCheck size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={texts.cancel}>
            <ActionIcon variant="default" aria-label={texts.cancel} onClick={() => setDraft(null)}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Table.Td>
    </Table.Tr>
  );

  return (
    <>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table verticalSpacing="xs" highlightOnHover aria-label={texts.table}>
          <Table.Thead>
            <Table.Tr>
              {headers.map((h) => (
                <Table.Th key={h.label} w={h.w}>
                  {h.label}
                </Table.Th>
              ))}
              <Table.Th w={96} ta="right">
                <Tooltip label={texts.add}>
                  <ActionIcon
                    variant="light"
                    aria-label={texts.add}
                    disabled={draft !== null && !draft.id}
                    onClick={() => setDraft(blank())}
                  >
                    <IconPlus size={16} />
                  </ActionIcon>
                </Tooltip>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) =>
              draft?.id === r.id ? (
                editRow(draft)
              ) : (
                <Table.Tr key={r.id} data-testid={`${testId}-row`}>
                  {viewCells(r)}
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon
                        variant="subtle"
                        aria-label={texts.edit(r)}
                        onClick={() => setDraft(draftOf(r))}
                      >
                        <IconPencil size={16} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={texts.remove(r)}
                        onClick={() => setRemoving(r)}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
            {draft && !draft.id && editRow(draft)}
            {rows.length === 0 && !draft && (
              <Table.Tr>
                <Table.Td colSpan={headers.length + 1}>
                  <Text c="dimmed" size="sm">
                    {texts.empty}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmRemove
        opened={removing !== null}
        title={texts.removeTitle}
        description={removing ? texts.removeDescription(removing) : ''}
        ok={texts.removeOk}
        cancel={texts.removeCancel}
        busy={busy}
        onConfirm={() => void onRemove()}
        onCancel={() => setRemoving(null)}
      />
    </>
  );
}
