/**
 * Import (issue 15 item 2): a vCard or CSV file is read in the browser and shown as a preview with
 * each row's problems before anything is written. A file that cannot be read whole (a broken vCard
 * line, a quote left open) or any row with a problem imports nothing; the rows are written only when
 * all are ready, into the group chosen.
 */
import {
  Alert,
  Badge,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createContact } from '../api/contacts.ts';
import { bodyOfImported } from '../utils/contact-body.ts';
import { canImport, type ImportResult } from '../utils/contact-io.ts';
import { contactsErrorMessage } from '../utils/errors.ts';
import { defaultPrimaryGroup, type GroupChoice } from '../utils/form.ts';
import { readImportFile } from '../utils/import-file.ts';

export function ImportDialog({
  opened,
  onClose,
  groups,
}: {
  opened: boolean;
  onClose: () => void;
  groups: GroupChoice[];
}) {
  const { t } = useTranslation('contacts');
  const narrow = useMediaQuery('(max-width: 48em)');
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [group, setGroup] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const target = group ?? defaultPrimaryGroup(groups);

  const choose = async (f: File | null) => {
    setFile(f);
    setResult(f ? readImportFile(f.name, await f.text()) : null);
  };
  const close = () => {
    setFile(null);
    setResult(null);
    onClose();
  };
  const run = async () => {
    if (!result || !canImport(result)) return;
    setBusy(true);
    let done = 0;
    try {
      for (const row of result.rows) {
        await createContact(bodyOfImported(row.contact, target));
        done++;
      }
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'green',
        message: t('import.done', { count: done }),
      });
      close();
    } catch (err) {
      notifications.show({
        closeButtonProps: { 'aria-label': t('actions.close') },
        color: 'red',
        title: t('errors.createContact'),
        message: t('import.stopped', { count: done, message: contactsErrorMessage(err) }),
      });
    } finally {
      setBusy(false);
    }
  };

  const bad = result?.rows.filter((r) => r.errors.length > 0).length ?? 0;
  return (
    <Modal
      opened={opened}
      onClose={close}
      size="xl"
      fullScreen={narrow}
      title={<Text fw={600}>{t('import.title')}</Text>}
      closeButtonProps={{ 'aria-label': t('actions.close') }}
    >
      <Stack gap="sm">
        <Group grow align="flex-end">
          <FileInput
            label={t('import.file')}
            accept=".vcf,.vcard,.csv,text/vcard,text/csv"
            value={file}
            onChange={(f) => void choose(f)}
            leftSection={<IconFileImport size={16} />}
            clearable
          />
          <Select
            label={t('import.group')}
            data={groups.map((g) => ({ value: g.id, label: g.title }))}
            value={target}
            onChange={setGroup}
            allowDeselect={false}
          />
        </Group>
        {result && result.fileErrors.length > 0 && (
          <Alert color="red" title={t('import.cannotRead')} role="alert" data-testid="import-file-errors">
            <List size="sm">
              {result.fileErrors.slice(0, 20).map((e) => (
                <List.Item key={e}>{e}</List.Item>
              ))}
            </List>
          </Alert>
        )}
        {result && result.fileErrors.length === 0 && (
          <>
            <Text size="sm">{t('import.read', { count: result.rows.length })}</Text>
            {bad > 0 && (
              <Alert color="orange" role="alert">
                {t('import.fixRows')}
              </Alert>
            )}
            <ScrollArea.Autosize mah={360}>
              <Table verticalSpacing={4} data-testid="import-preview">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('import.line')}</Table.Th>
                    <Table.Th>{t('import.name')}</Table.Th>
                    <Table.Th>{t('import.email')}</Table.Th>
                    <Table.Th>{t('import.problems')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {result.rows.map((r) => (
                    <Table.Tr key={r.line}>
                      <Table.Td>{r.line}</Table.Td>
                      <Table.Td>
                        {[r.contact.firstName, r.contact.lastName].filter(Boolean).join(' ')}
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>
                        {r.contact.emails.map((e) => e.value).join(', ')}
                      </Table.Td>
                      <Table.Td>
                        {r.errors.length ? (
                          <Text size="sm" c="red.8">
                            {r.errors.join(' ')}
                          </Text>
                        ) : (
                          <Badge color="green" variant="light">
                            {t('import.ready')}
                          </Badge>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('actions.cancel')}
          </Button>
          <Button onClick={run} loading={busy} disabled={!result || !canImport(result) || !target}>
            {t('import.confirm', { count: result?.rows.length ?? 0 })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
