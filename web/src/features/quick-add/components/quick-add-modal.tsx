/**
 * Quick add (issue 11 §17): one line becomes a task. What the line says — a due date, !urgent, a
 * #group — is highlighted as it is typed and shown as chips, so the person sees what will be saved.
 * Loaded lazily with chrono-node and Luxon: neither is on Today's start-up path.
 */
import { Badge, Button, Group, Mark, Modal, Stack, Text, TextInput } from '@mantine/core';
import { TASK_FLAG } from '@tandem/shared/tasks/constants';
import { type FormEvent, Fragment, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localeTag } from '../../../i18n/index.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { DateTime } from '../../../lib/time/luxon.ts';
import { displayZone } from '../../../lib/time/zone.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { useGroups } from '../../groups/api/list-groups.ts';
import { createTask } from '../../tasks/api/tasks.ts';
import { parseQuickAdd, type QuickAddPart, type QuickAddPartKind } from '../utils/parse-quick-add.ts';
import '../../../i18n/with-later-texts.ts';

const PART_COLOUR: Record<QuickAddPartKind, string> = { date: 'blue', flag: 'red', group: 'teal' };

/** The typed line with the recognised parts marked. */
function Highlighted({ text, parts }: { text: string; parts: QuickAddPart[] }) {
  const pieces: React.ReactNode[] = [];
  let at = 0;
  for (const p of parts) {
    pieces.push(<Fragment key={`t${at}`}>{text.slice(at, p.start)}</Fragment>);
    pieces.push(
      <Mark key={`m${p.start}`} color={PART_COLOUR[p.kind]} data-part={p.kind}>
        {text.slice(p.start, p.end)}
      </Mark>,
    );
    at = p.end;
  }
  pieces.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return (
    <Text size="sm" data-testid="quick-add-preview" style={{ whiteSpace: 'pre-wrap' }}>
      {pieces}
    </Text>
  );
}

export default function QuickAddModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('tasks');
  const { data: groupList } = useGroups();
  const { data: config } = useUserConfig();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const zone = displayZone();

  const groups = useMemo(
    () => (groupList?.results ?? []).filter((g) => g.status === 1 && g.memberStatus === 1),
    [groupList],
  );
  const fallback = groups.find((g) => g.id === config?.group) ?? groups.find((g) => g.isPrivate) ?? groups[0];
  const parsed = useMemo(
    () => parseQuickAdd(text, { zone, now: new Date(), groups, language: i18n.language }),
    [text, zone, groups, i18n.language],
  );
  const due = parsed.dueAt ? DateTime.fromISO(parsed.dueAt, { zone }) : null;

  function close() {
    setText('');
    setError(undefined);
    onClose();
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!parsed.title) {
      setError(t('quickAdd.noTitle'));
      return;
    }
    const group = parsed.group ?? fallback;
    if (!group) return;
    setBusy(true);
    try {
      await createTask({
        title: parsed.title,
        group: group.id,
        dueAt: parsed.dueAt,
        details: { description: '', flag: parsed.urgent ? TASK_FLAG.urgent : TASK_FLAG.normal },
        userTimezone: zone,
      });
      notifySuccess(t('quickAdd.added', { title: parsed.title, group: group.title }));
      close();
    } catch (err) {
      notifyError(t('quickAdd.failed'), errorText(err, t('quickAdd.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened={opened} onClose={close} title={t('quickAdd.title')} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            data-autofocus
            label={t('quickAdd.label')}
            description={t('quickAdd.help')}
            placeholder={t('quickAdd.placeholder')}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(undefined);
            }}
            error={error}
            maxLength={500}
          />
          {text.trim() && (
            <Stack gap={6} aria-live="polite">
              <Highlighted text={text} parts={parsed.parts} />
              <Group gap="xs">
                {due && (
                  <Badge color={PART_COLOUR.date} variant="light" data-testid="quick-add-due">
                    {t('quickAdd.due', {
                      when: due.toLocaleString(
                        parsed.dueHasTime
                          ? DateTime.DATETIME_MED_WITH_WEEKDAY
                          : DateTime.DATE_MED_WITH_WEEKDAY,
                        { locale: localeTag(i18n.language) },
                      ),
                    })}
                  </Badge>
                )}
                {parsed.urgent && (
                  <Badge color={PART_COLOUR.flag} variant="light">
                    {t('quickAdd.urgent')}
                  </Badge>
                )}
                {(parsed.group ?? fallback) && (
                  <Badge color={PART_COLOUR.group} variant="light" data-testid="quick-add-group">
                    {t('quickAdd.group', { group: (parsed.group ?? fallback)!.title })}
                  </Badge>
                )}
              </Group>
              {parsed.unknownGroup && fallback && (
                <Text size="sm" c="orange.8">
                  {t('quickAdd.unknownGroup', { name: parsed.unknownGroup, group: fallback.title })}
                </Text>
              )}
            </Stack>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('quickAdd.cancel')}
            </Button>
            <Button type="submit" loading={busy} disabled={!fallback}>
              {t('quickAdd.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
