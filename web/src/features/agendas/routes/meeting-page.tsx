/**
 * The meeting (/agenda/meeting/{meetingId}; spec 002 §2, issue 17 item 3; decisions D67): the agenda's
 * segments in turn, each with its own timer. The time runs in the browser and is recorded on the
 * server whenever the meeting moves on (pause, another segment, finish) and every 30 seconds while it
 * runs, so a closed tab loses at most that much. Each segment keeps notes and action items; an item
 * can become a new task in the meeting's group or name an existing one. The minutes export as
 * Markdown, the invitation as iCalendar.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Grid,
  Group,
  Loader,
  Paper,
  Progress,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconCalendarPlus,
  IconChevronLeft,
  IconChevronRight,
  IconFileDownload,
  IconFlagCheck,
  IconLink,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSubtask,
  IconX,
} from '@tabler/icons-react';
import {
  AGENDA_NOTES_MAX,
  type AgendaView,
  addElapsed,
  formatClock,
  SEGMENT_ITEM_MAX,
  totalMinutes,
  totalTimeSpent,
} from '@tandem/shared/agendas/agendas';
import { agendaMinutesMarkdown, minutesFileName } from '@tandem/shared/agendas/minutes';
import { createTask as createTaskRoute, getTask as getTaskRoute } from '@tandem/shared/api/route-defs';
import type { TaskView } from '@tandem/shared/tasks/views';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { browserZone } from '../../../lib/time/zone.ts';
import { getInvitation, saveAgenda, searchTasks, useAgenda } from '../api/agendas.ts';
import { SegmentIconMark } from '../components/segment-icon.tsx';
import { editorPath } from '../paths.ts';
import { downloadText } from '../utils/download.ts';
import { type DraftSegment, draftFromAgenda, segmentsInput } from '../utils/draft.ts';

const AUTOSAVE_MS = 30_000;

export default function MeetingPage() {
  const { t } = useTranslation('agendas');
  const { meetingId = '' } = useParams();
  const agenda = useAgenda(meetingId);
  const [segments, setSegments] = useState<DraftSegment[] | null>(null);
  const [notes, setNotes] = useState('');
  const [current, setCurrent] = useState(0);
  const [runningSince, setRunningSince] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [stored, setStored] = useState<AgendaView | null>(null);

  // The working copy starts from the first read; later reads come from our own saves.
  useEffect(() => {
    if (agenda.data && segments === null) {
      setSegments(draftFromAgenda(agenda.data));
      setNotes(agenda.data.notes);
      setStored(agenda.data);
    }
  }, [agenda.data, segments]);

  useEffect(() => {
    if (runningSince === null) return;
    const id = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(id);
  }, [runningSince]);

  // Saves one after another, each with the version the previous one answered.
  const version = useRef<number | null>(null);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  useEffect(() => {
    if (stored && version.current === null) version.current = stored.version;
  }, [stored]);
  const persist = useCallback(
    (segs: DraftSegment[], meetingNotes: string) => {
      setSaveState('saving');
      queue.current = queue.current.then(async () => {
        if (version.current === null) return;
        try {
          const saved = await saveAgenda(meetingId, version.current, {
            title: stored?.title ?? '',
            notes: meetingNotes,
            segments: segmentsInput(segs),
          });
          version.current = saved.version;
          setStored(saved);
          // New notes get their stored ids; the times stay as this screen counts them.
          setSegments((mine) =>
            mine
              ? mine.map((s, i) => ({
                  ...s,
                  id: saved.segments[i]?.id ?? s.id,
                  segmentData: s.segmentData.map((d, k) => ({
                    ...d,
                    id: saved.segments[i]?.segmentData[k]?.id ?? d.id,
                  })),
                }))
              : mine,
          );
          setSaveState('saved');
        } catch (err) {
          setSaveState('idle');
          notifyError(t('meeting.saveFailed'), errorText(err, t('meeting.saveFailed')));
        }
      });
    },
    [meetingId, stored?.title, t],
  );

  /** The segments with the running stretch added to the current one (the clock keeps running). */
  const settle = useCallback(
    (keepRunning: boolean): DraftSegment[] => {
      const at = Date.now();
      const segs = (segments ?? []).map((s, i) =>
        i === current && runningSince !== null
          ? { ...s, timeSpent: addElapsed(s.timeSpent, runningSince, at) }
          : s,
      );
      setSegments(segs);
      setRunningSince(keepRunning && runningSince !== null ? at : null);
      setNow(at);
      return segs;
    },
    [segments, current, runningSince],
  );

  // While the clock runs, the time is recorded every 30 seconds too.
  const settleRef = useRef(settle);
  settleRef.current = settle;
  const notesRef = useRef(notes);
  notesRef.current = notes;
  const clockRuns = runningSince !== null;
  useEffect(() => {
    if (!clockRuns) return;
    const id = setInterval(() => persist(settleRef.current(true), notesRef.current), AUTOSAVE_MS);
    return () => clearInterval(id);
  }, [clockRuns, persist]);

  if (agenda.error) {
    const missing = agenda.error instanceof ApiError && agenda.error.status === 404;
    return (
      <Alert color="red" title={t('meeting.title')} maw={720}>
        {missing ? t('meeting.notFound') : errorText(agenda.error, t('designer.loadFailed'))}
      </Alert>
    );
  }
  if (!agenda.data || !segments || !stored) return <Loader />;

  const running = runningSince !== null;
  const spentOf = (i: number) =>
    i === current && runningSince !== null
      ? addElapsed(segments[i]!.timeSpent, runningSince, now)
      : (segments[i]?.timeSpent ?? 0);
  const seg = segments[current];
  const spent = spentOf(current);
  const planned = (seg?.minutes ?? 0) * 60;
  const allSpent = segments.reduce((n, _, i) => n + spentOf(i), 0);

  const goTo = (i: number) => {
    if (i === current || i < 0 || i >= segments.length) return;
    const segs = settle(true);
    setCurrent(i);
    persist(segs, notes);
  };
  const changeItems = (items: DraftSegment['segmentData']) => {
    const segs = settle(true).map((s, i) => (i === current ? { ...s, segmentData: items } : s));
    setSegments(segs);
    persist(segs, notes);
  };

  const exportMinutes = () => {
    const segs = settle(running);
    const view: AgendaView = {
      ...stored,
      notes,
      segments: segs.map((s, i) => ({ ...s, id: s.id ?? s.key, order: i + 1 })),
      totalMinutes: totalMinutes(segs),
      totalTimeSpent: totalTimeSpent(segs),
    };
    const titles = new Map([
      [stored.task.id, stored.task.title],
      ...stored.linkedTasks.map((l) => [l.id, l.title] as const),
    ]);
    const heldAt = new Date().toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    downloadText(
      minutesFileName(view),
      agendaMinutesMarkdown(view, { heldAt, taskTitles: titles, origin: window.location.origin }),
      'text/markdown',
    );
  };
  const exportInvitation = async () => {
    try {
      const inv = await getInvitation(meetingId);
      downloadText(inv.fileName, inv.content, inv.contentType);
    } catch (err) {
      notifyError(t('meeting.exportInvitation'), errorText(err, t('meeting.saveFailed')));
    }
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <Title order={1} fz="h2">
            {stored.title || stored.task.title}
          </Title>
          <Text c="dimmed" size="sm">
            <Anchor component={Link} to={`/task/${encodeURIComponent(stored.task.id)}`}>
              {stored.task.title}
            </Anchor>{' '}
            · {t('meeting.total', { spent: formatClock(allSpent), planned: totalMinutes(segments) })}
            {saveState !== 'idle' && ` · ${t(saveState === 'saving' ? 'meeting.saving' : 'meeting.saved')}`}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFileDownload size={16} />}
            onClick={exportMinutes}
          >
            {t('meeting.exportMinutes')}
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconCalendarPlus size={16} />}
            onClick={() => void exportInvitation()}
          >
            {t('meeting.exportInvitation')}
          </Button>
          <Button variant="subtle" size="xs" component={Link} to={editorPath(meetingId)}>
            {t('meeting.edit')}
          </Button>
        </Group>
      </Group>

      <Grid gap="md">
        {/* Narrow screens show the segment in hand first, the list below it. */}
        <Grid.Col span={{ base: 12, md: 4 }} order={{ base: 2, md: 1 }}>
          <Stack
            gap={6}
            component="ol"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t('designer.segments')}
          >
            {segments.map((s, i) => {
              const mine = spentOf(i);
              const over = mine > s.minutes * 60;
              return (
                <li key={s.key}>
                  <UnstyledButton
                    onClick={() => goTo(i)}
                    w="100%"
                    p="xs"
                    data-testid="meeting-segment"
                    data-time-spent={mine}
                    aria-current={i === current ? 'step' : undefined}
                    style={{
                      borderRadius: 'var(--mantine-radius-sm)',
                      border: '1px solid var(--mantine-color-default-border)',
                      background: i === current ? 'var(--mantine-primary-color-light)' : undefined,
                    }}
                  >
                    <Group gap="xs" wrap="nowrap">
                      <SegmentIconMark icon={s.icon} />
                      <Text
                        size="sm"
                        fw={i === current ? 700 : 500}
                        style={{ flex: 1, minWidth: 0 }}
                        truncate="end"
                      >
                        {i + 1}. {s.title || t(`kinds.${s.segmentTemplate}`)}
                      </Text>
                      <Text size="xs" c={over ? 'red' : i === current ? undefined : 'dimmed'} ff="monospace">
                        {formatClock(mine)} / {s.minutes}m
                      </Text>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, md: 8 }} order={{ base: 1, md: 2 }}>
          {seg && (
            <Paper withBorder p="md">
              <Stack gap="sm">
                <Group justify="space-between" wrap="wrap">
                  <Badge variant="light">{t(`kinds.${seg.segmentTemplate}`)}</Badge>
                  <Text size="sm" c="dimmed">
                    {t('meeting.segmentOf', { n: current + 1, total: segments.length })}
                  </Text>
                </Group>
                <Title order={2} fz="h3">
                  {seg.title || t(`kinds.${seg.segmentTemplate}`)}
                </Title>
                {seg.description && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {seg.description}
                  </Text>
                )}
                <Group align="flex-end" gap="lg" wrap="wrap">
                  <div>
                    <Text size="xs" c="dimmed">
                      {t('meeting.spent')}
                    </Text>
                    <Text
                      fz={40}
                      fw={700}
                      ff="monospace"
                      lh={1.1}
                      data-testid="meeting-clock"
                      aria-live="off"
                    >
                      {formatClock(spent)}
                    </Text>
                  </div>
                  <div>
                    <Text size="xs" c="dimmed">
                      {spent > planned ? t('meeting.over') : t('meeting.left', { minutes: seg.minutes })}
                    </Text>
                    <Text fz="xl" ff="monospace" c={spent > planned ? 'red' : undefined}>
                      {formatClock(planned - spent)}
                    </Text>
                  </div>
                </Group>
                <Progress
                  value={planned ? Math.min(100, (spent / planned) * 100) : 0}
                  color={spent > planned ? 'red' : undefined}
                  aria-label={t('meeting.spent')}
                />
                <Group gap="xs" wrap="wrap">
                  {running ? (
                    <Button
                      leftSection={<IconPlayerPause size={16} />}
                      onClick={() => persist(settle(false), notes)}
                    >
                      {t('meeting.pause')}
                    </Button>
                  ) : (
                    <Button
                      leftSection={<IconPlayerPlay size={16} />}
                      onClick={() => {
                        const at = Date.now();
                        setRunningSince(at);
                        setNow(at);
                      }}
                    >
                      {t('meeting.start')}
                    </Button>
                  )}
                  <Button
                    variant="default"
                    leftSection={<IconChevronLeft size={16} />}
                    disabled={current === 0}
                    onClick={() => goTo(current - 1)}
                  >
                    {t('meeting.previous')}
                  </Button>
                  {current < segments.length - 1 ? (
                    <Button
                      variant="default"
                      rightSection={<IconChevronRight size={16} />}
                      onClick={() => goTo(current + 1)}
                    >
                      {t('meeting.next')}
                    </Button>
                  ) : (
                    <Button
                      variant="default"
                      leftSection={<IconFlagCheck size={16} />}
                      onClick={() => {
                        persist(settle(false), notes);
                        notifySuccess(t('meeting.finished'));
                      }}
                    >
                      {t('meeting.finish')}
                    </Button>
                  )}
                </Group>
                <SegmentItems
                  key={seg.key}
                  segment={seg}
                  linked={stored.linkedTasks}
                  meetingTaskId={stored.task.id}
                  onChange={changeItems}
                />
              </Stack>
            </Paper>
          )}
          <Textarea
            mt="md"
            label={t('meeting.notes')}
            placeholder={t('meeting.notesPlaceholder')}
            value={notes}
            maxLength={AGENDA_NOTES_MAX}
            autosize
            minRows={3}
            maxRows={12}
            onChange={(e) => setNotes(e.currentTarget.value)}
            onBlur={() => {
              if (notes !== stored.notes) persist(settle(running), notes);
            }}
          />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

interface ItemsProps {
  segment: DraftSegment;
  linked: AgendaView['linkedTasks'];
  meetingTaskId: string;
  onChange: (items: DraftSegment['segmentData']) => void;
}

/** A segment's notes and action items; an item may become a task, or name one. */
function SegmentItems({ segment, linked, meetingTaskId, onChange }: ItemsProps) {
  const { t } = useTranslation('agendas');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), 300);
  const found = useSWR(q ? ['agendas', 'task-search', q] : null, () => searchTasks(q));
  const meetingTask = useSWR(['agendas', 'meeting-task', meetingTaskId], () =>
    api<TaskView>(getTaskRoute, { params: { id: meetingTaskId } }),
  );
  const items = segment.segmentData;
  const titleOf = (id: string) => linked.find((l) => l.id === id)?.title;
  const add = (item: DraftSegment['segmentData'][number]) => onChange([...items, item]);
  const trimmed = text.trim();

  const addAsTask = async () => {
    const group = meetingTask.data?.group?.id;
    if (!trimmed || !group) return;
    setBusy(true);
    try {
      const [made] = await api<{ results: TaskView[] }>(createTaskRoute, {
        body: {
          title: trimmed,
          group: String(group),
          userTimezone: browserZone(),
        },
      }).then((r) => r.results);
      if (made) {
        add({ id: `local-${made.id}`, text: trimmed, task: { id: made.id } });
        notifySuccess(t('meeting.taskMade', { title: made.title }));
      }
      setText('');
    } catch (err) {
      notifyError(t('meeting.addAsTask'), errorText(err, t('meeting.saveFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="xs" mt="xs">
      <Text fw={600} size="sm">
        {t('meeting.segmentNotes')}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('meeting.noItems')}
        </Text>
      ) : (
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {items.map((d, k) => (
            <Group key={d.id || k} component="li" gap="xs" wrap="nowrap" data-testid="segment-item">
              {d.task ? <IconSubtask size={16} aria-hidden /> : <Text aria-hidden>•</Text>}
              <Text size="sm" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {d.task && titleOf(d.task.id) === d.text ? (
                  <Anchor component={Link} to={`/task/${encodeURIComponent(d.task.id)}`} size="sm">
                    {d.text}
                  </Anchor>
                ) : (
                  d.text
                )}
                {d.task && titleOf(d.task.id) !== d.text && (
                  <>
                    {' → '}
                    <Anchor component={Link} to={`/task/${encodeURIComponent(d.task.id)}`} size="sm">
                      {titleOf(d.task.id) ?? t('meeting.openTask')}
                    </Anchor>
                  </>
                )}
              </Text>
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={t('meeting.removeItem')}
                onClick={() => onChange(items.filter((_, i) => i !== k))}
              >
                <IconX size={14} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
      )}
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          aria-label={t('meeting.addNote')}
          placeholder={t('meeting.notePlaceholder')}
          value={text}
          maxLength={SEGMENT_ITEM_MAX}
          style={{ flex: 1, minWidth: 200 }}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && trimmed) {
              e.preventDefault();
              add({ id: `local-${Date.now()}`, text: trimmed, task: null });
              setText('');
            }
          }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={!trimmed}
          onClick={() => {
            add({ id: `local-${Date.now()}`, text: trimmed, task: null });
            setText('');
          }}
        >
          {t('meeting.addNote')}
        </Button>
        <Button
          variant="light"
          leftSection={<IconSubtask size={16} />}
          disabled={!trimmed || !meetingTask.data}
          loading={busy}
          onClick={() => void addAsTask()}
        >
          {t('meeting.addAsTask')}
        </Button>
      </Group>
      <Select
        aria-label={t('meeting.linkTask')}
        placeholder={t('meeting.linkSearch')}
        leftSection={<IconLink size={16} />}
        searchable
        searchValue={search}
        onSearchChange={setSearch}
        data={(found.data ?? []).map((task) => ({ value: task.id, label: task.title }))}
        value={null}
        filter={({ options }) => options}
        onChange={(id) => {
          const task = found.data?.find((x) => x.id === id);
          if (task) add({ id: `local-${task.id}-${Date.now()}`, text: task.title, task: { id: task.id } });
          setSearch('');
        }}
      />
    </Stack>
  );
}
