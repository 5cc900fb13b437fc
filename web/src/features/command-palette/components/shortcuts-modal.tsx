/** The keyboard shortcuts, listed by "?" (issue 11 §18). One list: the keys and what they do. */
import { Group, Kbd, Modal, Table } from '@mantine/core';
import { useOs } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import '../../../i18n/with-later-texts.ts';

export type ShortcutKey = 'palette' | 'quickAdd' | 'help' | 'next' | 'previous' | 'done' | 'edit';
/** Keys per shortcut; "mod" is Ctrl, or ⌘ on a Mac. */
export const SHORTCUTS: ReadonlyArray<{ id: ShortcutKey; keys: string[] }> = [
  { id: 'palette', keys: ['mod', 'K'] },
  { id: 'quickAdd', keys: ['Q'] },
  { id: 'help', keys: ['?'] },
  // On Today (features/today/hooks/use-today-shortcuts.ts).
  { id: 'next', keys: ['J'] },
  { id: 'previous', keys: ['K'] },
  { id: 'done', keys: ['X'] },
  { id: 'edit', keys: ['E'] },
];

export default function ShortcutsModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('common');
  const mac = useOs() === 'macos';
  return (
    <Modal opened={opened} onClose={onClose} title={t('shortcuts.title')}>
      <Table>
        <Table.Tbody>
          {SHORTCUTS.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {s.keys.map((k) => (
                    <Kbd key={k}>{k === 'mod' ? (mac ? '⌘' : 'Ctrl') : k}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{t(`shortcuts.${s.id}`)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
