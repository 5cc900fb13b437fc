/**
 * "Import tasks" (issue 14 item 7): a CSV file dropped or chosen, read as our own task-list export or
 * Todoist's (told from its header, or as chosen), previewed row by row with each row's errors beside
 * it, then imported into a group — all rows or none. Import stays disabled while any error remains.
 */
import '@mantine/dropzone/styles.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  List,
  Modal,
  ScrollArea,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileTypeCsv } from '@tabler/icons-react';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  type ImportFormat,
  type ImportPreview,
  type ImportRowError,
} from '@tandem/shared/import/import';
import { PRIORITY_GROUPS } from '@tandem/shared/tasks/constants';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText } from '../../../lib/notify.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { importTasks, previewImport } from '../api/import.ts';

/** Rows drawn in the table; the errors of every row are listed above it whatever the count. */
const SHOWN_ROWS = 300;
const MB = IMPORT_MAX_BYTES / 1024 / 1024;
const IMPORT_ATTEMPTS = 4;

type FormatChoice = 'auto' | ImportFormat;

interface Props {
  opened: boolean;
  onClose: () => void;
  defaultGroup: string | null;
}

export default function ImportDialog({ opened, onClose, defaultGroup }: Props) {
  const { t } = useTranslation('import');
  const { data: config } = useUserConfig();
  const zone = config?.timezone || browserZone();
  const { data: groupList } = useGroups();
  const groups = (groupList?.results ?? []).filter((g) => g.permissions.includes('task.title'));
  const [file, setFile] = useState<File | null>(null);
  const [choice, setChoice] = useState<FormatChoice>('auto');
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [key, setKey] = useState('');
  const [group, setGroup] = useState<string | null>(defaultGroup);
  const [reading, setReading] = useState(false);
  const [importing, setImporting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ created: number; group: string } | null>(null);
  const chosenGroup = group ?? groups.find((g) => g.isPrivate)?.id ?? null;

  const read = async (f: File, format: FormatChoice) => {
    setFile(f);
    setReading(true);
    setProblem(null);
    setPreview(null);
    try {
      const p = await previewImport(f, { timezone: zone, ...(format === 'auto' ? {} : { format }) });
      setPreview(p);
      setKey(crypto.randomUUID());
    } catch (err) {
      setProblem(errorText(err, t('previewFailed')));
    } finally {
      setReading(false);
    }
  };

  const run = async () => {
    if (!preview || !chosenGroup) return;
    setImporting(true);
    setProblem(null);
    try {
      const input = { group: chosenGroup, rows: preview.rows, idempotencyKey: key };
      // The same key again goes on from the parts already written and adds nothing twice, so a
      // call cut short (503, or no answer) is simply made again, a few times.
      for (let attempt = 1; ; attempt++) {
        try {
          setDone(await importTasks(input));
          break;
        } catch (err) {
          const again = err instanceof ApiError && (err.status === 503 || err.status === 0);
          if (!again || attempt >= IMPORT_ATTEMPTS) throw err;
        }
      }
    } catch (err) {
      setProblem(errorText(err, t('failed')));
    } finally {
      setImporting(false);
    }
  };

  const restart = () => {
    setDone(null);
    setPreview(null);
    setFile(null);
    setProblem(null);
  };

  const errors = preview?.errors ?? [];
  const byRow = useMemo(() => {
    const m = new Map<number, ImportRowError[]>();
    for (const e of errors) m.set(e.row, [...(m.get(e.row) ?? []), e]);
    return m;
  }, [errors]);
  const faultyRows = byRow.size;

  return (
    <Modal opened={opened} onClose={onClose} title={t('title')} size="xl" data-testid="import-dialog">
      {done ? (
        <Stack gap="md">
          <Alert color="green" variant="light" role="status">
            <Group gap="xs">
              <Text>{t('done', { count: done.created })}</Text>
              <Anchor component={Link} to={`/tasks?group=${done.group}`} onClick={onClose}>
                {t('show')}
              </Anchor>
            </Group>
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={restart}>
              {t('another')}
            </Button>
            <Button onClick={onClose}>{t('close')}</Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <Text size="sm">{t('intro')}</Text>
          <Dropzone
            onDrop={(files) => files[0] && read(files[0], choice)}
            onReject={(r: FileRejection[]) => r.length && setProblem(t('rejected', { mb: MB }))}
            maxSize={IMPORT_MAX_BYTES}
            maxFiles={1}
            multiple={false}
            accept={['text/csv', 'text/plain', 'application/vnd.ms-excel', '.csv']}
            loading={reading}
            data-testid="import-drop"
          >
            <Group justify="center" gap="sm" mih={72} style={{ pointerEvents: 'none' }}>
              <IconFileTypeCsv size={32} stroke={1.5} aria-hidden />
              <div>
                <Text size="sm">{file ? t('file', { name: file.name }) : t('drop')}</Text>
                <Text size="xs" c="dimmed">
                  {t('dropHint', { rows: IMPORT_MAX_ROWS.toLocaleString(), mb: MB })}
                </Text>
              </div>
            </Group>
          </Dropzone>
          <Group align="flex-end" gap="md" wrap="wrap">
            <Stack gap={4}>
              <Text size="sm" fw={500} id="import-format-label">
                {t('format')}
              </Text>
              <SegmentedControl
                aria-labelledby="import-format-label"
                value={choice}
                onChange={(v) => {
                  const next = v as FormatChoice;
                  setChoice(next);
                  if (file) read(file, next);
                }}
                data={(['auto', 'tandem', 'todoist'] as const).map((f) => ({
                  value: f,
                  label: t(`formats.${f}`),
                }))}
              />
            </Stack>
            <Select
              label={t('group')}
              placeholder={t('groupPlaceholder')}
              data={groups.map((g) => ({ value: g.id, label: g.title }))}
              value={chosenGroup}
              onChange={setGroup}
              allowDeselect={false}
              searchable
              style={{ flex: 1, minWidth: 200 }}
            />
          </Group>
          {problem && (
            <Alert color="red" variant="light" role="alert">
              {problem}
            </Alert>
          )}
          {preview && (
            <>
              <Text size="sm" role="status">
                {t('detected', { format: t(`formats.${preview.format}`), count: preview.rows.length })}
              </Text>
              {faultyRows > 0 && (
                <Alert color="red" variant="light" title={t('errorsTitle', { count: faultyRows })}>
                  <Text size="sm" mb="xs">
                    {t('errorsHint')}
                  </Text>
                  <ScrollArea.Autosize mah={140}>
                    <List size="sm" data-testid="import-errors">
                      {errors.map((e) => (
                        <List.Item key={`${e.row}-${e.column}`}>
                          {t('errorLine', { row: e.row, column: e.column, message: e.message })}
                        </List.Item>
                      ))}
                    </List>
                  </ScrollArea.Autosize>
                </Alert>
              )}
              <PreviewTable preview={preview} byRow={byRow} />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('close')}
            </Button>
            <Button
              onClick={run}
              loading={importing}
              disabled={!preview || faultyRows > 0 || !chosenGroup || reading}
            >
              {t('import', { count: preview?.rows.length ?? 0 })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function PreviewTable({ preview, byRow }: { preview: ImportPreview; byRow: Map<number, ImportRowError[]> }) {
  const { t, i18n } = useTranslation('import');
  const due = new Intl.DateTimeFormat(i18n.language.replace('_', '-'), { dateStyle: 'medium' });
  const list = (id: number) => PRIORITY_GROUPS.find((g) => g.id === id)?.listTitle ?? String(id);
  const rows = preview.rows.slice(0, SHOWN_ROWS);
  const depth = (i: number): number => {
    let d = 0;
    for (let p = preview.rows[i]?.parent ?? null; p !== null && d < 20; p = preview.rows[p]?.parent ?? null)
      d++;
    return d;
  };
  return (
    <>
      <ScrollArea.Autosize
        mah={360}
        type="auto"
        // Scrolled with the keyboard too (it may scroll sideways on a narrow screen).
        viewportProps={{ tabIndex: 0, 'aria-label': t('previewLabel') }}
      >
        <Table striped highlightOnHover stickyHeader miw={560} data-testid="import-preview">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={64}>{t('columns.line')}</Table.Th>
              <Table.Th>{t('columns.title')}</Table.Th>
              <Table.Th>{t('columns.list')}</Table.Th>
              <Table.Th>{t('columns.due')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r, i) => {
              const faults = byRow.get(r.line);
              return (
                <Table.Tr
                  key={r.line}
                  data-invalid={faults ? true : undefined}
                  bg={faults ? 'var(--mantine-color-red-light)' : undefined}
                >
                  <Table.Td>{r.line}</Table.Td>
                  <Table.Td
                    style={{ paddingInlineStart: `calc(var(--mantine-spacing-sm) + ${depth(i)}rem)` }}
                  >
                    <Text size="sm" lineClamp={2}>
                      {r.title}
                    </Text>
                    {r.parent !== null && (
                      <Text size="xs" c="dimmed">
                        {t('subtaskOf', { line: preview.rows[r.parent]?.line })}
                      </Text>
                    )}
                    {faults?.map((f) => (
                      <Text key={f.column} size="xs" c="var(--mantine-color-red-light-color)">
                        {f.column}: {f.message}
                      </Text>
                    ))}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Group gap={4} wrap="nowrap">
                      <Text size="sm">{list(r.priorityGroup)}</Text>
                      {r.flag === 1 && (
                        <Badge
                          size="xs"
                          color="red"
                          variant="light"
                          style={{ flexShrink: 0, overflow: 'visible' }}
                        >
                          {t('columns.urgent')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{r.dueAt ? due.format(new Date(r.dueAt)) : ''}</Text>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {preview.rows.length > SHOWN_ROWS && (
        <Text size="xs" c="dimmed">
          {t('more', { count: preview.rows.length - SHOWN_ROWS })}
        </Text>
      )}
    </>
  );
}
